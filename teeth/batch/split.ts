/**
 * A batch run's JSON report cut into one report per job (the file suites of its wrapper
 * folder), each shaped as that job's own run would have left it: the same files, describes
 * and checks, only that job's tests. Pure, so it is tested on hand-made reports.
 */
import type { PlaywrightReport, ReportSuite } from '../../reporting/playwright-json.js';

/** The first spec file a suite's checks were declared in (a wrapper file's suite holds one spec file's checks). */
function declaredFile(suite: ReportSuite): string | undefined {
  for (const spec of suite.specs ?? []) if (spec.file) return spec.file;
  for (const child of suite.suites ?? []) {
    const file = child.file ?? declaredFile(child);
    if (file) return file;
  }
  return undefined;
}

/** The suite with every test's project named `name`. */
function renamed(suite: ReportSuite, name: string): ReportSuite {
  return {
    ...suite,
    specs: (suite.specs ?? []).map((spec) => ({ ...spec, tests: (spec.tests ?? []).map((t) => ({ ...t, projectName: name })) })),
    suites: (suite.suites ?? []).map((s) => renamed(s, name)),
  };
}

/**
 * The report of one job: the file suites of its wrapper folder `key` (teeth/batch/config.ts), each
 * named by the spec file it wraps, its tests' project named `name`, as a run of its own lists them; the
 * run's top-level errors (global setup, load errors) belong to every job, `errors` (its fixtures'
 * teardown) to this one. Its files in path order, as a run of the job alone lists them.
 */
export function jobReport(report: PlaywrightReport, key: string, name: string, errors: string[] = []): PlaywrightReport {
  const inFolder = (title: string): boolean => title.startsWith(`${key}/`) || title.includes(`/${key}/`);
  const suites = (report.suites ?? [])
    .filter((s) => inFolder(s.title ?? s.file ?? ''))
    .map((s) => {
      const file = declaredFile(s) ?? s.file ?? s.title;
      return { ...renamed(s, name), title: file, file };
    });
  const file = (s: ReportSuite): string => s.file ?? s.title ?? '';
  suites.sort((a, b) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0));
  return { ...report, suites, errors: [...(report.errors ?? []), ...errors.map((message) => ({ message }))] };
}

/** Seconds from the job's first check's start to its last check's end (0 when none ran). */
export function jobSeconds(report: PlaywrightReport): number {
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

/** True when some test of the report has a result: the job began before the batch was stopped. */
export function anyStarted(report: PlaywrightReport): boolean {
  const walk = (suite: ReportSuite): boolean =>
    (suite.specs ?? []).some((spec) => (spec.tests ?? []).some((test) => (test.results ?? []).length > 0)) || (suite.suites ?? []).some(walk);
  return (report.suites ?? []).some(walk);
}
