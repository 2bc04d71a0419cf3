import { defineConfig } from '@playwright/test';

/**
 * The project's own tests (npm test): schemas, catalog, the reference server's
 * robustness, the verifier, the kill matrix, the report and the secret search.
 * Not the conformance run itself (that is ../playwright.config.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 120_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: '../test-results/own',
  use: { trace: 'off' },
});
