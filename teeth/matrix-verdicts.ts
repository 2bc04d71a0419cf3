/**
 * From one run's outcome to a verdict. Pure functions over reports, so they are
 * tested on synthetic reports (tests/teeth/kill-matrix.spec.ts, tests/teeth/variants.spec.ts).
 */
import { grepForIds } from '../catalog/ids.js';
import { footprint, footprintByCheck, footprintTable, overBudget } from '../lib/footprint-count.js';
import { parseOutcome } from '../results/outcomes.js';
import type { DefectInfo } from '../reference/defects/index.js';
import { type TeethCheck, checksOf, isFailed, topLevelErrors } from './job-checks.js';
import type { RunOutcome } from './run-playwright.js';

/**
 * KILLED: failures were charged to the rules the defect breaks, and to no other rule.
 * OVERCHARGED: failures were charged to rules it breaks, and also to others (`extra`): the report would blame rules the server keeps.
 * MISCHARGED: failures were charged, but none to a rule it breaks.
 * UNCONFIRMED: it failed, but the failing check does not pass on the clean reference either.
 * NOT-RUN: the matrix stopped (its bound, Ctrl-C) before any check of it started: no verdict, and the matrix is not proven.
 */
export type DefectVerdict = 'KILLED' | 'OVERCHARGED' | 'SURVIVED' | 'NO-CHECK' | 'MISCHARGED' | 'UNCONFIRMED' | 'ERROR' | 'NOT-RUN';

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface DefectVerdictResult {
  verdict: DefectVerdict;
  /** Keys (`file › describe › title`) of the checks whose failures were charged to a rule the defect breaks. */
  killers: string[];
  /** First lines of the first killer's error: what the check saw. */
  killerError?: string;
  relevant: Counts;
  /** Every rule a failure of the run was charged to (MUST failures and SHOULD findings), as the report blames them. */
  charged: string[];
  /** Charged rules the defect does not declare it breaks: spilled blame. */
  extra: string[];
  /** Why: the error of a run that gave no verdict, or what the relevant checks did. */
  detail?: string;
}

export function countChecks(checks: readonly TeethCheck[]): Counts {
  return {
    total: checks.length,
    passed: checks.filter((c) => c.status === 'passed').length,
    failed: checks.filter(isFailed).length,
    skipped: checks.filter((c) => c.status === 'skipped').length,
  };
}

export const cites = (check: Pick<TeethCheck, 'ids'>, ids: readonly string[]): boolean => check.ids.some((id) => ids.includes(id));

/** The spec files (in path order) that hold a check citing one of `ids`. */
export const filesCiting = (checks: readonly Pick<TeethCheck, 'ids' | 'file'>[], ids: readonly string[]): string[] =>
  [...new Set(checks.filter((c) => cites(c, ids)).map((c) => c.file))].sort();

/** The rules whose checks a defect's job runs: those it breaks, and those it names to watch for a spill (`alsoRuns`). */
export const rulesRunFor = (info: Pick<DefectInfo, 'breaks' | 'alsoRuns'>): string[] => [...info.breaks, ...(info.alsoRuns ?? [])];

/** A defect's checks as a --grep: the IDs of the rules it breaks or watches, or its group's tag (and the IDs it watches). */
export function grepOfDefect(info: Pick<DefectInfo, 'breaks' | 'group' | 'wholeGroup' | 'alsoRuns'>): string {
  if (!info.wholeGroup) return grepForIds(rulesRunFor(info));
  return [`@${info.group}\\b`, ...(info.alsoRuns?.length ? [grepForIds(info.alsoRuns)] : [])].join('|');
}

/** A defect's spec files: those citing the rules it breaks or watches (`alsoRuns`), or every file of its group's checks (`wholeGroup`). */
export function filesOfDefect(checks: readonly Pick<TeethCheck, 'ids' | 'file' | 'tags'>[], info: Pick<DefectInfo, 'breaks' | 'group' | 'wholeGroup' | 'alsoRuns'> | undefined): string[] {
  if (!info?.wholeGroup) return filesCiting(checks, info ? rulesRunFor(info) : []);
  const group = checks.filter((c) => c.tags.includes(`@${info.group}`)).map((c) => c.file);
  return [...new Set([...group, ...filesCiting(checks, info.alsoRuns ?? [])])].sort();
}

