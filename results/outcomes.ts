/**
 * The result protocol's outcome codes (issue "A PASS is proof"): why a rule
 * that was not judged was not judged. Written by the harness (a skip reason, a
 * per-rule `not-exercised` annotation) and read by the reports and the gate.
 *
 * Two kinds of unjudged rule, told apart because the gate treats them apart:
 *
 *  - **not applicable** (a cause): the run's configuration cannot reach the
 *    rule: no control API, no direct-session command, an account limit above
 *    SC_MAX_ITEMS, a --grep/--rule selection; or the target's data, read whole,
 *    make the rule ask nothing (one language only, no category with a mandatory
 *    attribute anywhere). It never makes a run INCOMPLETE, unless the run
 *    declared that it must reach that capability (SC_REQUIRE).
 *  - **not exercised** (a reason code): the target's answers prevented judging
 *    (a 401 to a token proven dead, 429 after the retries, a 5xx, a timeout, a
 *    state that gives nothing to judge). A MUST rule the configuration reaches
 *    that ends so makes the run INCOMPLETE (exit 3), unless a baseline accepts
 *    that rule with that reason (transient reasons can never be baselined).
 *
 * The text form, in a skip reason or a `not-exercised` annotation:
 *
 *   not exercised [rate_limited]: GET /items was answered 429 5 times
 *   not applicable [no_control_api]: needs the control API (SC_CONTROL_URL)
 *
 * Older reasons without a code ("not exercised: …") are read by `parseOutcome`,
 * which classifies them by their words (`classifyLegacy`).
 */

/** Why the target's answers left a rule unjudged. */
export const NOT_EXERCISED_REASONS = {
  auth_ambiguous: 'a 401 to a token the suite could not prove alive: the refusal could not be told from a dead session',
  rate_limited: 'the target answered 429 after every retry the settings allow',
  server_error: 'the target answered a 5xx where the check needed an answer to judge',
  timeout: 'the target did not answer (or not in time), or the check ran out of time',
  setup_failed: 'a step the rule depends on did not give what the check needed (its own rule judged where it has one)',
  refused_other_reason: "the target refused the control request (the same request without the broken property), so the refusal's reason could not be proven",
  target_state: 'the target or the account holds nothing to judge the rule on (no free slot, no assignable category, no such attribute)',
  stopped_at_failure: 'an earlier failure or SHOULD finding in the same check stopped it before it reached the rule',
  time_budget: 'a property ran too few cases within its time budget to judge the rule',
  check_error: 'the check broke (an exception) before it reached the rule',
  not_run: 'the run stopped (interrupted, its deadline, the preflight) before the check ran or finished',
  limit_not_reached: "the target accepted as many as the check's bound allows (50 images on an item) without refusing one, and declared no maximum (SC_MAX_IMAGES)",
} as const;

export type NotExercisedReason = keyof typeof NOT_EXERCISED_REASONS;

/** Reasons that pass with time and load: never accepted by a baseline, and re-run once, paced, before INCOMPLETE. */
export const TRANSIENT_REASONS: readonly NotExercisedReason[] = ['rate_limited', 'timeout'];

/** Reasons a baseline can never accept: the transient ones, and a run that stopped (that run is broken, not the rule). */
export const UNBASELINABLE_REASONS: readonly NotExercisedReason[] = [...TRANSIENT_REASONS, 'not_run'];

/** Why the run's configuration cannot reach a rule. */
export const NOT_APPLICABLE_CAUSES = {
  no_control_api: 'the run has no control API (SC_CONTROL_URL, SC_CONTROL_TOKEN)',
  no_direct_sessions: 'the run has no way to make direct-integrator sessions (SC_DIRECT_TOKEN_COMMAND or the control API)',
  quota_above_max_items: "an account's limit is above SC_MAX_ITEMS and the limit cannot be lowered (no control API)",
  accounts: 'SC_ACCOUNTS lacks an account the rule needs (a pro and a basic one)',
  selection: 'the run was narrowed (--grep, --rule, a file or a shard) and no selected check names the rule',
  no_second_language: 'the target shows no second language',
  not_offered: "the target's data make the rule ask nothing: every assignable category and its attributes were read, and none offers what the rule is about (no mandatory attribute, no ranged numeric attribute, …)",
  lifetime_undeclared: 'the target declares no lifetime to wait out (SC_CODE_LIFETIME_S, SC_ACCESS_TOKEN_LIFETIME_S or expires_in, SC_REFRESH_TOKEN_LIFETIME_S)',
  lifetime_too_long: 'the lifetime the target declares, with its skew and its declared leeway (SC_TOKEN_LEEWAY_S), is longer than a check may wait (90 s)',
  leeway_undeclared: 'the API still accepts an access token past its lifetime and the skew, and the target declares no leeway (SC_TOKEN_LEEWAY_S): a clock-skew leeway (RFC 7519 §4.1.4: Spring 60 s, .NET 5 min) cannot be told from no expiry',
  maximum_too_high: 'the image maximum the target declares (SC_MAX_IMAGES) is above what a check may add to one item (250)',
  rate_limit_undeclared: 'the target declares no rate limit (SC_DECLARED_RATE_LIMIT) for a burst to exceed',
  rate_limit_too_high: 'the rate limit the target declares (SC_DECLARED_RATE_LIMIT) is above what a burst of at most 150 requests surely exceeds (50 per second)',
} as const;

