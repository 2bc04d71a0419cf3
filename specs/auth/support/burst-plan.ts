/**
 * The burst of the rate-limit check (rate-limit.spec.ts): how many requests, how
 * far apart, and the waits of the recovery poll after it.
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

export type BurstPlan = { requests: number; intervalMs: number; ratePerS: number } | { reason: string };

/** The burst for a declared rate (requests per second per account), or why none is sent (a `not applicable` outcome). */
export function burstPlan(ratePerS: number | undefined): BurstPlan {
  if (ratePerS === undefined) return { reason: notApplicable('rate_limit_undeclared', 'the target declares no rate limit (SC_DECLARED_RATE_LIMIT)') };
  if (ratePerS > MAX_JUDGED_RATE) {
    return { reason: notApplicable('rate_limit_too_high', `SC_DECLARED_RATE_LIMIT=${ratePerS} is above the ${MAX_JUDGED_RATE} per second a burst of ${MAX_BURST} requests surely exceeds`) };
  }
  return { requests: Math.min(MAX_BURST, Math.ceil(2 * ratePerS * BURST_S)), intervalMs: 1000 / (2 * ratePerS), ratePerS };
}

/** The first pause of the recovery poll after a refusal without Retry-After, doubled after each: 2, 4, 8, 16, 32 … s. */
export const RECOVERY_BACKOFF_MS = 2_000;
/** Less time than this left of the bound: the poll has reached it. */
const LAST_STEP_MS = 500;

/**
 * The next step of the recovery poll after its n-th refusal (0: the burst's last), `leftMs` before its bound
 * (SC_RATE_LIMIT_RECOVERY_S): a wait, then one more request; or the end of the poll. The wait honours the
 * refusal's Retry-After (delay-seconds; an HTTP-date read as the time until it) and is never shorter than the
 * backoff, so a server that keeps asking for a second is asked a few times, not sixty; it is cut at the bound, so
 * the last request is sent there. `honoured`: the wait covered a Retry-After, whose end the server promised.
 *   { wait, honoured }   wait, then ask again
 *   { end: 'bound' }     the bound is reached
 *   { end: 'beyond' }    the server asks for longer than is left: whether it serves again cannot be seen
 */
export type RecoveryStep = { waitMs: number; honoured: boolean } | { end: 'bound' | 'beyond'; retryAfterMs?: number };

export function recoveryStep(n: number, retryAfter: string | undefined, leftMs: number, now = Date.now()): RecoveryStep {
  if (leftMs < LAST_STEP_MS) return { end: 'bound' };
  const backoff = RECOVERY_BACKOFF_MS * 2 ** Math.min(n, 10);
  const asked = retryAfterOf(retryAfter, now);
  if (asked === undefined) return { waitMs: Math.min(backoff, leftMs), honoured: false };
  // A Retry-After of 0 (or a date past) still leaves a moment for the window to move.
  const atLeast = Math.max(asked, 200) + 200;
  if (atLeast > leftMs) return { end: 'beyond', retryAfterMs: asked };
  return { waitMs: Math.min(Math.max(atLeast, backoff), leftMs), honoured: true };
}

/** A Retry-After in ms, or undefined when absent or unreadable. */
function retryAfterOf(value: string | undefined, now: number): number | undefined {
  const raw = value?.trim() ?? '';
  if (raw === '') return undefined;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}
