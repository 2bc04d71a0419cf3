/**
 * From files to files: reads Playwright's JSON report, the catalog and the
 * optional baseline and previous report, and writes reports/conformance.json,
 * conformance.html and junit.xml.
 *
 * The settings used here (`settings.report`, settings/run-settings.ts):
 *   SC_STRICT=1              SHOULD findings fail the gate too
 *   SC_BASELINE=path         [{id, reason}] known failures, [{id, notExercised: code, reason}] accepted not-exercised rules
 *   SC_REQUIRE=…             capabilities the run must reach (protocol/require.ts): default all on the embedded reference
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
import { renderHtml } from './html.js';
import { runBudget } from '../protocol/budget.js';
import type { Check } from '../protocol/check.js';
import { footprint } from '../lib/footprint.js';
import { renderJunit } from './junit.js';
import type { Required } from '../protocol/require.js';
import { writeBaseline } from './baseline-write.js';
import { describeTarget, maskValues, registerRunSecrets } from './masking.js';
import { effectiveSettings } from '../settings/effective.js';
import { runId as handedRunId } from '../settings/run-context.js';
import { readCurrentSettings, type Settings } from '../settings/settings.js';
import { type ReadReport, readPlaywrightReport } from './playwright-report.js';
import type { ConformanceReport, Problem } from './types.js';

export interface BuildFilesOptions {
  /** Playwright's JSON report, e.g. reports/playwright.json. */
  jsonPath: string;
  /** Where conformance.json and conformance.html go. */
  outDir: string;
  /** The catalog, already loaded (the product path: the project's catalog folder)… */
  catalog?: Catalog;
  /** …or the folder of requirements.json and skip-list.json (tests: a synthetic catalog). */
  catalogDir?: string;
  /** The run's settings (default: this process's, settings/settings.ts). */
  settings?: Settings;
  now?: Date;
  /** The checks as already read (a run the preflight stopped: reporting/preflight-report.ts), instead of `jsonPath`. */
  read?: ReadReport;
  /** Why the run broke, found outside the JSON report (how it was stopped): each one is a run error, first in the list. */
  runErrors?: string[];
}

export interface BuildFilesResult {
  report: ConformanceReport;
  /** The checks the report was built from (JUnit and Allure render each one's outcome). */
  checks: Check[];
  jsonFile: string;
  htmlFile: string;
  junitFile: string;
  /** SC_WRITE_BASELINE: the file written and its entries, or why none was written. */
  baselineWritten?: { file: string; entries: number; left: string[] } | { error: string };
}

export function buildReportFiles(opts: BuildFilesOptions): BuildFilesResult {
  const settings = opts.settings ?? readCurrentSettings().settings;
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
  mkdirSync(opts.outDir, { recursive: true });
  const jsonFile = join(opts.outDir, 'conformance.json');
  const htmlFile = join(opts.outDir, 'conformance.html');
  writeFileSync(jsonFile, maskValues(`${JSON.stringify(report, null, 2)}\n`));
  // SC_HISTORY / SC_PREVIOUS_REPORT: the trend chart (reporting/history.ts; a whole run is appended to SC_HISTORY).
  writeFileSync(htmlFile, renderHtml(report, { trend: runTrend(wanted, report) }));
  // JUnit from the same verdicts (Playwright's own junit reporter is not used): CI summaries agree with the gate.
  const junitFile = join(opts.outDir, 'junit.xml');
  writeFileSync(junitFile, maskValues(renderJunit(report, read.checks)));
  const baselineWritten = wanted.writeBaseline ? writeBaseline(wanted.writeBaseline, report, baseline) : undefined;
  return { report, checks: read.checks, jsonFile, htmlFile, junitFile, baselineWritten };
}
