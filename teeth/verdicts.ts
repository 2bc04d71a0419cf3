/**
 * From one run's outcome to a verdict. Pure functions over reports, so they are
 * tested on synthetic reports (tests/kill-matrix.spec.ts, tests/variants.spec.ts).
 */
import { type Check, checksOf, isFailed, topLevelErrors } from './playwright-report.js';
import type { RunOutcome } from './run-playwright.js';

/**
 * KILLED: a check citing one of the defect's IDs failed, and its failure is charged to one of them.
 * MISCHARGED: checks citing the IDs failed, but their evidence charges other rules: the report would blame the wrong rule.
 * UNCONFIRMED: it failed, but it does not pass on the clean reference either.
 */
export type DefectVerdict = 'KILLED' | 'SURVIVED' | 'NO-CHECK' | 'MISCHARGED' | 'UNCONFIRMED' | 'ERROR';

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface DefectVerdictResult {
  verdict: DefectVerdict;
  /** Keys (`file › describe › title`) of the relevant checks that failed. */
  killers: string[];
  /** First lines of the first killer's error: what the check saw. */
  killerError?: string;
  relevant: Counts;
  /** Why: the error of a run that gave no verdict, or what the relevant checks did. */
  detail?: string;
}

export function countChecks(checks: readonly Check[]): Counts {
  return {
    total: checks.length,
    passed: checks.filter((c) => c.status === 'passed').length,
    failed: checks.filter(isFailed).length,
    skipped: checks.filter((c) => c.status === 'skipped').length,
  };
}

export const cites = (check: Check, ids: readonly string[]): boolean => check.ids.some((id) => ids.includes(id));

/** Why a run gave no usable report, or undefined when it did. */
export function runError(outcome: RunOutcome, limitSeconds?: number): string | undefined {
  if (outcome.timedOut) return `hung: no result within ${limitSeconds ?? Math.round(outcome.seconds)} s (process stopped)`;
  if (outcome.aborted) return 'interrupted before the end (deadline or Ctrl-C)';
  if (!outcome.report) return `${outcome.reportError ?? 'no report'} (exit ${outcome.exitCode})\n${outcome.logTail}`;
  return undefined;
}

/**
 * The verdict on one defect from the run of the checks citing its IDs. A failing
 * relevant check kills it even when the run also reports other errors: the check
 * saw the deviation. A hang never counts as a kill.
 */
export function defectVerdict(breaks: readonly string[], outcome: RunOutcome, limitSeconds?: number): DefectVerdictResult {
  const none: Counts = { total: 0, passed: 0, failed: 0, skipped: 0 };
  const error = runError(outcome, limitSeconds);
  if (error || !outcome.report) return { verdict: 'ERROR', killers: [], relevant: none, detail: error };
  const relevant = checksOf(outcome.report).filter((c) => cites(c, breaks));
  const counts = countChecks(relevant);
  const failed = relevant.filter(isFailed);
  // The failure must land on a rule the defect breaks, as the conformance report charges it.
  const killers = failed.filter((c) => cites({ ...c, ids: c.charged ?? c.ids }, breaks));
  if (killers.length > 0) {
    return { verdict: 'KILLED', killers: killers.map((c) => c.key), killerError: killers[0].error, relevant: counts };
  }
  if (failed.length > 0) {
    const charged = [...new Set(failed.flatMap((c) => c.charged ?? []))].join(', ');
    return { verdict: 'MISCHARGED', killers: [], killerError: failed[0].error, relevant: counts, detail: `the failing checks charge ${charged}, not the rules the defect breaks` };
  }
  const errors = topLevelErrors(outcome.report);
  if (errors.length > 0) return { verdict: 'ERROR', killers: [], relevant: counts, detail: errors.join('\n') };
  if (relevant.length === 0) return { verdict: 'NO-CHECK', killers: [], relevant: counts, detail: 'no check cites these IDs' };
  const interrupted = relevant.filter((c) => c.status === 'interrupted' || c.status === undefined);
  if (interrupted.length > 0) {
    return { verdict: 'ERROR', killers: [], relevant: counts, detail: `${interrupted.length} relevant check(s) did not finish` };
  }
  return { verdict: 'SURVIVED', killers: [], relevant: counts, detail: `${counts.passed} passed, ${counts.skipped} skipped` };
}

/**
 * A kill proves a check's teeth only if that check passes on the clean reference:
 * otherwise it fails for some other reason (a broken check, a flaky wait). Given
 * the clean run's checks, a KILLED verdict whose killers all fail to pass there
 * becomes UNCONFIRMED; killers that do pass on the clean reference come first.
 */
export function confirmKill(result: DefectVerdictResult, clean: readonly Check[] | undefined): DefectVerdictResult {
  if (result.verdict !== 'KILLED' || !clean) return result;
  const passedClean = new Set(clean.filter((c) => c.status === 'passed').map((c) => c.key));
  const confirmed = result.killers.filter((k) => passedClean.has(k));
  if (confirmed.length === 0) {
    return { ...result, verdict: 'UNCONFIRMED', detail: 'every failing check also fails or skips on the clean reference' };
  }
  return { ...result, killers: [...confirmed, ...result.killers.filter((k) => !confirmed.includes(k))] };
}

/** PASS: every check passed or was skipped as not exercised. */
export type SuiteVerdict = 'PASS' | 'FALSE-FAILURE' | 'ERROR';

export interface SuiteVerdictResult {
  verdict: SuiteVerdict;
  counts: Counts;
  /** Checks that failed on a server that keeps the spec. */
  failures: { key: string; status: string; error?: string }[];
  /** Skips whose reason is not `not exercised: …`: a check that did not run proves nothing. */
  unexplainedSkips: { key: string; reason?: string }[];
  detail?: string;
}

export const NOT_EXERCISED = 'not exercised:';

/** The verdict on a whole-suite run against a server that keeps the spec (clean or an allowed variant). */
export function suiteVerdict(outcome: RunOutcome, limitSeconds?: number): SuiteVerdictResult & { checks: Check[] } {
  const empty = { counts: { total: 0, passed: 0, failed: 0, skipped: 0 }, failures: [], unexplainedSkips: [], checks: [] };
  const error = runError(outcome, limitSeconds);
  if (error || !outcome.report) return { verdict: 'ERROR', ...empty, detail: error };
  const checks = checksOf(outcome.report);
  const failures = checks
    .filter((c) => isFailed(c) || c.status === 'interrupted')
    .map((c) => ({ key: c.key, status: c.status ?? 'not run', error: c.error }));
  const unexplainedSkips = checks
    .filter((c) => c.status === 'skipped' && !(c.skipReason ?? '').startsWith(NOT_EXERCISED))
    .map((c) => ({ key: c.key, reason: c.skipReason }));
  const counts = countChecks(checks);
  const errors = topLevelErrors(outcome.report);
  if (errors.length > 0) return { verdict: 'ERROR', counts, failures, unexplainedSkips, checks, detail: errors.join('\n') };
  if (checks.length === 0) return { verdict: 'ERROR', counts, failures, unexplainedSkips, checks, detail: 'no check ran' };
  const verdict = failures.length > 0 || unexplainedSkips.length > 0 ? 'FALSE-FAILURE' : 'PASS';
  return { verdict, counts, failures, unexplainedSkips, checks };
}
