/**
 * The paced re-run (issue "A PASS is proof", item 1): before a run is declared
 * INCOMPLETE, the checks that left a reachable MUST rule not exercised for a
 * transient reason (429 after every retry, a timeout) run once more, alone and
 * slower. A partner's sandbox shares its 36 requests per second with the
 * partner's own traffic: one throttled minute must not cost a night's verdict,
 * and it must not buy a PASS either, so a check that fails in the re-run fails.
 *
 * The re-run's result replaces the first run's for the same check (Playwright's
 * test id is stable across runs of the same file and title); every other check
 * keeps its first result. The merged checks are judged as one run.
 */
import { TRANSIENT_REASONS } from '../results/outcomes.js';
import type { ReadReport } from './read-playwright-report.js';
import { PREFLIGHT_FILE } from './preflight-report.js';
import { isServerMust } from './scope.js';
import type { ConformanceReport } from './report-types.js';
import type { Settings } from '../settings/settings.js';

/** A check to run again: its location, as Playwright's `file:line` filter takes it (relative to specs/). */
export interface RerunTarget {
  id: string;
  file: string;
  line: number;
  title: string;
}

const transient = new Set<string>(TRANSIENT_REASONS);

/**
 * The checks to re-run, paced: those tied to a server MUST rule that ended not
 * exercised for a transient reason, that did not pass that rule. Empty unless the
 * gate is INCOMPLETE (a FAILED or BROKEN run is not made better by a re-run).
 */
export function pacedRerunTargets(report: Pick<ConformanceReport, 'gate' | 'requirements'>): RerunTarget[] {
  if (report.gate.state !== 'INCOMPLETE') return [];
  const out = new Map<string, RerunTarget>();
  for (const r of report.requirements) {
    if (r.verdict !== 'not-exercised' || !r.reasonCode || !transient.has(r.reasonCode) || !isServerMust(r)) continue;
    for (const c of r.checks) {
      if (c.ruleVerdict === 'passed' || out.has(c.id) || c.file === PREFLIGHT_FILE) continue;
      out.set(c.id, { id: c.id, file: c.file, line: c.line, title: c.title });
    }
  }
  return [...out.values()];
}

/** The first run's checks with the re-run's result in place of each check it ran again; the first run's errors kept. */
export function mergeRerun(first: ReadReport, rerun: ReadReport): ReadReport {
  const again = new Map(rerun.checks.map((c) => [c.id, c]));
  // A re-run that broke (its own run errors) leaves the first run's results: it can only add evidence, never a run error.
  if (rerun.errors.length && rerun.checks.length === 0) return first;
  return { ...first, checks: first.checks.map((c) => again.get(c.id) ?? c) };
}

/** The settings the re-run changes: one worker, half the request rate of the first run (at least 1/s). */
export function pacedSettings(settings: Pick<Settings, 'pacing'>, rerunReports: string): Record<string, string> {
  const rate = settings.pacing.rateLimit;
  const paced = rate !== undefined && rate > 0 ? Math.max(1, Math.floor(rate / 2)) : 10;
  return { SC_WORKERS: '1', SC_RATE_LIMIT: String(paced), SC_REPORTS: rerunReports, SC_VIEWER_REPORTS: '0', SC_PACED_RERUN: '1' };
}
