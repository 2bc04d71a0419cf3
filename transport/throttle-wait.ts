/**
 * What a throttle's "not now" is, and how long it is waited out: its Retry-After, else a backoff (transport/pacing.ts,
 * the control client). Each wait is at most 30 s, a hang guard: a longer Retry-After is waited 30 s and the request
 * sent again, within SC_RATE_LIMIT_RETRIES; GEN-RATE-1's recovery poll has its own bound (SC_RATE_LIMIT_RECOVERY_S).
 */

const MAX_RETRY_AFTER_MS = 30_000;
const MAX_BACKOFF_MS = 8_000;

/** The wait a 429 asks for: Retry-After in seconds or as an HTTP date, bounded; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(v)) ms = Number(v) * 1000;
  else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** The wait after the n-th 429 (0-based) without Retry-After: 0.5, 1, 2, 4, 8, 8 … s, with a little jitter. */
export function backoffMs(n: number): number {
  return Math.min(MAX_BACKOFF_MS, 500 * 2 ** n) + Math.floor(Math.random() * 100);
}

/**
 * A throttle's "not now", waited out and sent again: a 429 (RFC 6585 §4), or a 503 that says when to come back. The
 * spec shows no rate-limit response, and RFC 9110 §15.6.4 gives a 503 exactly that sense ("the server is currently
 * unable to handle the request due to a temporary overload or scheduled maintenance, which will likely be alleviated
 * after some delay. The server MAY send a Retry-After header field"). A 503 without Retry-After is a server error.
 */
export function isThrottled(res: { status: number; headers: Record<string, string> }): boolean {
  return res.status === 429 || (res.status === 503 && retryAfterMs(res.headers['retry-after']) !== undefined);
}
