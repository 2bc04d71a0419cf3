import { ApiError, type OAuthError } from './core/errors.js';
import type { Reply } from './core/http.js';
import { RATE_LIMITED_PER_SECOND, RATE_LIMITED_USERNAME } from './config.js';
import type { Mount } from './http-server.js';
import type { Seam } from './seam.js';

/**
 * The API's rate limits, per seller account in a sliding one-second window.
 *
 * The rate-limited account (RATE_LIMITED_USERNAME, reference/config.ts) is always
 * held to RATE_LIMITED_PER_SECOND: the burst check (GEN-RATE-1) judges it in every
 * embedded run, and no other check uses the account.
 *
 * The `throttle-36` allowed variant adds the real service's published rate limit,
 * 36 API requests per second, to every account. A request past a limit answers 429
 * (the spec shows no rate-limit behaviour; the service documents no body and no
 * Retry-After), alternately with `Retry-After: <seconds>` and without, so a
 * client meets both. A refused request does not count toward the window.
 *
 * The `throttle-36-text-body` variant throttles the same way, and its 429 carries
 * the text `Too Many Requests` (text/plain), as many gateways answer, instead of
 * `{code, message}`: the spec shows no rate-limit body. The suite does not pace
 * for it (settings/pacing-settings.ts knows `throttle-36` alone), so its 429s are
 * met and waited out.
 *
 * Other refusals a server may choose ("response behaviour: not shown"): variant
 * `rate-limit-403` answers 403 {code, message}, variant `rate-limit-no-retry-after`
 * a 429 that never carries Retry-After, variant `rate-limit-503` nginx limit_req's
 * default (503, an HTML page, no Retry-After). Defects: `no-rate-limit` (the rate-limited
 * account is never refused), `rate-limit-500` (a request past a limit answers 500),
 * `rate-limit-lockout` (once refused, refused for good, Retry-After: 1); evasion
 * `rate-limit-lockout-long-retry-after` (the same lockout behind Retry-After: 3600).
 *
 * How long a refused account waits is not shown either: variants `rate-limit-cooldown-60` and
 * `rate-limit-cooldown-60-retry-after` refuse the rate-limited account for 60 s from its first refusal
 * (a per-minute window: GitHub asks a client without Retry-After to wait "at least one minute",
 * express-rate-limit's window is 60 s by default), without Retry-After or with the seconds left of it
 * on every refusal, whatever its status; then it is served again. Only that account cools down: the
 * `throttle-36` accounts keep their one-second window, as the suite paces them.
 */

/** The lockout's Retry-After in seconds, or undefined when the server keeps a rate (the defect's 1 s, the evasion's hour). */
function lockoutRetryAfterS(seam: Seam): number | undefined {
  if (seam.defect('rate-limit-lockout')) return 1;
  return seam.evasion('rate-limit-lockout-long-retry-after') ? 3600 : undefined;
}

export const THROTTLE_PER_SECOND = 36;
const NGINX_503 = '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';
const WINDOW_MS = 1000;
const COOLDOWN_MS = 60_000;

/** The rate-limited account's cool-down after its first refusal, and whether its refusals say how long is left. */
function cooldownOf(seam: Seam): { retryAfter: boolean } | undefined {
  if (seam.variant('rate-limit-cooldown-60-retry-after')) return { retryAfter: true };
  return seam.variant('rate-limit-cooldown-60') ? { retryAfter: false } : undefined;
}

class Throttled extends ApiError {
  constructor(
    readonly retryAfterS: number,
    limit: number,
    /** A refusal of the cool-down: its Retry-After follows the cool-down's variant. */
    readonly cooling = false,
  ) {
    super(429, 'TOO_MANY_REQUESTS', `more than ${limit} requests per second for this account`);
  }
}

/** Wraps the API mount: its guard also counts each account's requests in a sliding one-second window. */
export function throttled(mount: Mount, seam: Seam): Mount {
  const textBody = seam.variant('throttle-36-text-body');
  const everyone = seam.variant('throttle-36') || textBody ? THROTTLE_PER_SECOND : undefined;
  const rated = seam.defect('no-rate-limit') ? everyone : Math.min(RATE_LIMITED_PER_SECOND, everyone ?? Number.POSITIVE_INFINITY);
  const limitOf = (username: string | undefined) => (username === RATE_LIMITED_USERNAME ? rated : everyone);
  const sent = new Map<string, number[]>();
  const lockout = lockoutRetryAfterS(seam);
  const locked = new Set<string>();
  const cooldown = cooldownOf(seam);
  const cooledUntil = new Map<string, number>();
  let refusals = 0;
  const guard = mount.guard;
  return {
    ...mount,
    guard: async (req) => {
      const username = await guard?.(req);
      const limit = limitOf(username);
      if (limit === undefined) return username;
      const key = username ?? '(none)';
      const now = Date.now();
      if (lockout !== undefined && locked.has(key)) throw new Throttled(lockout, limit);
      const until = cooledUntil.get(key) ?? 0;
      if (until > now) throw new Throttled(Math.ceil((until - now) / 1000), limit, true);
      const times = (sent.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
      if (times.length >= limit) {
        sent.set(key, times);
        if (lockout !== undefined && username === RATE_LIMITED_USERNAME) locked.add(key);
        if (cooldown && username === RATE_LIMITED_USERNAME) {
          cooledUntil.set(key, now + COOLDOWN_MS);
          throw new Throttled(COOLDOWN_MS / 1000, limit, true);
        }
        throw new Throttled(lockout ?? Math.max(1, Math.ceil((times[0] + WINDOW_MS - now) / 1000)), limit);
      }
      times.push(now);
      sent.set(key, times);
      return username;
    },
    fail: (err: ApiError | OAuthError): Reply => {
      if (!(err instanceof Throttled)) return mount.fail(err);
      if (seam.defect('rate-limit-500')) return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'request rate exceeded' } };
      const cooling = err.cooling && cooldown !== undefined;
      const withRetryAfter = cooling ? cooldown.retryAfter : lockout !== undefined || (refusals++ % 2 === 0 && !seam.variant('rate-limit-no-retry-after'));
      const headers: Record<string, string> = withRetryAfter ? { 'retry-after': String(err.retryAfterS) } : {};
      // Without a cool-down, the 403 and nginx's 503 carry no Retry-After.
      const refusalHeaders = cooling ? headers : {};
      if (seam.variant('rate-limit-403')) return { status: 403, body: { code: 'USER_UNAUTHORIZED', message: err.body().message }, headers: refusalHeaders };
      // nginx limit_req's default refusal: 503 and its HTML page.
      if (seam.variant('rate-limit-503')) return { status: 503, raw: { contentType: 'text/html', text: NGINX_503 }, headers: refusalHeaders };
      if (textBody) return { status: 429, raw: { contentType: 'text/plain', text: 'Too Many Requests' }, headers };
      return { status: 429, body: err.body(), headers };
    },
  };
}
