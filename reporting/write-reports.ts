/**
 * From files to files, in two steps: `judgeRun` reads Playwright's JSON report (or the
 * checks as already read), the catalog and the optional baseline and previous report, and
 * judges them into one ConformanceReport, whose gate is decided there (reporting/build.ts,
 * reporting/gate.ts); `writeReportFiles` writes that report as reports/conformance.json,
 * conformance.html and junit.xml. The run's end (reporting/finish.ts) judges, may judge a
 * paced re-run's merged checks instead, and writes once.
 *
 * The settings used here (`settings.report`, settings/run-settings.ts):
 *   SC_STRICT=1              SHOULD findings fail the gate too
 *   SC_BASELINE=path         [{id, reason}] known failures, [{id, notExercised: code, reason}] accepted not-exercised rules
 *   SC_REQUIRE=…             capabilities the run must reach (results/require.ts): default all on the embedded reference
 *   SC_WRITE_BASELINE=path   writes this run's failures and non-transient not-exercised MUST rules as a baseline
 *   SC_PREVIOUS_REPORT=path  an earlier conformance.json to diff against
 *   SC_HISTORY=dir           one summary per run kept there; the HTML draws the last 30 as a trend
 *   SC_BASE_URL              shown as the target (credentials never are)
 * and the run's id (settings/run-context.ts): only its budget figures are shown.
 * The effective settings, secrets masked, are kept in `run.settings` (settings/effective.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalog, loadCatalog } from '../catalog/index.js';
import { buildConformance } from './build.js';
import { loadPrevious } from './diff.js';
import { type Baseline, loadBaseline } from './gate.js';
import { runTrend } from './history.js';
import { renderHtml } from './html/page.js';
import { runBudget } from '../results/budget-files.js';
import type { CheckResult } from '../results/check-result.js';
import { footprint } from '../lib/footprint-count.js';
import { renderJunit } from './junit.js';
import type { Required } from '../results/require.js';
import { writeBaseline } from './baseline-write.js';
import { describeTarget, maskValues, registerRunSecrets } from './masking.js';
import { effectiveSettings } from '../settings/effective.js';
import { runId as handedRunId } from '../settings/run-context.js';
import type { Settings } from '../settings/settings.js';
import { type ReadReport, readPlaywrightReport } from './read-playwright-report.js';
import type { ConformanceReport, Problem } from './report-types.js';

export interface BuildFilesOptions {
  /** Playwright's JSON report, e.g. reports/playwright.json. */
  jsonPath: string;
  /** Where conformance.json and conformance.html go. */
  outDir: string;
  /** The catalog, already loaded (the product path: the project's catalog folder)… */
  catalog?: Catalog;
  /** …or the folder of requirements.json and skip-list.json (tests: a synthetic catalog). */
  catalogDir?: string;
  /** The run's settings, as the process that ends the run read them. */
  settings: Settings;
  now?: Date;
  /** The checks as already read (a run the preflight stopped: reporting/preflight-report.ts), instead of `jsonPath`. */
  read?: ReadReport;
  /** Why the run broke, found outside the JSON report (how it was stopped): each one is a run error, first in the list. */
  runErrors?: string[];
}

/** A run judged: its report (the gate decided), the checks it was built from, the baseline it was judged against. */
export interface Judged {
  report: ConformanceReport;
  /** The checks as read (JUnit and Allure render each one's outcome; a paced re-run merges into them). */
  read: ReadReport;
  baseline?: Baseline;
}

export interface BuildFilesResult {
  report: ConformanceReport;
  /** The checks the report was built from (JUnit and Allure render each one's outcome). */
  checks: CheckResult[];
  jsonFile: string;
  htmlFile: string;
  junitFile: string;
  /** SC_WRITE_BASELINE: the file written and its entries, or why none was written. */
  baselineWritten?: { file: string; entries: number; left: string[] } | { error: string };
}

/** Judges a run: reads what it needs, decides the gate once (buildConformance); writes nothing. */
export function judgeRun(opts: BuildFilesOptions): Judged {
  const settings = opts.settings;
  const wanted = settings.report;
  // SC_RUN_ID as given, else the one the run made (the same in every process of the run).
  const runId = settings.run.runId ?? handedRunId();
  registerRunSecrets(settings.secrets);
  const settingErrors: string[] = [...(opts.runErrors ?? [])];
  const problems: Problem[] = [];

  let baseline: Baseline | undefined;
  if (wanted.baseline) {
    try {
      baseline = loadBaseline(wanted.baseline);
    } catch (e) {
      // A baseline that cannot be read would silently turn known gaps into failures or the reverse: a bad setting.
      settingErrors.push((e as Error).message);
    }
  }
  let required: Required | undefined;
  const req = wanted.required;
  if ('error' in req) settingErrors.push(req.error);
  else required = req;
  let previous: ReturnType<typeof loadPrevious> | undefined;
  if (wanted.previousReport) {
    try {
      previous = loadPrevious(wanted.previousReport);
    } catch (e) {
      // The first nightly run has no previous report: say so, do not fail.
      problems.push({ kind: 'previous', message: (e as Error).message });
    }
  }

  const read = opts.read ?? readPlaywrightReport(opts.jsonPath);
  const catalog = opts.catalog ?? loadCatalog(opts.catalogDir ?? 'catalog');
  const report = buildConformance({
    read,
    catalog,
    target: describeTarget(settings),
    strict: wanted.strict,
    baseline,
    previous,
    settingErrors,
    problems,
    required,
    runId,
    now: opts.now,
  });

  // What the run spent and created at the target. The budget folder may hold an earlier run's files (a reused
  // reports folder, a run that broke before any check wrote): only this run's figures are shown.
  const budget = runBudget(opts.outDir)?.totals;
  report.run.budget = budget && (runId === undefined || budget.runId === runId) ? budget : undefined;
  report.run.settings = effectiveSettings(settings, runId);
  report.run.footprint = read.report ? footprint(read.report as Parameters<typeof footprint>[0]) : undefined;
  return { report, read, baseline };
}

/** Writes a judged run's report files (and SC_WRITE_BASELINE's baseline): the only writer of conformance.json, .html and junit.xml. */
export function writeReportFiles({ report, read, baseline }: Judged, outDir: string, settings: Settings): BuildFilesResult {
  const wanted = settings.report;
  mkdirSync(outDir, { recursive: true });
  const jsonFile = join(outDir, 'conformance.json');
  const htmlFile = join(outDir, 'conformance.html');
  writeFileSync(jsonFile, maskValues(`${JSON.stringify(report, null, 2)}\n`));
  // SC_HISTORY / SC_PREVIOUS_REPORT: the trend chart (reporting/history.ts; a whole run is appended to SC_HISTORY).
  writeFileSync(htmlFile, renderHtml(report, { trend: runTrend(wanted, report) }));
  // JUnit from the same verdicts (Playwright's own junit reporter is not used): CI summaries agree with the gate.
  const junitFile = join(outDir, 'junit.xml');
  writeFileSync(junitFile, maskValues(renderJunit(report, read.checks)));
  const baselineWritten = wanted.writeBaseline ? writeBaseline(wanted.writeBaseline, report, baseline) : undefined;
  return { report, checks: read.checks, jsonFile, htmlFile, junitFile, baselineWritten };
}

/** Judges and writes in one step (the project's tests of the report files). */
export function buildReportFiles(opts: BuildFilesOptions): BuildFilesResult {
  return writeReportFiles(judgeRun(opts), opts.outDir, opts.settings);
}
