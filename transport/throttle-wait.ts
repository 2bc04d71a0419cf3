/** How long a 429 is waited out: its Retry-After, else a backoff (transport/pacing.ts, the control client). */

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
