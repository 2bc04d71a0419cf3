/**
 * Helper of the auth specs (not a spec file): the wait for a revoked access
 * token to stop working.
 */
import { type ApiResponse, type Bearer, notExercised, skipUnjudged } from '../../../fixtures/index.js';

/**
 * Reads with the access token (the auth client's read, support/auth-client.ts)
 * until it is refused (a 4xx other than 429: throttling refuses every token
 * alike) or `timeoutMs` passes; returns the last answer. At most one read per 500 ms.
 *
 * `timeoutMs` is how long a revoked session's access token may keep working:
 * a resource server may honour a self-contained or cached access token for a
 * while, so the checks poll this long before they conclude
 * (`settings.revocationWaitMs`, SC_REVOCATION_WAIT_MS, default 10000).
 */
export async function pollUntilRefused(read: (bearer: Bearer) => Promise<ApiResponse>, accessToken: string, timeoutMs: number): Promise<ApiResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await read({ accessToken });
    if (res.status >= 400 && res.status <= 499 && res.status !== 429) return res;
    if (Date.now() >= deadline) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A poll that ended on a 429 says nothing of the revocation: the check is not exercised [rate_limited]. */
export function skipWhenThrottled(res: ApiResponse, what: string): void {
  if (res.status === 429) skipUnjudged(notExercised('rate_limited', `${what}: the API answered 429 (throttled) until the end of the wait, a refusal for another reason`));
}
