/**
 * From files to files: reads Playwright's JSON report, the catalog and the
 * optional baseline and previous report (settings from the environment), and
 * writes reports/conformance.json and reports/conformance.html.
 *
 * Settings read here:
 *   SC_STRICT=1              SHOULD findings fail the gate too
 *   SC_BASELINE=path         [{id, reason}] known failures, [{id, notExercised: code, reason}] accepted not-exercised rules
 *   SC_REQUIRE=…             capabilities the run must reach (protocol/require.ts): default all on the embedded reference
 *   SC_WRITE_BASELINE=path   writes this run's failures and non-transient not-exercised MUST rules as a baseline
 *   SC_RUN_ID                the run's id: only its budget figures are shown
 *   SC_PREVIOUS_REPORT=path  an earlier conformance.json to diff against
 *   SC_HISTORY=dir           one summary per run kept there; the HTML draws the last 30 as a trend
 *   SC_BASE_URL              shown as the target (credentials never are)
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
import { readRequired, type Required } from '../protocol/require.js';
import { writeBaseline } from './baseline-write.js';
import { describeTarget, maskValues, registerRunSecrets } from './masking.js';
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
  env?: NodeJS.ProcessEnv;
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

const truthy = (v: string | undefined) => !!v && !['0', 'false', 'no', ''].includes(v.toLowerCase());

export function buildReportFiles(opts: BuildFilesOptions): BuildFilesResult {
  const env = opts.env ?? process.env;
  registerRunSecrets(env);
  const settingErrors: string[] = [...(opts.runErrors ?? [])];
  const problems: Problem[] = [];

  let baseline: Baseline | undefined;
  if (env.SC_BASELINE) {
    try {
      baseline = loadBaseline(env.SC_BASELINE);
    } catch (e) {
      // A baseline that cannot be read would silently turn known gaps into failures or the reverse: a bad setting.
      settingErrors.push((e as Error).message);
    }
  }
  let required: Required | undefined;
  const req = readRequired(env);
  if ('error' in req) settingErrors.push(req.error);
  else required = req;
  let previous: ReturnType<typeof loadPrevious> | undefined;
  if (env.SC_PREVIOUS_REPORT) {
    try {
      previous = loadPrevious(env.SC_PREVIOUS_REPORT);
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
    target: describeTarget(env),
    strict: truthy(env.SC_STRICT),
    baseline,
    previous,
    settingErrors,
    problems,
    required,
    runId: env.SC_RUN_ID,
    now: opts.now,
  });

  // What the run spent and created at the target. The budget folder may hold an earlier run's files (a reused
  // reports folder, a run that broke before any check wrote): only this run's figures are shown.
  const budget = runBudget(opts.outDir)?.totals;
  report.run.budget = budget && (env.SC_RUN_ID === undefined || budget.runId === env.SC_RUN_ID) ? budget : undefined;
  report.run.footprint = read.report ? footprint(read.report as Parameters<typeof footprint>[0]) : undefined;
  mkdirSync(opts.outDir, { recursive: true });
  const jsonFile = join(opts.outDir, 'conformance.json');
  const htmlFile = join(opts.outDir, 'conformance.html');
  writeFileSync(jsonFile, maskValues(`${JSON.stringify(report, null, 2)}\n`));
  // SC_HISTORY / SC_PREVIOUS_REPORT: the trend chart (reporting/history.ts; a whole run is appended to SC_HISTORY).
  writeFileSync(htmlFile, renderHtml(report, { trend: runTrend(env, report) }));
  // JUnit from the same verdicts (Playwright's own junit reporter is not used): CI summaries agree with the gate.
  const junitFile = join(opts.outDir, 'junit.xml');
  writeFileSync(junitFile, maskValues(renderJunit(report, read.checks)));
  const baselineWritten = env.SC_WRITE_BASELINE ? writeBaseline(env.SC_WRITE_BASELINE, report, baseline) : undefined;
  return { report, checks: read.checks, jsonFile, htmlFile, junitFile, baselineWritten };
}
