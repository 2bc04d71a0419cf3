/**
 * The conformance report's word on each check, as every per-check output shows
 * it (reports/junit.xml, the Allure results): read from the verdicts (each
 * rule's CheckRef.ruleVerdict, the `broken-check` problems, the gate's strict
 * mode), never judged again. One reading, so the JUnit and Allure outputs
 * cannot disagree with each other or with the gate:
 *
 *   failed   a rule was charged a MUST failure (under SC_STRICT=1 a SHOULD one too), or the
 *            check failed naming no catalog rule (unattributed: the gate fails on it);
 *   broken   the check broke before it could judge (an exception, a timeout);
 *   skipped  it was skipped (its set-up steps may have judged rules on the way: a skip never
 *            reads as a pass), or it judged none of its rules and says why (coded);
 *   passed   otherwise (a SHOULD finding stays a finding).
 */
import type { CheckResult } from '../results/check-result.js';
import { partsOfCheck } from './rule-parts.js';
import { outcomeOf } from './check-record.js';
import type { CheckRef, ConformanceReport, RequirementResult } from './report-types.js';

/** Why a check gave no word on a rule, coded: said by the check itself, else the rule's own state. */
export interface Unjudged {
  state: 'not exercised' | 'not applicable';
  code: string;
  /** Said by the check (its skip reason, a not-exercised note), not the rule's state from other checks. */
  said: boolean;
}

/** One rule a check is listed under, and the check's word on it. */
export interface RuleWord {
  r: RequirementResult;
  ref: CheckRef;
  unjudged?: Unjudged;
}

export interface CheckOutcome {
  status: 'failed' | 'broken' | 'skipped' | 'passed';
  rules: RuleWord[];
  /** Rules charged a MUST failure (and, under SC_STRICT=1, those of its SHOULD findings). */
  failing: string[];
  /** Rules of its SHOULD findings. */
  findings: string[];
  /** `ID: not exercised [code]` for each rule the check gave no word on, where the check or the rule says why. */
  unjudged: string[];
  /** A failing check listed under no rule: its failure names no catalog requirement. */
  unattributed: boolean;
  /** The rule parts it gave a word on, `RULE#part: verdict` as the run judged each (reporting/rule-parts.ts). */
  parts: string[];
}

const stateText = (state: string): Unjudged['state'] => (state === 'not-exercised' ? 'not exercised' : 'not applicable');

function unjudgedOf(c: CheckResult | undefined, ref: CheckRef, r: RequirementResult): Unjudged | undefined {
  if ((ref.ruleVerdict ?? 'not reached') !== 'not reached') return undefined;
  const own = c?.notExercised?.[r.id] ?? (ref.status === 'skipped' ? ref.skipReason : undefined);
  if (own) {
    const o = outcomeOf(own);
    return { state: stateText(o.state), code: o.code, said: true };
  }
  if (r.verdict === 'not-exercised' || r.verdict === 'not-applicable') return { state: stateText(r.verdict), code: r.reasonCode ?? '', said: false };
  return undefined;
}

/** This check's word on one rule, as a property or label shows it: passed, failed, finding, `not exercised [code]`, `not reached (…)`. */
export function wordText(w: RuleWord): string {
  const word = w.ref.ruleVerdict ?? 'not reached';
  if (word !== 'not reached' || !w.unjudged) return word;
  const coded = `${w.unjudged.state} [${w.unjudged.code}]`;
  return w.unjudged.said ? coded : `not reached (${coded})`;
}

/** Per check id (CheckRef.id, CheckResult.id), the report's word on it; `checks` adds what the report does not list (a check under no rule). */
export function checkOutcomes(report: Pick<ConformanceReport, 'requirements' | 'problems' | 'gate'>, checks: readonly CheckResult[] = []): Map<string, CheckOutcome> {
  const byId = new Map(checks.map((c) => [c.id, c]));
  const listed = new Map<string, { refs: CheckRef[]; rules: RuleWord[] }>();
  for (const r of report.requirements) {
    for (const ref of r.checks) {
      const entry = listed.get(ref.id) ?? { refs: [], rules: [] };
      entry.refs.push(ref);
      entry.rules.push({ r, ref, unjudged: unjudgedOf(byId.get(ref.id), ref, r) });
      listed.set(ref.id, entry);
    }
  }
  const broken = new Set(report.problems.filter((p) => p.kind === 'broken-check').map((p) => p.checkTitle));
  const out = new Map<string, CheckOutcome>();
  const ids = [...new Set([...listed.keys(), ...byId.keys()])];
  for (const id of ids) {
    const rules = listed.get(id)?.rules ?? [];
    const first = listed.get(id)?.refs[0] ?? byId.get(id);
    if (!first) continue;
    const failed = rules.filter((w) => w.ref.ruleVerdict === 'failed').map((w) => w.r.id);
    const findings = rules.filter((w) => w.ref.ruleVerdict === 'finding').map((w) => w.r.id);
    const failing = report.gate.strict ? [...failed, ...findings] : failed;
    const broke = broken.has(first.title);
    const unattributed = first.status === 'failed' && rules.length === 0 && !broke;
    const judgedAny = rules.some((w) => w.ref.ruleVerdict && w.ref.ruleVerdict !== 'not reached');
    const unjudged = rules.filter((w) => w.unjudged).map((w) => `${w.r.id}: ${w.unjudged?.state} [${w.unjudged?.code}]`);
    const ownWhy = byId.get(id)?.notExercised !== undefined;
    let status: CheckOutcome['status'] = 'passed';
    if (failing.length || unattributed) status = 'failed';
    else if (broke) status = 'broken';
    else if (first.status === 'skipped' || (!judgedAny && (ownWhy || unjudged.length > 0))) status = 'skipped';
    out.set(id, { status, rules, failing, findings, unjudged, unattributed, parts: partsOfCheck(byId.get(id), report.requirements) });
  }
  return out;
}
