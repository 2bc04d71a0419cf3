/**
 * What one check's record says, in the terms the verdicts use (reporting/verdicts.ts judges the rules from
 * it; the teeth and the per-check outputs read the same): the rules its failures are charged to, whether it
 * broke before judging, the title rules no assertion named, a skip reason or note as an outcome.
 */
import type { Requirement } from '../catalog/index.js';
import type { CheckResult } from '../results/check-result.js';
import { classifyLegacy, type Outcome, parseOutcome } from '../results/outcomes.js';
import { type Evidence, failureSeverity } from '../results/records.js';

/** The IDs a piece of evidence names. */
export function namedIds(e: Pick<Evidence, 'requirement' | 'requirements'>): string[] {
  return e.requirements?.length ? e.requirements : e.requirement ? [e.requirement] : [];
}

/** The IDs a check's recorded failures are charged to: exactly those their evidence names. */
export function chargedIds(c: Pick<CheckResult, 'evidence'>): string[] {
  return [...new Set(c.evidence.flatMap(namedIds))];
}

/**
 * The title IDs of a passed check that no assertion named (its ledger has no word on them, nor a finding or a
 * not-exercised annotation): the title claims a rule the check does not prove. Empty without a ledger.
 */
export function unassertedIds(c: Pick<CheckResult, 'status' | 'ids' | 'ledger' | 'findings' | 'notExercised'>): string[] {
  const ledger = c.ledger;
  if (c.status !== 'passed' || !ledger) return [];
  return c.ids.filter((id) => !ledger.passed[id] && !ledger.failed[id] && !c.findings.some((f) => f.requirement === id) && c.notExercised?.[id] === undefined);
}

/**
 * True when the check failed without finishing its judgement: it recorded no
 * conformance failure (an exception), or it ran out of time. Its recorded
 * failures still count; the rules it did not reach are not exercised.
 */
export function brokeBeforeJudging(c: Pick<CheckResult, 'status' | 'rawStatus' | 'evidence'>): boolean {
  return c.status === 'failed' && (c.rawStatus === 'timedOut' || c.evidence.every((e) => namedIds(e).length === 0));
}

/** True when a failure of this check for this requirement is a MUST failure (reports without a recorded severity). */
export function isMustFailure(check: Pick<CheckResult, 'should' | 'ids'>, req: Pick<Requirement, 'id' | 'level' | 'source'>): boolean {
  return failureSeverity(req, req.id, check) === 'MUST';
}

/** The text of a check the run stopped (reporting/read-playwright-report.ts): not run, whatever its words. */
export const RUN_STOPPED = /^(interrupted|not run):\s*/i;

/** A skip reason or annotation text as an outcome: coded, old-style "not exercised: …", or words alone (classified). */
export function outcomeOf(text: string): Outcome {
  if (RUN_STOPPED.test(text)) return { state: 'not-exercised', code: 'not_run', detail: text };
  return parseOutcome(text) ?? classifyLegacy(text);
}

/**
 * A check from a report written before the ledger (no `verdicts` attachment), read
 * the way such reports were: a passed check proves its title's IDs, and a failure
 * whose evidence names no rule is charged to them. Evidence that names rules is
 * charged to exactly those, as now.
 */
export function withLedger(c: CheckResult): CheckResult {
  if (c.ledger) return c;
  const passed = c.status === 'passed' ? Object.fromEntries(c.ids.map((id) => [id, 1])) : {};
  const named = c.evidence.some((e) => namedIds(e).length > 0);
  if (c.status !== 'failed' || named || c.ids.length === 0) return { ...c, ledger: { passed, failed: {} } };
  const evidence = c.evidence.length ? c.evidence.map((e) => ({ ...e, requirements: c.ids })) : [{ title: c.errors[0]?.split('\n')[0], requirements: c.ids }];
  return { ...c, evidence, ledger: { passed, failed: Object.fromEntries(c.ids.map((id) => [id, 1])) } };
}
