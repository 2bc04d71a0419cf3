/**
 * The control of a refusal for a missing or bogus bearer (judging/refusal.ts):
 * the same request, same path and body, with a valid access token. The refusal
 * proves the bearer check only when the control is not refused for the same
 * reason. A control that cannot be judged (a 429 after the retries, a 401 to a
 * token a re-check did not prove alive: judging/refusal.ts `unjudged`), a
 * refusal answered 429, or a control answered the very 4xx of the refusal (a
 * 404 for an id that does not exist, with a token or without; a 401 to a token
 * the re-check proved alive) leaves the refusal's reason unknown, and the
 * operation not exercised, with its code.
 */
import { type Exchange, isThrottled, requestLine, unjudged } from '../../fixtures/index.js';
import { notExercised } from '../../results/outcomes.js';

/** Why the refusal cannot be told to be the bearer's (a coded outcome), or undefined when the control tells it apart. */
export function bearerRefusalUnproven(refused: Exchange, control: Exchange, what = requestLine(refused)): string | undefined {
  if (isThrottled(refused)) return notExercised('rate_limited', `${what}: the request without a valid token was answered ${refused.status} (throttled) after the retries`);
  const other = unjudged(control, `${what}: the same request with a valid token`);
  if (other !== undefined) return other;
  // Only a refusal can be one for another reason: an answer served without a valid bearer fails whatever the control says.
  if (control.status === refused.status && refused.status >= 400 && refused.status <= 499) {
    return notExercised('refused_other_reason', `${what}: the same request with a valid token answered ${control.status} too: the refusal cannot be told from the request's other properties`);
  }
  return undefined;
}
