/**
 * Whether a process still exists: the one liveness test behind the account
 * leases' stale-lock takeover (sessions/lease.ts), the conformance script's
 * watch on the process that started it (scripts/conformance.ts), and the teeth's
 * own tests that a stopped run left no reference behind.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
