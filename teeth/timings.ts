/**
 * How long each run of the kill matrix took last time, by name: what orders the defect
 * batch (teeth/batch/order.ts) and the whole-suite runs. The last matrix written to the
 * output file knows best; a fresh clone has none, so `npm run teeth:record` also commits
 * the seconds of the last full matrix here (teeth/timings.json), and the matrix falls back
 * on them: without them a fresh clone started its waiters in registry order, one of them
 * last, ending the batch alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export const TIMINGS_FILE = join(ROOT, 'teeth', 'timings.json');

type Timed = { name: string; seconds: number }[];
/** The parts of a kill-matrix result (reports/kill-matrix.json) that carry seconds. */
export interface TimedMatrix {
  defects?: Timed;
  realService?: Timed;
  suites?: Timed;
  evasions?: Timed;
}

/** Seconds by run name: a defect by its name, a real-service run as `real:<defect>`, a whole-suite run as `suite:<name>`. */
export function secondsOf(matrix: TimedMatrix): Record<string, number> {
  return Object.fromEntries([
    ...(matrix.defects ?? []).map((d) => [d.name, d.seconds]),
    ...(matrix.realService ?? []).map((d) => [`real:${d.name}`, d.seconds]),
    ...[...(matrix.suites ?? []), ...(matrix.evasions ?? [])].map((s) => [`suite:${s.name}`, s.seconds]),
  ]);
}

const readSeconds = (file: string): Record<string, number> => {
  try {
    return secondsOf(JSON.parse(readFileSync(file, 'utf8')) as TimedMatrix);
  } catch {
    return {};
  }
};

/** The seconds each run took last time: those of the matrix last written to `outFile`, else the recorded ones. */
export function previousSeconds(outFile: string): Record<string, number> {
  return { ...readSeconds(TIMINGS_FILE), ...readSeconds(outFile) };
}

/** Records the seconds of a full matrix (whole seconds to a tenth: the order needs no more, and the diff stays small). */
export function recordTimings(matrix: TimedMatrix): void {
  const round = (list: Timed | undefined) => list?.map((r) => ({ name: r.name, seconds: Math.round(r.seconds * 10) / 10 }));
  const kept: TimedMatrix = { defects: round(matrix.defects), suites: round(matrix.suites), evasions: round(matrix.evasions) };
  writeFileSync(TIMINGS_FILE, `${JSON.stringify(kept, null, 1)}\n`);
}

/** How many times the recorded seconds a run may take before it counts as a hang (a slower or busier machine is no hang). */
export const HANG_FACTOR = 5;

/**
 * A hang guard for a whole matrix, from the seconds its runs took last time: the defect batch's lanes and the
 * whole-suite runs, each at its parallelism, added as if they ran one after the other, times HANG_FACTOR, and never
 * under `floorS`. A machine several times slower stays inside it; a hang does not (each run also has its own limit).
 */
export function hangBoundSeconds(previous: Record<string, number>, parallel: { workers: number; jobs: number }, floorS = 600): number {
  let defects = 0;
  let suites = 0;
  for (const [name, seconds] of Object.entries(previous)) {
    if (name.startsWith('suite:')) suites += seconds;
    else defects += seconds;
  }
  const expected = defects / Math.max(1, parallel.workers) + suites / Math.max(1, parallel.jobs);
  return Math.max(floorS, Math.ceil(HANG_FACTOR * expected));
}

/** A whole-suite run's own limit: the configured one, or HANG_FACTOR times its seconds last time when that is longer. */
export const suiteLimitMs = (configuredMs: number, previousSeconds: number | undefined): number =>
  Math.max(configuredMs, HANG_FACTOR * 1000 * (previousSeconds ?? 0));
