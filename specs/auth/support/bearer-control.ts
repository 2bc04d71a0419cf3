/**
 * The control of a refusal for a missing or bogus bearer (fixtures/refusal.ts):
 * the same request, same path and body, with a valid access token. The refusal
 * proves the bearer check only when the control is not refused for the same
 * reason: a control answered 401 (the valid token refused too) or 429, or a
 * control answered the very 4xx of the refusal (a 404 for an id that does not
 * exist, with a token or without), leaves the refusal's reason unknown, and the
 * operation not exercised, with why.
 */
import type { Exchange } from '../../../fixtures/index.js';
import { otherReason } from '../../../fixtures/refusal.js';

/** Why the refusal cannot be told to be the bearer's, or undefined when the control tells it apart. */
export function bearerRefusalUnproven(refused: Exchange, control: Exchange): string | undefined {
  if (refused.status === 429) return 'the request without a valid token was answered 429 (throttled), a refusal for another reason';
  const other = otherReason(control.status);
  if (other !== undefined) return `the same request with a valid token: ${other}`;
  // Only a refusal can be one for another reason: an answer served without a valid bearer fails whatever the control says.
  if (control.status === refused.status && refused.status >= 400 && refused.status <= 499) {
    return `the same request with a valid token answered ${control.status} too: the refusal cannot be told from the request's other properties`;
  }
  return undefined;
}
