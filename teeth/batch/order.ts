/**
 * The order in which the defect batch hands its jobs to Playwright (which starts them in
 * this order as its workers free up).
 *
 * Most defects cost CPU (a worker's start, their checks); a few mostly wait (a check that
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
/** What a job costs beyond its checks' seconds: its worker's start. */
const START_SECONDS = 1;

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
  const othersTime = others.reduce((sum, j) => sum + expected(j) + START_SECONDS, 0);
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
    sinceWaiter += expected(job) + START_SECONDS;
  }
  order.push(...waiters.slice(w));
  return order;
}

/** What a job costs in its lane beyond its checks' seconds: its spec files loaded again, its fixtures set up. */
const SWITCH_SECONDS = 0.3;

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
    lane.seconds += expected(job) + SWITCH_SECONDS;
  }
  return lanes.map((l) => l.jobs).filter((l) => l.length > 0);
}
