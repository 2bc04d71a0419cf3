import { defineConfig } from '@playwright/test';

/**
 * A tiny real Playwright run for the report tests (tests/reports/report-e2e.spec.ts):
 * its JSON, HTML and Allure output are what the conformance run produces, so
 * the reporting pipeline and the secret scan are tried on the real formats.
 * Output goes to PW_FIXTURE_OUT (a temporary folder of the calling test).
 */
const out = process.env.PW_FIXTURE_OUT ?? '/tmp/pw-fixture-out';
// Sharded runs (the merge test) add a blob report, as the conformance config does.
const blob = process.env.PW_FIXTURE_BLOB;

export default defineConfig({
  testDir: '.',
  testMatch: '*.pwspec.ts',
  workers: 1,
  retries: 0,
  reporter: [
    ['json', { outputFile: `${out}/playwright.json` }],
    ['html', { outputFolder: `${out}/html`, open: 'never' }],
    ['allure-playwright', { resultsDir: `${out}/allure-results`, detail: false, suiteTitle: false }],
    ...(blob ? [['blob', { outputDir: blob }] as ['blob', { outputDir: string }]] : []),
  ],
  outputDir: `${out}/test-results`,
  use: { trace: 'off' },
});
