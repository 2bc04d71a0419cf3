/**
 * npm run conformance [-- <playwright args>]
 *
 * Runs the conformance suite (`playwright test` with the given arguments, e.g.
 * `--grep @auth`, `--shard 1/3`), then builds reports/conformance.{json,html}
 * and the Allure single file, prints the summary and exits by the gate:
 *   0  no MUST requirement failed (SC_STRICT=1: and no SHOULD finding)
 *   1  a MUST requirement failed, or a failing check names no requirement
 *   2  the run is broken: no usable JSON report, a bad setting, an interrupted run
 *
 * Own flag (not passed to Playwright): --report-only  builds the reports from
 * the existing reports/playwright.json without running anything.
 * See docs/REPORTS.md.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishRun } from '../reporting/finish.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = resolve(root, process.env.SC_REPORTS ?? 'reports');
const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const playwrightArgs = args.filter((a) => a !== '--report-only');

if (!reportOnly) {
  // A stale report from an earlier run must never be read as this run's result.
  rmSync(join(reportsDir, 'playwright.json'), { force: true });
  // allure-playwright appends to its folder; a local run starts clean. (Shards run on separate machines.)
  rmSync(join(reportsDir, 'allure-results'), { recursive: true, force: true });
  rmSync(join(reportsDir, 'allure'), { recursive: true, force: true });

  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  // Ctrl-C reaches Playwright too, which stops and still writes its JSON report: outlive it and report the
  // interrupted run. (An async spawn keeps this process responsive: tsx kills a child that does not answer a signal.)
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  // Inherited stdio: the list/dot reporter shows progress while the run goes.
  const child = spawn(process.execPath, [cli, 'test', ...playwrightArgs], { cwd: root, stdio: 'inherit', env: process.env });
  const ended = await new Promise<{ signal: NodeJS.Signals | null; error?: Error }>((done) => {
    child.on('error', (error) => done({ signal: null, error }));
    child.on('exit', (_code, signal) => done({ signal }));
  });
  if (ended.error) console.error(`conformance: could not start Playwright: ${ended.error.message}`);
  else if (ended.signal) console.error(`conformance: Playwright was stopped by ${ended.signal}`);
  // Playwright's own exit code is not the verdict: the gate below is (a SHOULD failure fails the test but not the gate).
}

process.exitCode = await finishRun({ root, reportsDir });
