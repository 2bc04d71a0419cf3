/**
 * The fairness matrix's verdict on one drawn server (issue 39 item 3), pure over the run's files, so it is tested
 * on hand-made reports (tests/teeth/fairness.spec.ts). A drawn server keeps the spec, so:
 *
 *  - no MUST failure on any draw (the gate FAILED: its blocking rules are false verdicts);
 *  - no INCOMPLETE on a draw inside the common range (what real servers choose), judged rule by rule: a rule left
 *    incomplete while every freedom its check depends on (catalog/freedoms.json `depends`) lies in its common range
 *    is a false verdict, whatever the draw's other freedoms;
 *  - beyond the common range, INCOMPLETE only with a cause naming the setting that would reach the rule (SC_…: the
 *    one that declares the value, or a bound to raise, as SC_MAX_ITEMS), while the draw leaves undeclared a value
 *    beyond it (reference/undeclared.ts) or one beyond it is no setting's to declare (an item limit of 3); where the
 *    draw declares every value beyond it that the rule depends on, no INCOMPLETE at all: the rule must be judged;
 *  - a BROKEN run (the suite blamed itself on an honest server) is a false verdict as well;
 *  - a rule or part left not applicable for a value (docs/TARGET.md "Values the spec does not show", policy 2) must
 *    name a setting, and one for a value left undeclared (lifetime, leeway, rate limit) is false where the draw
 *    declares it: whatever the gate, which such rules do not move unless SC_REQUIRE names their capability.
 *
 * SHOULD findings are allowed: where the spec leaves a choice open the suite may say a better one would fit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FREEDOMS, FREEDOMS_DATA, inRange } from '../catalog/freedoms.js';
import { type FreedomValues, realize } from '../reference/freedoms.js';
import { DECLARABLE, defaultUndeclared } from '../reference/undeclared.js';
import { readGate } from './evasion-runs.js';
import { runError } from './matrix-verdicts.js';
import type { RunOutcome } from './run-playwright.js';

/** FAIR: the gate says what an honest server deserves. UNFAIR: a false verdict. ERROR: no gate to read. */
export type DrawVerdict = 'FAIR' | 'UNFAIR' | 'ERROR' | 'NOT-RUN';

export interface DrawJudgement {
  verdict: DrawVerdict;
  gate?: string;
  /** Every value inside its freedom's common range. */
  common: boolean;
  /** The rules of the false verdict: MUST failures, or rules left incomplete without a setting named. */
  rules: string[];
  /** One line: what was false. */
  detail?: string;
}

/** True when every freedom (its drawn value, else its default) lies in its common range. */
export function inCommonRange(values: FreedomValues): boolean {
  return FREEDOMS.every((f) => inRange(f.common, values[f.id] ?? f.default));
}

/** True when every freedom `rule`'s check depends on (all of them for a rule the map does not name) lies in its common range. */
export function inCommonRangeFor(rule: string, values: FreedomValues): boolean {
  const ids = FREEDOMS_DATA.depends[rule];
  return FREEDOMS.filter((f) => !ids || ids.includes(f.id)).every((f) => inRange(f.common, values[f.id] ?? f.default));
}

/** The freedoms `rule`'s check depends on (all of them for a rule the map does not name) that lie beyond their common range. */
function beyondFor(rule: string, values: FreedomValues): string[] {
  const ids = FREEDOMS_DATA.depends[rule];
  return FREEDOMS.filter((f) => (!ids || ids.includes(f.id)) && !inRange(f.common, values[f.id] ?? f.default)).map((f) => f.id);
}

/** The freedoms of `values` outside their common range, as `id=value`. */
export const beyondCommon = (values: FreedomValues): string[] =>
  FREEDOMS.filter((f) => !inRange(f.common, values[f.id] ?? f.default)).map((f) => `${f.id}=${values[f.id] ?? f.default}`);

/** A setting of the suite named in a cause: SC_ and capitals. */
export const SETTING_NAMED = /\bSC_[A-Z][A-Z0-9_]*\b/;

interface ReportRequirement {
  id?: string;
  verdict?: string;
  reason?: string;
  reasonCode?: string;
  parts?: { verdict?: string; reasonCode?: string; reason?: string }[];
}

/** The not-applicable causes of a value left undeclared, each with the freedoms whose declaration rules it out. */
const UNDECLARED_CAUSES: Readonly<Record<string, readonly string[]>> = {
  lifetime_undeclared: ['code-lifetime', 'access-token-lifetime', 'refresh-token-lifetime'],
  leeway_undeclared: ['token-validation-leeway'],
  rate_limit_undeclared: ['rate-limit-general'],
};
/** Every not-applicable cause of a value the spec does not show: undeclared, or declared too large to judge. */
const VALUE_CAUSES = [...Object.keys(UNDECLARED_CAUSES), 'lifetime_too_long', 'rate_limit_too_high', 'maximum_too_high'];

