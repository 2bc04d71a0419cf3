/**
 * The CI gate: four states, four exit codes (docs/REPORTS.md "The gate").
 *
 *   BROKEN (2)      the run itself could not judge: a bad setting (a bad SC_BASELINE or SC_REQUIRE too),
 *                   the preflight found it broken, a run stopped before every check ran, no usable report.
 *   FAILED (1)      a MUST rule failed outside the baseline (SHOULD findings too under SC_STRICT=1), or a
 *                   failure names no catalog requirement.
 *   INCOMPLETE (3)  nothing failed, but the run does not prove conformance: a server MUST rule the
 *                   configuration reaches ended not exercised and no baseline entry accepts it with that
 *                   code; a rule is not applicable for the cause of a capability the run requires
 *                   (SC_REQUIRE); or the baseline is stale (an entry the run contradicts).
 *   PASSED (0)      none of these: every reachable server MUST rule was judged, and none failed.
 *
 * A PASS is proof: a server can never turn a MUST rule into "not exercised" and still pass. A check that
 * broke is no longer a broken run: the rules it did not reach are not exercised [check_error].
 */
import { existsSync, readFileSync } from 'node:fs';
import { CAPABILITIES, NOT_EXERCISED_REASONS, type NotExercisedReason, UNBASELINABLE_REASONS } from '../results/outcomes.js';
import type { Required } from '../results/require.js';
import { isServerMust, isServerTestable } from './scope.js';
import { codesText } from './headline.js';
import type { CodeCounts, GateResult, GateState, Problem, RequirementResult } from './report-types.js';

/**
 * One entry of SC_BASELINE's file. `{id, reason}`: a known failure (it fails without failing the gate).
 * `{id, notExercised: "target_state", reason?}`: the rule is accepted as not exercised for that reason.
 */
