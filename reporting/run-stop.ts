/**
 * How a run is stopped by a signal, in the Playwright runner process
 * (installed by playwright.config.ts; never in a worker).
 *
 * Playwright stops gracefully on SIGINT (Ctrl-C): workers end, every reporter
 * writes its file, the embedded reference (webServer) is stopped. On SIGTERM it
 * would simply die, leaving no report and the reference running. So:
 *   first SIGTERM   → the same graceful stop as Ctrl-C (and the report says SIGTERM);
 *   second SIGTERM  → exit now; Playwright's exit handlers still kill the reference.
 */

const KEY = Symbol.for('seller-connect.stop-signal');
type Slot = { [KEY]?: NodeJS.Signals };

/** The signal that stopped the run, if one did (SIGINT is not recorded: Playwright's own status says it). */
export function stopSignal(): NodeJS.Signals | undefined {
  return (globalThis as Slot)[KEY];
}

let installed = false;

export function installStopHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('SIGTERM', () => {
    const slot = globalThis as Slot;
    // A second SIGTERM, or one when Playwright is not listening for a stop (before or after its tasks): exit now.
    if (slot[KEY] || process.listenerCount('SIGINT') === 0) process.exit(143);
    slot[KEY] = 'SIGTERM';
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