/** The rules left not applicable (in whole or in a part) for a value with no setting named, or for one the draw declares. */
function unfairNotApplicable(requirements: readonly ReportRequirement[], undeclared: readonly string[]): { id: string; why: string }[] {
  return requirements.flatMap((r) => {
    const causes = [r, ...(r.parts ?? [])].filter((u) => u.verdict === 'not-applicable' && VALUE_CAUSES.includes(u.reasonCode ?? ''));
    const why = causes.flatMap((u) => {
      const freedoms = UNDECLARED_CAUSES[u.reasonCode ?? ''];
      if (freedoms && !freedoms.some((id) => undeclared.includes(id))) return [`not applicable [${u.reasonCode}] though the draw declares ${freedoms.flatMap((id) => DECLARABLE[id]).join(', ')}`];
      return SETTING_NAMED.test(u.reason ?? '') ? [] : [`not applicable [${u.reasonCode}] naming no setting`];
    });
    return why.length ? [{ id: r.id ?? '?', why: why[0] }] : [];
  });
}

/**
 * Why a rule left incomplete beyond the common range is a false verdict, or undefined when its cause is fair
 * (`undeclared`: the declarable freedoms the draw leaves undeclared).
 */
function unfairBeyond(rule: string, reason: string, values: FreedomValues, undeclared: readonly string[]): string | undefined {
  const beyond = beyondFor(rule, values);
  if (beyond.every((id) => DECLARABLE[id] && !undeclared.includes(id))) return `though the draw declares ${beyond.flatMap((id) => DECLARABLE[id]).join(', ')}`;
  return SETTING_NAMED.test(reason) ? undefined : 'naming no setting';
}

/**
 * The verdict from a conformance.json already parsed (or undefined: none). `undeclared`: the declarable freedoms the
 * run left undeclared (REFERENCE_UNDECLARED); none given, those it leaves unset by default.
 */
export function judgeReport(report: unknown, values: FreedomValues, undeclared?: readonly string[]): DrawJudgement {
  const common = inCommonRange(values);
  const read = report ? readGate(report) : {};
  const gate = (report as { gate?: { blocking?: string[]; incomplete?: string[] } } | undefined)?.gate;
  if (!read.gate) return { verdict: 'ERROR', common, rules: [], detail: 'no gate in conformance.json' };
  if (read.gate === 'FAILED') {
    const rules = gate?.blocking ?? [];
    return { verdict: 'UNFAIR', gate: read.gate, common, rules, detail: `MUST failure on an honest server: ${rules.join(', ') || 'the gate failed'}` };
  }
  if (read.gate === 'BROKEN') return { verdict: 'UNFAIR', gate: read.gate, common, rules: [], detail: 'BROKEN: the suite called a run on an honest server broken' };
  const all = (report as { requirements?: ReportRequirement[] }).requirements ?? [];
  const open = undeclared ?? defaultUndeclared(realize(values).variants);
  const unjudged = unfairNotApplicable(all, open);
  const withUnjudged = (j: DrawJudgement): DrawJudgement =>
    unjudged.length === 0
      ? j
      : { verdict: 'UNFAIR', gate: read.gate, common, rules: [...j.rules, ...unjudged.map((u) => u.id)], detail: [j.detail, unjudged.map(({ id, why }) => `${why}: ${id}`).join('; ')].filter(Boolean).join('; ') };
  if (read.gate === 'PASSED') return withUnjudged({ verdict: 'FAIR', gate: read.gate, common, rules: [] });
  const requirements = all.filter((r) => r.verdict === 'not-exercised' || r.verdict === 'not-applicable');
  const incomplete = gate?.incomplete?.length ? gate.incomplete : requirements.map((r) => r.id ?? '?');
  const reasonOf = (id: string): string => requirements.find((r) => r.id === id)?.reason ?? id;
  const inCommon = incomplete.filter((id) => inCommonRangeFor(id, values));
  if (inCommon.length) return { verdict: 'UNFAIR', gate: read.gate, common, rules: inCommon, detail: `INCOMPLETE inside the common range: ${inCommon.map((id) => `${id} (${reasonOf(id).slice(0, 120)})`).join('; ')}` };
  const unfair = incomplete.flatMap((id) => {
    const why = unfairBeyond(id, reasonOf(id), values, open);
    return why ? [{ id, why }] : [];
  });
  if (unfair.length === 0) return withUnjudged({ verdict: 'FAIR', gate: read.gate, common, rules: [] });
  const detail = `INCOMPLETE beyond the common range ${unfair.map(({ id, why }) => `${why}: ${id} (${reasonOf(id).slice(0, 120)})`).join('; ')}`;
  return { verdict: 'UNFAIR', gate: read.gate, common, rules: unfair.map((u) => u.id), detail };
}

/** The verdict on one draw's run: its outcome and the conformance.json in `dir`. */
export function judgeDraw(outcome: RunOutcome, dir: string, values: FreedomValues, limitSeconds?: number, undeclared?: readonly string[]): DrawJudgement {
  const common = inCommonRange(values);
  if (outcome.notStarted) return { verdict: 'NOT-RUN', common, rules: [], detail: runError(outcome) };
  const file = join(dir, 'conformance.json');
  let report: unknown;
  try {
    report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    report = undefined;
  }
  if (!report) return { verdict: 'ERROR', common, rules: [], detail: runError(outcome, limitSeconds) ?? `no conformance.json (exit ${outcome.exitCode})\n${outcome.logTail}` };
  return judgeReport(report, values, undeclared);
}
