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
  // Two, one per core: npm test took 6.7 to 7.2 min (1000 passed), the kill matrix 3.1 to 3.4 min of it (its bound is a hang
  // guard, ten minutes at least: tests/teeth/kill-matrix.spec.ts). Three workers took 6.0 min (the Python interop lane's
  // INCOMPLETE on ITEM-LIST-4 in that run was the list check's drawn data, not time: docs/INTEROP.md).
  workers: 2,
  timeout: 120_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: '../test-results/own',
  use: { trace: 'off' },
  // First of all, the Playwright behaviours the kill matrix and the target fixtures rely on (docs/TEETH.md): about
  // 10 s, one worker; when an upgrade changes one, it fails by name and nothing else runs on a broken premise
  // (`--no-deps` skips it when running one file). Then the kill matrix (tests/teeth/kill-matrix.spec.ts, @matrix), the
  // longest test by far: its project comes next, so a worker starts it at once and the other works through the rest
  // beside it. Started where its file falls, it began some 2.5 min in and ended the run alone (6.8 min, 4.2 the matrix).
  projects: [
    { name: 'behaviours', testMatch: 'playwright-behaviours.spec.ts' },
    { name: 'matrix', grep: /@matrix/, testIgnore: 'playwright-behaviours.spec.ts', dependencies: ['behaviours'] },
    { name: 'own', grepInvert: /@matrix/, testIgnore: 'playwright-behaviours.spec.ts', dependencies: ['behaviours'] },
  ],
});