/**
 * The detail of a run the matrix stopped before it began (its bound, or Ctrl-C): a row the text leaves out of its
 * tables, counted in one line instead (teeth-run.ts), for it says nothing of the suite.
 */
export const NOT_STARTED = 'not started: the matrix stopped first';

/** Why a run gave no usable report, or undefined when it did. */
export function runError(outcome: RunOutcome, limitSeconds?: number): string | undefined {
  if (outcome.notStarted) return NOT_STARTED;
  if (outcome.timedOut) return `hung: no result within ${limitSeconds ?? Math.round(outcome.seconds)} s (process stopped)`;
  if (outcome.aborted) return 'interrupted before the end (deadline or Ctrl-C)';
  if (!outcome.report) return `${outcome.reportError ?? 'no report'} (exit ${outcome.exitCode})\n${outcome.logTail}`;
  return undefined;
}

/**
 * The verdict on one defect from the run of the checks citing its IDs. The run's
 * charged rules are what the conformance report would blame: each failure is
 * charged to exactly the rules its evidence names. A check that broke (an
 * exception, a timeout, no failure recorded) is charged to nothing, so it kills
 * nothing; a hang never counts either.
 */
export function defectVerdict(breaks: readonly string[], outcome: RunOutcome, limitSeconds?: number): DefectVerdictResult {
  const none: Counts = { total: 0, passed: 0, failed: 0, skipped: 0 };
  const error = runError(outcome, limitSeconds);
  if (outcome.notStarted) return { verdict: 'NOT-RUN', killers: [], relevant: none, charged: [], extra: [], detail: error };
  if (error || !outcome.report) return { verdict: 'ERROR', killers: [], relevant: none, charged: [], extra: [], detail: error };
  const checks = checksOf(outcome.report);
  const relevant = checks.filter((c) => cites(c, breaks));
  const counts = countChecks(relevant);
  const charged = [...new Set(checks.flatMap((c) => c.charged))].sort();
  const extra = charged.filter((id) => !breaks.includes(id));
  const killers = checks.filter((c) => c.charged.some((id) => breaks.includes(id)));
  if (killers.length > 0) {
    const verdict = extra.length ? 'OVERCHARGED' : 'KILLED';
    const detail = extra.length ? `also charged: ${extra.join(', ')}` : undefined;
    return { verdict, killers: killers.map((c) => c.key), killerError: killers[0].error, relevant: counts, charged, extra, detail };
  }
  const result = { killers: [], relevant: counts, charged, extra };
  if (charged.length > 0) {
    const failed = checks.find((c) => c.charged.length > 0);
    return { ...result, verdict: 'MISCHARGED', killerError: failed?.error, detail: `the failures charge ${charged.join(', ')}, not the rules the defect breaks` };
  }
  const errors = topLevelErrors(outcome.report);
  if (errors.length > 0) return { ...result, verdict: 'ERROR', detail: errors.join('\n') };
  if (relevant.length === 0) return { ...result, verdict: 'NO-CHECK', detail: 'no check cites these IDs' };
  const unfinished = relevant.filter((c) => c.status === 'interrupted' || c.status === undefined || isFailed(c));
  if (unfinished.length > 0) {
    return { ...result, verdict: 'ERROR', detail: `${unfinished.length} relevant check(s) broke or did not finish without a failure charged to any rule: ${unfinished[0].error ?? unfinished[0].status ?? 'not run'}` };
  }
  return { ...result, verdict: 'SURVIVED', detail: `${counts.passed} passed, ${counts.skipped} skipped` };
}

/**
 * Blame precision over defect rows: of all the rules the runs charged, the share
 * the defects declare they break (1 when nothing was charged).
 */
export function blamePrecision(rows: readonly Pick<DefectVerdictResult, 'charged' | 'extra'>[]): { inside: number; charged: number; ratio: number } {
  const charged = rows.reduce((n, r) => n + r.charged.length, 0);
  const inside = rows.reduce((n, r) => n + r.charged.length - r.extra.length, 0);
  return { inside, charged, ratio: charged === 0 ? 1 : inside / charged };
}

