/**
 * A batch run's JSON report cut into one report per project (one per job), each
 * shaped as that job's own run would have left it: the same files, describes and
 * checks, only that project's tests. Pure, so it is tested on hand-made reports.
 */
import type { PlaywrightReport, ReportSuite } from '../../reporting/playwright-json.js';

function prune(suite: ReportSuite, project: string): ReportSuite | undefined {
  const specs = (suite.specs ?? [])
    .map((spec) => ({ ...spec, tests: (spec.tests ?? []).filter((t) => t.projectName === project) }))
    .filter((spec) => spec.tests.length > 0);
  const suites = (suite.suites ?? []).map((s) => prune(s, project)).filter((s): s is ReportSuite => s !== undefined);
  return specs.length || suites.length ? { ...suite, specs, suites } : undefined;
}

/**
 * The report of one project; the run's top-level errors (global setup, load errors) belong to every project.
 * Its files in path order, as a run of the project alone lists them (the batch lists them as projects first met them).
 */
export function projectReport(report: PlaywrightReport, project: string): PlaywrightReport {
  const suites = (report.suites ?? []).map((s) => prune(s, project)).filter((s): s is ReportSuite => s !== undefined);
  const file = (s: ReportSuite): string => s.file ?? s.title ?? '';
  suites.sort((a, b) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0));
  return { ...report, suites };
}

/** Seconds from the project's first check's start to its last check's end (0 when none ran). */
export function projectSeconds(report: PlaywrightReport): number {
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  const walk = (suite: ReportSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const r of test.results ?? []) {
          const start = Date.parse(r.startTime ?? '');
          if (Number.isNaN(start)) continue;
          first = Math.min(first, start);
          last = Math.max(last, start + (r.duration ?? 0));
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  return last > first ? (last - first) / 1000 : 0;
}

/** True when every test of the report has a last result that ended (not interrupted, not missing). */
export function allFinished(report: PlaywrightReport): boolean {
  let finished = true;
  const walk = (suite: ReportSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const status = test.results?.at(-1)?.status;
        if (!status || status === 'interrupted') finished = false;
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  return finished;
}
