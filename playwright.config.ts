import { randomBytes } from 'node:crypto';
import { defineConfig, type ReporterDescription } from '@playwright/test';

/**
 * The conformance run. With SC_BASE_URL unset, Playwright starts the embedded
 * reference server (webServer) and the fixtures target it.
 *
 * Settings of the run itself (beyond ../shared/TARGET.md's SC_ settings):
 *   SC_WORKERS   parallel workers (default 2)
 *   SC_REPORTS   output folder (default reports)
 */
const reports = process.env.SC_REPORTS ?? 'reports';
const embedded = !process.env.SC_BASE_URL;
// The embedded reference listens on a random high port unless REFERENCE_PORT is
// given, so several runs (the kill matrix, developers) never collide. Workers
// inherit the runner's environment, so they all see the same port.
process.env.REFERENCE_PORT ??= String(20_000 + Math.floor(Math.random() * 30_000));
const referencePort = Number(process.env.REFERENCE_PORT);

// One id per run, inherited by every worker: tags what the run creates (external_id prefix).
process.env.SC_RUN_ID ??= `scc-${randomBytes(4).toString('hex')}`;

const sharded = process.argv.some((a) => a.startsWith('--shard'));

const reporter: ReporterDescription[] = [
  [process.env.CI ? 'dot' : 'list'],
  ['json', { outputFile: `${reports}/playwright.json` }],
  ['junit', { outputFile: `${reports}/junit.xml` }],
  ['html', { outputFolder: `${reports}/html`, open: 'never' }],
  ['allure-playwright', { resultsDir: `${reports}/allure-results`, detail: false, suiteTitle: false }],
];
if (sharded) reporter.push(['blob', { outputDir: `${reports}/blob` }]);

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: Number(process.env.SC_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter,
  outputDir: 'test-results/conformance',
  globalSetup: './fixtures/global-setup.ts',
  // Traces, videos and screenshots would capture login forms and tokens: off.
  use: { trace: 'off', video: 'off', screenshot: 'off' },
  webServer: embedded
    ? {
        // node --import tsx, not npx tsx: npx adds 1-2 s to every start, and the kill matrix starts ~120 references.
        command: 'node --import tsx reference/main.ts',
        url: `http://127.0.0.1:${referencePort}/health`,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { REFERENCE_PORT: String(referencePort) },
      }
    : undefined,
});
