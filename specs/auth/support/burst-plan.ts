/**
 * The burst of the rate-limit check (rate-limit.spec.ts): how many requests, how
 * far apart, and the wait before the recovery request.
 *
 * Twice the declared rate r for 2 s: more than r in every one-second window
 * (sliding or fixed), and more than a token bucket of fewer than 2r tokens lets
 * through (its tokens plus 2 s of refill, 2r: 4r sent). At most MAX_BURST
 * requests, which still exceed a rate up to MAX_JUDGED_RATE (150 requests in
 * 1.5 s against 50 per second: a bucket of 50 tokens lets 125 through).
 * The real service's 36 per second makes 144 requests in 2 s, on one account.
 */
import { notApplicable } from '../../../fixtures/index.js';

export const MAX_BURST = 150;
export const MAX_JUDGED_RATE = 50;
const BURST_S = 2;
/** The pause before the recovery request when the last refusal carried no Retry-After: two one-second windows. */
export const RECOVERY_PAUSE_MS = 2_000;
/** The longest Retry-After the check waits out before its recovery request (the transport's bound too). */
export const MAX_RECOVERY_WAIT_MS = 30_000;

export type BurstPlan = { requests: number; intervalMs: number; ratePerS: number } | { reason: string };

/** The burst for a declared rate (requests per second per account), or why none is sent (a `not applicable` outcome). */
export function burstPlan(ratePerS: number | undefined): BurstPlan {
  if (ratePerS === undefined) return { reason: notApplicable('rate_limit_undeclared', 'the target declares no rate limit (SC_DECLARED_RATE_LIMIT)') };
  if (ratePerS > MAX_JUDGED_RATE) {
    return { reason: notApplicable('rate_limit_too_high', `SC_DECLARED_RATE_LIMIT=${ratePerS} is above the ${MAX_JUDGED_RATE} per second a burst of ${MAX_BURST} requests surely exceeds`) };
  }
  return { requests: Math.min(MAX_BURST, Math.ceil(2 * ratePerS * BURST_S)), intervalMs: 1000 / (2 * ratePerS), ratePerS };
}

/**
 * The wait before the recovery request, from the last refusal's Retry-After (delay-seconds; an HTTP-date is read
 * as the time until it), else the pause; undefined when the server asks for more than the check waits.
 */
export function recoveryWaitMs(retryAfter: string | undefined, now = Date.now()): number | undefined {
  if (retryAfter === undefined || retryAfter.trim() === '') return RECOVERY_PAUSE_MS;
  const raw = retryAfter.trim();
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw) - now;
  if (!Number.isFinite(ms)) return RECOVERY_PAUSE_MS;
  // A Retry-After of 0 (or a date past) still leaves a moment for the window to move.
  const wait = Math.max(ms, 200) + 200;
  return wait > MAX_RECOVERY_WAIT_MS ? undefined : wait;
}
