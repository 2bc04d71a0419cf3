/**
 * How long the expiry checks (lifetimes.spec.ts) wait: a lifetime the target
 * declares, plus a skew, and never more than a check may wait.
 *
 * The skew, 2 s and a tenth of the lifetime, covers a server that keeps time in
 * whole seconds, the time between its issuing a code or token and the suite
 * receiving it (the suite's clock starts later, so it never waits too little),
 * and the load of a shared machine. A declared leeway (SC_TOKEN_LEEWAY_S: how
 * long past its lifetime the API still accepts an access token, RFC 7519 §4.1.4's
 * "small leeway") is added to the access token's wait. The bound, 90 s for one
 * wait, keeps the run's time and still reaches Spring Security's 60 s leeway on a
 * lifetime of up to 25 s: a longer lifetime (an hour is common for access tokens,
 * RFC 6749 §4.1.2 recommends at most 10 minutes for a code) or .NET's 5 minutes is
 * not waited out, and its rule is not applicable [lifetime_too_long]; a server team
 * declares a shorter one for an account of its test set-up (SC_LIFETIME_ACCOUNT)
 * to have it judged.
 */
import { notApplicable, parseOutcome, type Settings } from '../../../fixtures/index.js';

export const SKEW_MS = 2_000;
export const SKEW_SHARE = 0.1;
export const MAX_WAIT_MS = 90_000;

/** The wait after a lifetime of `seconds`, or why none is made (a `not applicable` outcome). */
export type Wait = { ms: number; lifetimeS: number } | { reason: string };

/**
 * The wait for a lifetime `seconds` the setting `source` (or the token answer) declared, and a leeway `leewayS`
 * past it (SC_TOKEN_LEEWAY_S, the access token's alone); `undefined`: not declared.
 */
export function waitFor(seconds: number | undefined, what: string, source: string, leewayS = 0): Wait {
  if (seconds === undefined) return { reason: notApplicable('lifetime_undeclared', `${what}: the target declares no lifetime (${source})`) };
  const ms = Math.ceil(seconds * 1000 * (1 + SKEW_SHARE) + SKEW_MS + leewayS * 1000);
  if (ms > MAX_WAIT_MS) {
    const leeway = leewayS > 0 ? `, the leeway of ${leewayS} s (SC_TOKEN_LEEWAY_S)` : '';
    return { reason: notApplicable('lifetime_too_long', `${what}: ${seconds} s (${source})${leeway} and the skew make ${Math.round(ms / 1000)} s, above the ${MAX_WAIT_MS / 1000} s a check waits; an account of shorter lifetimes (SC_LIFETIME_ACCOUNT) has it judged`) };
  }
  return { ms, lifetimeS: seconds };
}

/**
 * The first of these `not applicable` reasons whose cause the run requires (SC_REQUIRE=lifetimes), if any: a part
 * left unjudged for it makes the whole rule not applicable, and the gate INCOMPLETE, instead of the rule passing on
 * its other part. Asked before any part of the rule is judged (a rule with a pass is passed).
 */
export function demandedUnjudged(settings: Settings, reasons: readonly (string | undefined)[]): string | undefined {
  const required = 'error' in settings.report.required ? [] : (settings.report.required.causes as readonly string[]);
  return reasons.find((r) => r !== undefined && required.includes(parseOutcome(r)?.code ?? ''));
}

/** Sleeps until `ms` after `since` (epoch ms). */
export function sleepUntil(since: number, ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));
}
