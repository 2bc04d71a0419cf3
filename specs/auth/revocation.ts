/**
 * Helper of the auth specs (not a spec file): how long to wait for a revoked
 * access token to stop working, and the wait itself.
 */
import { type ApiResponse, type Bearer, notExercised, skipUnjudged } from '../../fixtures/index.js';

/**
 * How long a revoked session's access token may keep working. A resource server
 * may honour a self-contained or cached access token for a while: the checks
 * poll this long before they conclude (SC_REVOCATION_WAIT_MS, default 10000).
 */
export const REVOCATION_WAIT_MS = Number(process.env.SC_REVOCATION_WAIT_MS ?? 10_000);

/**
 * Reads with the access token (the auth client's read, support/auth-client.ts)
 * until it is refused (a 4xx other than 429: throttling refuses every token
 * alike) or `timeoutMs` passes; returns the last answer. At most one read per 500 ms.
 */
export async function pollUntilRefused(read: (bearer: Bearer) => Promise<ApiResponse>, accessToken: string, timeoutMs = REVOCATION_WAIT_MS): Promise<ApiResponse> {
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
