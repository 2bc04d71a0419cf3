/**
 * The order of the defect batch's jobs, and the lanes they are dealt to (each lane one
 * worker that runs its jobs in that order).
 *
 * Most defects cost CPU (their checks); a few mostly wait (a check that
 * waits out a ten-second timer: a revocation, a notification that must not come). Longest
 * first put those waiters in every slot at the start and left both cores idle for the first
 * twenty seconds; last, one of them ends the run alone. So the waiters are spread over the
 * first half of the others' work: each starts beside CPU-bound jobs, and all are done well
 * before the end.
 */

/** A job expected to take at least this long mostly waits (its checks' own seconds, last time). */
export const WAITER_SECONDS = 5;
/** The share of the other jobs' expected time over which the waiters are spread. */
const SPREAD_SHARE = 0.5;
/** What a job costs beyond its checks' seconds: in its lane, its spec files evaluated again and its fixtures set up. */
const JOB_SECONDS = 0.3;

/**
 * The jobs in start order: the waiters (longest first) spread through the others (longest
 * first), at even steps of the others' expected time. `expected` is a job's seconds last
 * time, 0 when unknown.
 */
export function startOrder<T>(jobs: readonly T[], expected: (job: T) => number): T[] {
  const byLength = [...jobs].sort((a, b) => expected(b) - expected(a));
  const waiters = byLength.filter((j) => expected(j) >= WAITER_SECONDS);
  const others = byLength.filter((j) => expected(j) < WAITER_SECONDS);
  if (waiters.length === 0 || others.length === 0) return byLength;
  const othersTime = others.reduce((sum, j) => sum + expected(j) + JOB_SECONDS, 0);
  const step = (othersTime * SPREAD_SHARE) / waiters.length;
  const order: T[] = [];
  let sinceWaiter = step; // the first waiter goes first
  let w = 0;
  for (const job of others) {
    if (w < waiters.length && sinceWaiter >= step) {
      order.push(waiters[w++]);
      sinceWaiter = 0;
    }
    order.push(job);
    sinceWaiter += expected(job) + JOB_SECONDS;
  }
  order.push(...waiters.slice(w));
  return order;
}

/**
 * The jobs dealt to `count` lanes (one worker each, running its jobs in order): in start
 * order, each to the lane expected to be free first, so the lanes end together and the
 * waiters still start beside CPU-bound jobs. Empty lanes are dropped.
 */
export function laneOrder<T>(jobs: readonly T[], count: number, expected: (job: T) => number): T[][] {
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ jobs: [] as T[], seconds: 0 }));
  for (const job of startOrder(jobs, expected)) {
    const lane = lanes.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lane.jobs.push(job);
    lane.seconds += expected(job) + JOB_SECONDS;
  }
  return lanes.map((l) => l.jobs).filter((l) => l.length > 0);
}