export interface BaselineEntry {
  id: string;
  reason: string;
  notExercised?: NotExercisedReason;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

const SHAPE = '[{"id": "…", "reason": "…"}] (known failures) or [{"id": "…", "notExercised": "<reason code>", "reason": "…"}]';

/** Reads SC_BASELINE's file. Throws a one-line message on a bad file (a bad setting: exit 2). */
export function loadBaseline(file: string): Baseline {
  if (!existsSync(file)) throw new Error(`SC_BASELINE: no file at ${file}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`SC_BASELINE: ${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((e) => e && typeof e === 'object' && typeof e.id === 'string')) {
    throw new Error(`SC_BASELINE: ${file} must be a JSON array of ${SHAPE}`);
  }
  const unknown = parsed.filter((e) => e.notExercised !== undefined && (typeof e.notExercised !== 'string' || !Object.hasOwn(NOT_EXERCISED_REASONS, e.notExercised)));
  if (unknown.length) {
    throw new Error(`SC_BASELINE: ${file}: notExercised must be a reason code (${Object.keys(NOT_EXERCISED_REASONS).join(', ')}); got ${unknown.map((e) => `${e.id}: ${JSON.stringify(e.notExercised)}`).join(', ')}`);
  }
  // A 429 or a timeout passes with time and load: accepting one would let a throttled run pass for ever.
  const transient = parsed.filter((e) => (UNBASELINABLE_REASONS as readonly string[]).includes(e.notExercised));
  if (transient.length) {
    throw new Error(`SC_BASELINE: ${file} accepts ${transient.map((e) => `${e.id} as not exercised [${e.notExercised}]`).join(', ')}: ${UNBASELINABLE_REASONS.join(', ')} cannot be baselined (they pass with time and load: run again, paced)`);
  }
  return { file, entries: parsed.map((e) => ({ id: e.id, reason: typeof e.reason === 'string' ? e.reason : '', ...(e.notExercised ? { notExercised: e.notExercised } : {}) })) };
}

export interface GateInput {
  requirements: RequirementResult[];
  problems: Problem[];
  runErrors: string[];
  strict: boolean;
  baseline?: Baseline;
  /** The capabilities the run must reach (SC_REQUIRE or its default); none when absent. */
  required?: Required;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a, b, c (+4 more)": long lists stay one readable line. */
function idList(ids: string[], max = 12): string {
  return ids.length > max ? `${ids.slice(0, max).join(', ')} (+${ids.length - max} more)` : ids.join(', ');
}

/** "auth_ambiguous 3, rate_limited 1": as the headline counts them. */
function byCode(rules: RequirementResult[]): string {
  const counts: CodeCounts = {};
  for (const r of rules) if (r.reasonCode) counts[r.reasonCode] = (counts[r.reasonCode] ?? 0) + 1;
  return codesText(counts);
}

const STATE_CODE: Record<GateState, GateResult['exitCode']> = { PASSED: 0, FAILED: 1, BROKEN: 2, INCOMPLETE: 3 };

/** The gate's state; reports before schemaVersion 2 carry only `passed` and the exit code. */
export function gateState(g: Pick<GateResult, 'passed' | 'exitCode'> & { state?: GateState }): GateState {
  return g.state ?? (g.passed ? 'PASSED' : g.exitCode === 2 ? 'BROKEN' : g.exitCode === 3 ? 'INCOMPLETE' : 'FAILED');
}

/** Decides the gate; marks baselined requirements (`baseline` field) on the way. */
export function decideGate({ requirements, problems, runErrors, strict, baseline, required }: GateInput): GateResult {
  const entries = baseline?.entries ?? [];
  const knownFailures = new Map(entries.filter((e) => !e.notExercised).map((e) => [e.id, e.reason]));
  const acceptedAs = new Map(entries.filter((e) => e.notExercised).map((e) => [e.id, e]));
  const byId = new Map(requirements.map((r) => [r.id, r]));
  for (const e of entries) {
    const r = byId.get(e.id);
    if (r) r.baseline = e.reason || (e.notExercised ? `accepted as not exercised [${e.notExercised}]` : 'listed in the baseline');
  }

  // Failures.
  const failing = requirements.filter((r) => r.verdict === 'failed' || (strict && r.verdict === 'finding'));
  const suppressed = failing.filter((r) => knownFailures.has(r.id)).map((r) => r.id);
  const blocking = failing.filter((r) => !knownFailures.has(r.id)).map((r) => r.id);
  const unattributed = problems.filter((p) => p.kind === 'unattributed-failure');

  // Reachable server MUST rules left unjudged: accepted by the baseline with that very code, or not.
  const unjudged = requirements.filter((r) => isServerMust(r) && r.verdict === 'not-exercised');
  const accepted = unjudged.filter((r) => acceptedAs.get(r.id)?.notExercised === r.reasonCode);
  const notExercised = unjudged.filter((r) => !accepted.includes(r));

  // Required capabilities the run lacks: rules not applicable for their cause.
  const causes = new Set<string>(required?.causes ?? []);
  const missingRules = requirements.filter((r) => isServerTestable(r) && r.verdict === 'not-applicable' && r.reasonCode !== undefined && causes.has(r.reasonCode));
  const missingCauses = new Set(missingRules.map((r) => r.reasonCode));
  const missing = (required?.capabilities ?? []).filter((c) => CAPABILITIES[c].some((cause) => missingCauses.has(cause)));

  // A stale baseline: an entry the run contradicts. Rules the run could not judge (not applicable) contradict nothing.
  const fixed = [...knownFailures.keys()].filter((id) => byId.get(id)?.verdict === 'passed');
  const knownNotExercised = [...knownFailures.keys()].filter((id) => byId.get(id)?.verdict === 'not-exercised');
  const staleAccepted = [...acceptedAs.values()].filter((e) => {
    const r = byId.get(e.id);
    return r !== undefined && (r.verdict === 'passed' || r.verdict === 'failed' || r.verdict === 'finding' || (r.verdict === 'not-exercised' && r.reasonCode !== e.notExercised));
  });
  const stale = [...fixed, ...staleAccepted.map((e) => e.id)];

  const reasons: string[] = [];
  if (runErrors.length) reasons.push(`the run is broken: ${runErrors[0]}${runErrors.length > 1 ? ` (+${runErrors.length - 1} more)` : ''}`);
  const mustBlocking = blocking.filter((id) => byId.get(id)?.verdict === 'failed');
  const shouldBlocking = blocking.filter((id) => byId.get(id)?.verdict === 'finding');
  if (mustBlocking.length) reasons.push(`${plural(mustBlocking.length, 'MUST requirement')} failed: ${mustBlocking.join(', ')}`);
  if (shouldBlocking.length) reasons.push(`SC_STRICT=1: ${plural(shouldBlocking.length, 'requirement')} with SHOULD findings: ${shouldBlocking.join(', ')}`);
  if (unattributed.length) reasons.push(`${plural(unattributed.length, 'failing check')} name${unattributed.length === 1 ? 's' : ''} no catalog requirement`);
  // A broken run judged nothing it did not reach: its unjudged rules are said by the run errors, not listed here.
  if (notExercised.length && !runErrors.length) {
    reasons.push(`${plural(notExercised.length, 'MUST rule')} the configuration reaches ${notExercised.length === 1 ? 'was' : 'were'} not exercised (${byCode(notExercised)}): ${idList(notExercised.map((r) => r.id))}`);
  }
  if (missingRules.length) {
    reasons.push(`the run must reach ${missing.join(', ')} (${required?.source}), but ${plural(missingRules.length, 'rule is', 'rules are')} not applicable (${byCode(missingRules)}): ${idList(missingRules.map((r) => r.id))}`);
  }
  if (fixed.length) reasons.push(`the baseline is stale: ${fixed.join(', ')} now pass${fixed.length === 1 ? 'es' : ''} (fixed: remove from ${baseline?.file})`);
  if (staleAccepted.length) {
    const how = staleAccepted.map((e) => {
      const r = byId.get(e.id);
      return `${e.id} (listed not exercised [${e.notExercised}], ended ${r?.verdict === 'not-exercised' ? `not exercised [${r.reasonCode}]` : r?.verdict})`;
    });
    reasons.push(`the baseline is stale: ${how.join(', ')}: update ${baseline?.file}`);
  }
  // A check that broke (an exception, a timeout) is charged to no rule; the rules it did not reach are not exercised.
  const broken = problems.filter((p) => p.kind === 'broken-check');
  if (broken.length) reasons.push(`${plural(broken.length, 'check')} broke before ${broken.length === 1 ? 'it' : 'they'} could judge: ${broken.map((p) => p.checkTitle).join('; ')}`);

  const incomplete = [...new Set([...notExercised.map((r) => r.id), ...missingRules.map((r) => r.id), ...stale])];
  const state: GateState = runErrors.length ? 'BROKEN' : blocking.length || unattributed.length ? 'FAILED' : incomplete.length ? 'INCOMPLETE' : 'PASSED';
  return {
    passed: state === 'PASSED',
    exitCode: STATE_CODE[state],
    state,
    strict,
    reasons,
    blocking,
    incomplete,
    required: { capabilities: required?.capabilities ?? [], source: required?.source ?? 'none', missing },
    baseline: baseline
      ? { file: baseline.file, suppressed, fixed, notExercised: knownNotExercised, accepted: accepted.map((r) => r.id), stale }
      : undefined,
  };
}

/** Problems with the baseline itself: IDs it lists that the catalog does not know. */
export function baselineProblems(baseline: Baseline | undefined, requirements: RequirementResult[]): Problem[] {
  if (!baseline) return [];
  const known = new Set(requirements.map((r) => r.id));
  return baseline.entries.filter((e) => !known.has(e.id)).map((e) => ({ kind: 'baseline' as const, message: `the baseline lists ${e.id}, which is not in the catalog` }));
}
