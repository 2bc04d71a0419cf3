/**
 * What both entry points (scripts/conformance.ts after a run,
 * scripts/merge-shards.ts after a merge) do at the end: build the conformance
 * reports, label and build the Allure report, print the summary, return the
 * gate's exit code. Never throws: a crash here would hide the verdict.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allureOutcomes, generateAllure, labelAllureResults, writeGateResult } from './allure.js';
import { loadCatalog } from '../catalog/index.js';
import { formatConsoleSummary } from './console.js';
import type { ReadReport } from './playwright-report.js';
import { buildReportFiles } from './run.js';
import { environment } from '../settings/run-context.js';
import { readCurrentSettings, type Settings } from '../settings/settings.js';

export interface FinishOptions {
  root: string;
  reportsDir: string;
  /** Skip building the Allure report (tests; SC_ALLURE=0 too); its results are still labelled and masked. */
  allure?: boolean;
  /** The run's settings (default: this process's, settings/settings.ts). */
  settings?: Settings;
  log?: (line: string) => void;
  /** The checks as already read, instead of reports/playwright.json (see run.ts). */
  read?: ReadReport;
  /** Run errors found outside the JSON report (how the run was stopped), listed first. */
  runErrors?: string[];
}

export async function finishRun(opts: FinishOptions): Promise<number> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const settings = opts.settings ?? readCurrentSettings().settings;
  const rel = (p: string) => relative(process.cwd(), p) || p;
  try {
    const catalog = loadCatalog(join(opts.root, 'catalog'));
    const built = buildReportFiles({ jsonPath: join(opts.reportsDir, 'playwright.json'), outDir: opts.reportsDir, catalog, settings, read: opts.read, runErrors: opts.runErrors });
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
