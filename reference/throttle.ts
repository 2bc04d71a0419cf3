import { ApiError, type OAuthError } from './core/errors.js';
import type { Reply } from './core/http.js';
import type { Mount } from './http-server.js';
import type { Seam } from './seam.js';

/**
 * The `throttle-36` allowed variant: the real service's published rate limit,
 * 36 API requests per second per seller account. A request past it answers 429
 * (the spec shows no rate-limit behaviour; the service documents no body and no
 * Retry-After), alternately with `Retry-After: <seconds>` and without, so a
 * client meets both. A refused request does not count toward the window.
 *
 * The `throttle-36-text-body` variant throttles the same way, and its 429 carries
 * the text `Too Many Requests` (text/plain), as many gateways answer, instead of
 * `{code, message}`: the spec shows no rate-limit body. The suite does not pace
 * for it (settings/pacing-settings.ts knows `throttle-36` alone), so its 429s are
 * met and waited out.
 */

export const THROTTLE_PER_SECOND = 36;
const WINDOW_MS = 1000;

class Throttled extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, 'TOO_MANY_REQUESTS', `more than ${THROTTLE_PER_SECOND} requests per second for this account`);
  }
}

/** Wraps the API mount: its guard also counts each account's requests in a sliding one-second window. */
export function throttled(mount: Mount, seam: Seam): Mount {
  const textBody = seam.variant('throttle-36-text-body');
  if (!seam.variant('throttle-36') && !textBody) return mount;
  const sent = new Map<string, number[]>();
  let refusals = 0;
  const guard = mount.guard;
  return {
    ...mount,
    guard: async (req) => {
      const username = await guard?.(req);
      const key = username ?? '(none)';
      const now = Date.now();
      const times = (sent.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
      if (times.length >= THROTTLE_PER_SECOND) {
        sent.set(key, times);
        throw new Throttled(Math.max(1, Math.ceil((times[0] + WINDOW_MS - now) / 1000)));
      }
      times.push(now);
      sent.set(key, times);
      return username;
    },
    fail: (err: ApiError | OAuthError): Reply => {
      if (!(err instanceof Throttled)) return mount.fail(err);
      const withRetryAfter = refusals++ % 2 === 0;
      const headers: Record<string, string> = withRetryAfter ? { 'retry-after': String(err.retryAfterS) } : {};
      if (textBody) return { status: 429, raw: { contentType: 'text/plain', text: 'Too Many Requests' }, headers };
      return { status: 429, body: err.body(), headers };
    },
  };
}