/**
 * A kill proves a check's teeth only if that check passes on the clean reference:
 * otherwise it fails for some other reason (a broken check, a flaky wait). Given
 * the clean run's checks, a KILLED verdict whose killers all fail to pass there
 * becomes UNCONFIRMED; killers that do pass on the clean reference come first.
 */
export function confirmKill(result: DefectVerdictResult, clean: readonly TeethCheck[] | undefined): DefectVerdictResult {
  if ((result.verdict !== 'KILLED' && result.verdict !== 'OVERCHARGED') || !clean) return result;
  const passedClean = new Set(clean.filter((c) => c.status === 'passed').map((c) => c.key));
  const confirmed = result.killers.filter((k) => passedClean.has(k));
  if (confirmed.length === 0) {
    return { ...result, verdict: 'UNCONFIRMED', detail: 'every failing check also fails or skips on the clean reference' };
  }
  return { ...result, killers: [...confirmed, ...result.killers.filter((k) => !confirmed.includes(k))] };
}

/** PASS: every check passed or was skipped as not exercised. NOT-RUN: stopped before it began (as a defect's). */
export type SuiteVerdict = 'PASS' | 'FALSE-FAILURE' | 'ERROR' | 'NOT-RUN';

export interface SuiteVerdictResult {
  verdict: SuiteVerdict;
  counts: Counts;
  /** Checks that failed on a server that keeps the spec. */
  failures: { key: string; status: string; error?: string }[];
  /** Skips that say neither not exercised nor not applicable, with or without a code: a check that did not run proves nothing. */
  unexplainedSkips: { key: string; reason?: string }[];
  detail?: string;
}

/** The verdict on a whole-suite run against a server that keeps the spec (clean or an allowed variant). */
export function suiteVerdict(outcome: RunOutcome, limitSeconds?: number): SuiteVerdictResult & { checks: TeethCheck[] } {
  const empty = { counts: { total: 0, passed: 0, failed: 0, skipped: 0 }, failures: [], unexplainedSkips: [], checks: [] };
  const error = runError(outcome, limitSeconds);
  if (error || !outcome.report) return { verdict: outcome.notStarted ? 'NOT-RUN' : 'ERROR', ...empty, detail: error };
  const checks = checksOf(outcome.report);
  const failures = checks
    .filter((c) => isFailed(c) || c.status === 'interrupted' || c.failedRules.length > 0)
    // A failed assertion on a server that keeps the spec is a false failure even at SHOULD level, where the check did
    // not turn red. An observation (recordFinding: a better code would fit, …) is allowed where the spec leaves the choice.
    .map((c) => ({ key: c.key, status: isFailed(c) || c.status === 'interrupted' || !c.status ? (c.status ?? 'not run') : `finding on ${c.failedRules.join(', ')}`, error: c.error }));
  // A title claiming a rule no assertion of the passed check named: the suite says it proves what it does not.
  for (const c of checks.filter((x) => x.unasserted.length > 0)) failures.push({ key: c.key, status: `title names ${c.unasserted.join(', ')}, no assertion does`, error: undefined });
  // The footprint budget: a whole run creates at most FOOTPRINT_BUDGET items on the accounts (docs/FIXTURES.md).
  const over = overBudget(footprint(outcome.report));
  if (over) failures.push({ key: 'footprint on the accounts (lib/footprint-count.ts)', status: over, error: footprintTable(footprintByCheck(outcome.report), 10) });
  const unexplainedSkips = checks
    // A coded skip (`not applicable [not_offered]: …`, results/outcomes.ts) is explained as the old `not exercised: …` is.
    .filter((c) => c.status === 'skipped' && c.failedRules.length === 0 && parseOutcome(c.skipReason) === undefined)
    .map((c) => ({ key: c.key, reason: c.skipReason }));
  const counts = countChecks(checks);
  const errors = topLevelErrors(outcome.report);
  if (errors.length > 0) return { verdict: 'ERROR', counts, failures, unexplainedSkips, checks, detail: errors.join('\n') };
  if (checks.length === 0) return { verdict: 'ERROR', counts, failures, unexplainedSkips, checks, detail: 'no check ran' };
  const verdict = failures.length > 0 || unexplainedSkips.length > 0 ? 'FALSE-FAILURE' : 'PASS';
  return { verdict, counts, failures, unexplainedSkips, checks };
}
