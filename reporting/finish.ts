/**
 * The end of a run, owned by ONE caller per run: the conformance reporter when
 * Playwright runs alone (`npx playwright test`, the teeth), scripts/conformance.ts when
 * it started Playwright (the reporter then only records how the run ended), and
 * scripts/merge-shards.ts after a merge. `finishRun`:
 *  1. reads the checks (Playwright's JSON report, or the preflight's stopping outcome
 *     from the run-stop file) and why the run stopped (reporting/stop-reason.ts);
 *  2. judges them: the gate is decided once, in reporting/gate.ts (`judgeRun`);
 *  3. INCOMPLETE, with a paced re-run to offer (scripts/conformance.ts): runs the checks
 *     left not exercised for a transient reason once more (reporting/paced-rerun.ts) and
 *     judges the first run's checks with the re-run's results merged in instead;
 *  4. writes every report once, from that one judgment: conformance.json/html, junit.xml,
 *     the Allure labels, gate result and report, the console summary, the baseline;
 *  5. returns the gate's exit code, which every caller exits by.
 * Never throws: a crash here would hide the verdict.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allureOutcomes, generateAllure, labelAllureResults, writeGateResult } from './allure.js';
import { type Catalog, loadCatalog } from '../catalog/index.js';
import { formatConsoleSummary } from './console.js';
import { mergeRerun, pacedRerunTargets, type RerunTarget } from './paced-rerun.js';
import { type ReadReport, readPlaywrightReport } from './read-playwright-report.js';
import { preflightRead } from './preflight-report.js';
import type { RunStop } from '../results/run-artifacts.js';
import { type Judged, judgeRun, writeReportFiles } from './write-reports.js';
import { stopReason } from './stop-reason.js';
import { environment } from '../settings/run-context.js';
import type { Settings } from '../settings/settings.js';

export interface FinishOptions {
  root: string;
  reportsDir: string;
  /** Skip building the Allure report (tests; SC_ALLURE=0 too); its results are still labelled and masked. */
  allure?: boolean;
  /** The run's settings, as the process that ends the run read them (settings/settings.ts), handed on. */
  settings: Settings;
  log?: (line: string) => void;
  /** The checks as already read, instead of reports/playwright.json. */
  read?: ReadReport;
  /** What the run-stop file says of this run (results/run-artifacts.ts): the preflight's stop, why the run ended early. */
  stop?: RunStop;
  /** Run errors found by the caller (Playwright ended without its reporter), listed first. */
  runErrors?: string[];
  /**
   * The paced re-run, offered by scripts/conformance.ts: runs these checks again and returns their results, or
   * undefined when it ran nothing. Asked only when the run is INCOMPLETE and some check is worth running again.
   */
  pacedRerun?: (targets: RerunTarget[]) => Promise<ReadReport | undefined>;
}

/** The checks of the run: as given, the preflight's when it stopped the run, else Playwright's JSON report. */
function checksOf(opts: FinishOptions, catalog: Catalog): ReadReport {
  if (opts.read) return opts.read;
  if (opts.stop?.preflight) return preflightRead(opts.stop.preflight, catalog);
  return readPlaywrightReport(join(opts.reportsDir, 'playwright.json'));
}

/** The run judged once; with a paced re-run, the first run's checks with the re-run's merged in, judged instead. */
async function judgeWithRerun(opts: FinishOptions, catalog: Catalog): Promise<Judged> {
  const reason = opts.stop ? stopReason(opts.stop) : undefined;
  const runErrors = [...(opts.runErrors ?? []), ...(reason ? [reason] : [])];
  const judge = (read: ReadReport) => judgeRun({ jsonPath: join(opts.reportsDir, 'playwright.json'), outDir: opts.reportsDir, catalog, settings: opts.settings, read, runErrors });
  const first = judge(checksOf(opts, catalog));
  // The paced re-run reads the gate this judgment decided (INCOMPLETE), never decides it again.
  const targets = opts.pacedRerun ? pacedRerunTargets(first.report) : [];
  if (targets.length === 0 || !opts.pacedRerun) return first;
  const again = await opts.pacedRerun(targets);
  return again ? judge(mergeRerun(first.read, again)) : first;
}

export async function finishRun(opts: FinishOptions): Promise<number> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const settings = opts.settings;
  const rel = (p: string) => relative(process.cwd(), p) || p;
  try {
    const catalog = loadCatalog(join(opts.root, 'catalog'));
    const judged = await judgeWithRerun(opts, catalog);
    const built = writeReportFiles(judged, opts.reportsDir, settings);
    const paths = [built.htmlFile, built.jsonFile];
    const allureResults = join(opts.reportsDir, 'allure-results');
    // Labelling also masks the results: done even when the Allure report itself is skipped.
    if (existsSync(allureResults)) {
      labelAllureResults(allureResults, built.report.requirements, allureOutcomes(built.report, built.checks));
      writeGateResult(allureResults, built.report);
    }
    if (opts.allure !== false && settings.report.allure && existsSync(allureResults)) {
      const error = generateAllure(allureResults, join(opts.reportsDir, 'allure'), `Seller Connect conformance — ${built.report.gate.state}`, settings.report.history);
      if (error) log(`note: the Allure report was not built: ${error}`);
      else paths.push(join(opts.reportsDir, 'allure', 'index.html'));
    }
    for (const extra of [join(opts.reportsDir, 'html', 'index.html'), join(opts.reportsDir, 'junit.xml')]) if (existsSync(extra)) paths.push(extra);
    log(formatConsoleSummary(built.report, { color: !!process.stdout.isTTY && !environment.noColor(), reportPaths: paths.map(rel) }));
    const written = built.baselineWritten;
    if (written) log('error' in written ? written.error : `Baseline written: ${rel(written.file)} (${written.entries} entr${written.entries === 1 ? 'y' : 'ies'})${written.left.length ? `; left out, transient (cannot be baselined): ${written.left.join(', ')}` : ''}`);
    return built.report.gate.exitCode;
  } catch (e) {
    log(`conformance: could not build the reports: ${(e as Error).stack ?? e}`);
    return 2;
  }
}