export type NotApplicableCause = keyof typeof NOT_APPLICABLE_CAUSES;

/**
 * Capabilities a run may declare it must reach (SC_REQUIRE, comma-separated, or
 * `all`); each maps to the not-applicable causes its absence produces. A required
 * capability that the run lacks makes the run INCOMPLETE instead of letting its
 * rules be not applicable. The embedded reference requires all of them.
 *
 * The last three are values the spec leaves "not shown" whose common range lies
 * beyond what a run waits or sends (docs/TARGET.md "Values the spec does not
 * show"): lifetimes of minutes or hours and a leeway of minutes, a rate limit
 * with no declared value, an image maximum above what a check adds. Not declared,
 * their rules are not applicable; a team that requires them demands the
 * declarations, and a run without them ends INCOMPLETE.
 */
export const CAPABILITIES = {
  'control-api': ['no_control_api'],
  'direct-sessions': ['no_direct_sessions'],
  quota: ['quota_above_max_items'],
  'pro-and-basic': ['accounts'],
  lifetimes: ['lifetime_undeclared', 'lifetime_too_long', 'leeway_undeclared'],
  'image-maximum': ['maximum_too_high'],
  'rate-limit': ['rate_limit_undeclared', 'rate_limit_too_high'],
} as const satisfies Record<string, readonly NotApplicableCause[]>;

export type Capability = keyof typeof CAPABILITIES;

export type Outcome = { state: 'not-exercised'; code: NotExercisedReason; detail: string } | { state: 'not-applicable'; code: NotApplicableCause; detail: string };

/** `not exercised [code]: detail`: the one way a check says the target's answers left a rule unjudged. */
export function notExercised(code: NotExercisedReason, detail: string): string {
  return `not exercised [${code}]: ${detail}`;
}

/** `not applicable [cause]: detail`: the one way a check says the run's configuration cannot reach a rule. */
export function notApplicable(cause: NotApplicableCause, detail: string): string {
  return `not applicable [${cause}]: ${detail}`;
}

const CODED = /^not (exercised|applicable) \[([a-z_]+)\]:\s*([\s\S]*)$/i;
const LEGACY = /^not exercised:\s*([\s\S]*)$/i;

const isReason = (code: string): code is NotExercisedReason => Object.hasOwn(NOT_EXERCISED_REASONS, code);
const isCause = (code: string): code is NotApplicableCause => Object.hasOwn(NOT_APPLICABLE_CAUSES, code);

/**
 * Reads a skip reason or annotation text: its state, code and detail, or undefined
 * when it is neither form (e.g. "interrupted: …"). An unknown code in the coded
 * form reads as `setup_failed` / `selection`: a typo must not pass a rule.
 */
export function parseOutcome(text: string | undefined): Outcome | undefined {
  if (!text) return undefined;
  const coded = CODED.exec(text.trim());
  if (coded) {
    const [, kind, code, detail] = coded;
    if (kind.toLowerCase() === 'applicable') return { state: 'not-applicable', code: isCause(code) ? code : 'selection', detail };
    return { state: 'not-exercised', code: isReason(code) ? code : 'setup_failed', detail };
  }
  const legacy = LEGACY.exec(text.trim());
  return legacy ? classifyLegacy(legacy[1]) : undefined;
}

/** A reason written before the codes ("not exercised: …"), classified by its words. */
export function classifyLegacy(detail: string): Outcome {
  const applicable = (code: NotApplicableCause): Outcome => ({ state: 'not-applicable', code, detail });
  const exercised = (code: NotExercisedReason): Outcome => ({ state: 'not-exercised', code, detail });
  // Direct sessions first: their text names SC_CONTROL_URL as the other way to get one.
  if (/direct-integrator sessions?|SC_DIRECT_TOKEN_COMMAND/i.test(detail)) return applicable('no_direct_sessions');
  if (/needs the control API|SC_CONTROL_URL\)?$/i.test(detail)) return applicable('no_control_api');
  if (/needs a (pro|basic)( and a (pro|basic))? account|\(SC_ACCOUNTS\)/i.test(detail)) return applicable('accounts');
  if (/above SC_MAX_ITEMS/i.test(detail)) return applicable('quota_above_max_items');
  if (/\b429\b|throttl|rate limit/i.test(detail)) return exercised('rate_limited');
  if (/\b401\b/.test(detail)) return exercised('auth_ambiguous');
  if (/\b5\d\d\b|server error/i.test(detail)) return exercised('server_error');
  if (/time budget/i.test(detail)) return exercised('time_budget');
  if (/timed? ?out|did not answer|no answer|within SC_WEBHOOK_WAIT_MS/i.test(detail)) return exercised('timeout');
  if (/stopped at a SHOULD finding|stopped at a failure/i.test(detail)) return exercised('stopped_at_failure');
  if (/no control was accepted|control:|refusal for another reason/i.test(detail)) return exercised('refused_other_reason');
  if (/no free slot|offers no|none of the .* sampled categories|has no assignable|no .* known/i.test(detail)) return exercised('target_state');
  if (/broke|run is broken/i.test(detail)) return exercised('check_error');
  return exercised('setup_failed');
}
