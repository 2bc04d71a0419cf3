/**
 * How a run is stopped by a signal, in the Playwright runner process
 * (installed by playwright.config.ts; never in a worker).
 *
 * Playwright stops gracefully on SIGINT (Ctrl-C): workers end, every reporter
 * writes its file, the embedded reference (webServer) is stopped. On SIGTERM it
 * would simply die, leaving no report and the reference running. So:
 *   first SIGTERM   → the same graceful stop as Ctrl-C, and the run-stop file
 *                     (results/run-artifacts.ts) says SIGTERM, so the report does;
 *   second SIGTERM  → exit now; Playwright's exit handlers still kill the reference.
 */
import { recordRunStop } from '../results/run-artifacts.js';
import { runId } from '../settings/run-context.js';

let installed = false;

export function installStopHandlers(reportsDir: string): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  process.on('SIGTERM', () => {
    // A second SIGTERM, or one when Playwright is not listening for a stop (before or after its tasks): exit now.
    if (stopping || process.listenerCount('SIGINT') === 0) process.exit(143);
    stopping = true;
    recordRunStop(reportsDir, { t: 'signal', runId: runId(), signal: 'SIGTERM' });
    process.emit('SIGINT');
  });
}

/**
 * True in Playwright's runner process: not a worker, not a loader child (both are forked with
 * IPC). TEST_WORKER_INDEX is no sign: a runner started from a test inherits it from that test's worker.
 */
export function isRunnerProcess(): boolean {
  return typeof process.send !== 'function';
}
