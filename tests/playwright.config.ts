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
  // Three on two cores: much of npm test waits (the matrix's evasions on Retry-After, a draw's webhook retries and rate-limit
  // windows, the hostile target's timeouts), and a third worker fills those waits. Measured on this 2-core machine, quiet,
  // 1100 tests: 7.1 and 7.8 min with three workers and the draws started at once (7.8 min with the draws where their file falls:
  // they ended the run alone); two workers took 8.2 min (1067 tests, quiet) and 9.9 min beside a 2-job fairness run;
  // before, with 1000 tests, two workers took 6.7 to 7.2 min and three 6.0. Every bound is a hang guard, not a timer.
  workers: 3,
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
  // The fairness matrix's draws (tests/teeth/fairness-draws.spec.ts, @draws, about 2.5 min of whole-suite runs) likewise
  // start at once on a worker of their own: started where their file falls, they ended the run alone.
  projects: [
    { name: 'behaviours', testMatch: 'playwright-behaviours.spec.ts' },
    { name: 'matrix', grep: /@matrix/, testIgnore: 'playwright-behaviours.spec.ts', dependencies: ['behaviours'] },
    { name: 'draws', grep: /@draws/, testIgnore: 'playwright-behaviours.spec.ts', dependencies: ['behaviours'] },
    { name: 'own', grepInvert: /@matrix|@draws/, testIgnore: 'playwright-behaviours.spec.ts', dependencies: ['behaviours'] },
  ],
});
