import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { grepForIds } from './catalog/ids.js';
import { SELECTED_RULES } from './settings/rule-selection.js';
import { environment, ensureRunId, handedOff } from './settings/run-context.js';
import { readCurrentSettings } from './settings/settings.js';
import { installStopHandlers, isRunnerProcess } from './reporting/run-stop.js';
import { PLAYWRIGHT_HTML_OPTIONS } from './reporting/playwright-html-options.js';

/**
 * The conformance run, the same with `npx playwright test` and `npm run conformance`:
 * global setup validates every setting and runs the preflight (lifecycle/global-setup.ts);
 * the last reporter records how the run ended and, under `npx playwright test`, ends it:
 * builds conformance.json/html and makes the gate the exit code (reporting/conformance-reporter.ts,
 * reporting/finish.ts; under `npm run conformance` that script ends it). With SC_BASE_URL
 * unset, Playwright starts the embedded reference server (webServer) and the fixtures target it.
 *
 * Settings of the run itself (beyond docs/TARGET.md's SC_ settings; a bad value
 * falls back to its default here and stops the run in global setup with one line):
 *   SC_WORKERS           parallel workers (default 2)
 *   SC_RUN_DEADLINE_S    the whole run's deadline (default 1800 s; 0: none): Playwright's globalTimeout
 *   SC_RULE              exact requirement IDs, comma-separated: only the checks whose titles name them
 *   SC_CONSOLE_REPORTER  Playwright's console reporter(s), e.g. list for one line per check (default: the progress
 *                        display of reporting/progress-reporter.ts); the report files stay
 *   SC_REPORTS           output folder (default reports, in the folder the run starts in)
 */
const root = fileURLToPath(new URL('.', import.meta.url));
// The settings, read once per process (settings/settings.ts): global setup and the conformance reporter take this
// same read in the runner; a bad one stops the run in global setup (no need to start the reference for that).
const { settings, problems } = readCurrentSettings();
const run = settings.run;
// Writes go under the folder the run starts in (the repository with npm run; the user's folder with the
// installed command, which passes SC_REPORTS absolute), never into the package itself.
const reports = resolve(run.reports);
const settingsValid = problems.length === 0;
// The embedded reference listens on a port the system picks (REFERENCE_PORT=0) unless
// REFERENCE_PORT is given, so several runs (the kill matrix, developers) never collide,
// and prints it: webServer.wait reads it back into REFERENCE_PORT before global setup
// and the workers start, so they all see the port it holds.
const referencePort = String(settings.referencePort ?? 0);

// One id per run, inherited by every worker: tags what the run creates (external_id prefix).
ensureRunId(run.runId);

// SIGTERM stops the run as Ctrl-C does: reports written, the reference stopped (reporting/run-stop.ts).
if (isRunnerProcess()) installStopHandlers(reports);

const argv = process.argv;
// --list lists the checks and writes nothing: no report file, no Allure result, no gate.
const listing = argv.includes('--list');
const sharded = argv.some((a) => a.startsWith('--shard'));

// A CI log is read by people: a progress display, not a line per check (`--reporter list` brings that back).
// A listing is the list itself: Playwright's list reporter, whose lines the progress display does not print.
const consoleReporters: ReporterDescription[] = run.consoleReporters?.map((name): ReporterDescription => [name]) ?? [listing ? ['list'] : ['./reporting/progress-reporter.ts']];

const reporter: ReporterDescription[] = listing
  ? consoleReporters
  : [
      ...consoleReporters,
      ['json', { outputFile: `${reports}/playwright.json` }],
      // SC_VIEWER_REPORTS=0: no Playwright HTML report and no Allure results, for runs read by code only (each of
      // the kill matrix's hundred-odd runs, where they cost time and are never opened).
      ...(!run.viewerReports
        ? []
        : ([
            ['html', { outputFolder: `${reports}/html`, ...PLAYWRIGHT_HTML_OPTIONS }],
            ['allure-playwright', { resultsDir: `${reports}/allure-results`, detail: false, suiteTitle: false }],
          ] as ReporterDescription[])),
      ...(sharded ? [['blob', { outputDir: `${reports}/blob` }] as ReporterDescription] : []),
      // Last: it reads the files the reporters above have written.
      // It ends the run (reports, gate) unless the process that started Playwright does (scripts/conformance.ts).
      ['./reporting/conformance-reporter.ts', { root, reportsDir: reports, runDeadlineS: run.runDeadlineS, endsRun: handedOff().runEnd !== 'script' }],
    ];

/** SC_RULE (and --rule): exactly the checks whose titles name the rules (catalog/ids.ts grepForIds). */
const grep = run.rules.length ? new RegExp(grepForIds(run.rules)) : undefined;

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: run.workers,
  retries: 0,
  timeout: 60_000,
  globalTimeout: run.runDeadlineS * 1000,
  expect: { timeout: 10_000 },
  forbidOnly: environment.ci(),
  // The JSON report keeps no RegExp: the rules go into its metadata too, for the report's selection line.
  ...(grep ? { grep, metadata: { [SELECTED_RULES]: run.rules } } : {}),
  reporter,
  // Playwright's own outputs (it empties the folder at each run) live with the reports, not beside them.
  outputDir: `${reports}/test-results`,
  globalSetup: './lifecycle/global-setup.ts',
  // Traces, videos and screenshots would capture login forms and tokens: off.
  use: { trace: 'off', video: 'off', screenshot: 'off' },
  webServer:
    settings.embedded && !listing && settingsValid
      ? {
          // node --import tsx, not npx tsx: npx adds 1-2 s to every start, and the kill matrix starts ~120 references.
          command: 'node --import tsx reference/main.ts',
          // reference/main.ts prints this line once it listens; the named group sets process.env.REFERENCE_PORT.
          wait: { stdout: /# reference ready on http:\/\/127\.0\.0\.1:(?<reference_port>\d+)/ },
          timeout: 30_000,
          stdout: 'ignore',
          stderr: 'pipe',
          env: { REFERENCE_PORT: referencePort },
        }
      : undefined,
});
