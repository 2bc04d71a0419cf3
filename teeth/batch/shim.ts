/**
 * `@playwright/test` as the suite sees it in a batch run (teeth/batch/config.ts
 * maps the import here through its tsconfig `paths`; no other run loads this
 * file). Everything is Playwright's own, except for three things that let one
 * worker serve several jobs (defects, mutants) one after another, each exactly
 * as a one-worker run of its own would see it:
 *
 *  - The job of a check is the folder of its wrapper file (config.ts). When a
 *    worker meets a check of another job than the one before, it first closes
 *    everything the previous job's target held (below), has the suite forget what
 *    it keeps per process of a target (settings/run-context.ts targetChanged: the
 *    settings read, the target's health, the pacing schedule), then puts the new job's environment (its reference's port, its
 *    own run folder) into the process's environment.
 *  - The suite's worker fixtures are the target's (settings, sessions, the memos
 *    of what the target showed): here they are made per job. Every fixture the
 *    suite declares with `scope: 'worker'` (through this module's `test.extend`
 *    and `mergeTests`) is declared test-scoped instead, and set up once per job:
 *    the first check of the job sets it up, the job's later checks get the same
 *    value, and it is torn down when the worker moves to another job or ends.
 *    Torn down, its errors go to the job's run folder (TEARDOWN_ERRORS), which
 *    its report shows as a run error, as a worker's teardown error would be.
 *  - Each check sees the worker indices it would see in a run of its own with one
 *    worker (parallel index 0, worker index counting the job's workers from 0): the
 *    suite picks accounts by them (sessions/session-pool.ts).
 *    With `keepWorker`, after a check *failed* (an assertion, not a time-out) its
 *    failure is marked expected, so Playwright keeps the worker for the next check
 *    instead of starting another (about a second of CPU each). The result keeps its
 *    `failed` status, error and evidence: the teeth read those, never the expected status.
 *    With `bail` (mutation testing: one failed check kills a mutant), once a check of the
 *    job failed or timed out, the job's later checks are skipped.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { test as base, mergeTests as playwrightMergeTests, type TestInfo } from 'playwright/test';
import { adoptEnv, environment, handedOff, targetChanged } from '../../settings/run-context.js';
import { BAIL, BAILED } from './bail.js';
import type { BatchPlan } from './config.js';
import { KEEP_WORKER, TEARDOWN_ERRORS, WORKERS_FILE, WRAPPERS } from './metadata.js';

export * from 'playwright/test';

/** The file in the job's run folder that says a check of the job failed (BAIL). */
const FAILED_MARK = 'teeth-failed';

let plan: BatchPlan | undefined;
/** The environment of a job, from the batch's plan (TEETH_BATCH_PLAN), read once per worker. */
function jobEnv(key: string): Record<string, string | null> {
  const file = environment.teethBatchPlan();
  if (!file) throw new Error('teeth/batch/shim.ts: no batch plan (TEETH_BATCH_PLAN): run through teeth/batch/run-batch.ts');
  plan ??= JSON.parse(readFileSync(file, 'utf8')) as BatchPlan;
  const job = plan.jobs.find((j) => j.key === key);
  if (!job) throw new Error(`teeth/batch/shim.ts: no job '${key}' in the batch's plan`);
  return job.env;
}

const metadata = (info: TestInfo): Record<string, unknown> => (info.project.metadata ?? {}) as Record<string, unknown>;

/** The job of a check: the first folder of its wrapper file's path in the wrapper folder. */
function jobKeyOf(info: TestInfo): string {
  const wrappers = metadata(info)[WRAPPERS] as string | undefined;
  if (!wrappers) throw new Error('teeth/batch/shim.ts: the project names no wrapper folder (run through teeth/batch/config.ts)');
  return relative(wrappers, resolve(info.config.rootDir, info.titlePath[0] ?? '')).split(sep)[0];
}

type FixtureFn = (deps: Record<string, unknown>, use: (value: unknown) => Promise<void>, info: TestInfo) => unknown;

/** A fixture the worker holds for its current job: its value, and how to end it. */
interface Held {
  value: unknown;
  release: () => void;
  ended: Promise<unknown>;
}

/** The job this worker serves now, and what it holds for it (in the order set up). */
let current: { key: string; runDir?: string; ordinal: number } | undefined;
const held = new Map<FixtureFn, Held>();
/** The values the environment had before the first job changed them. */
const original = new Map<string, string | null>();

/**
 * Counts the job's workers in its run folder (one worker per job at a time: no race): the file
 * WORKERS_FILE lists the pid of each worker that served the job, one per line.
 */
function nextOrdinal(runDir: string | undefined): number {
  if (!runDir) return 0;
  const file = join(runDir, WORKERS_FILE);
  const served = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').length : 0;
  appendFileSync(file, `${process.pid}\n`);
  return served;
}

/** How long one fixture's teardown may take: one that hangs must not hold the next job (nor be charged to it). */
const TEARDOWN_MS = 15_000;

/** Tears down what the current job holds, last set up first; their errors go to the job's run folder. */
async function closeJob(): Promise<void> {
  const errors: string[] = [];
  for (const h of [...held.values()].reverse()) {
    h.release();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Error>((r) => {
      timer = setTimeout(() => r(new Error(`a worker fixture's teardown did not end within ${TEARDOWN_MS / 1000} s`)), TEARDOWN_MS);
    });
    const error = await Promise.race([h.ended, late]).finally(() => clearTimeout(timer));
    if (error) errors.push(error instanceof Error ? error.message : String(error));
  }
  held.clear();
  if (errors.length && current?.runDir) appendFileSync(join(current.runDir, TEARDOWN_ERRORS), `${errors.map((e) => e.replace(/\n/g, ' ')).join('\n')}\n`);
}

/** Makes the check's job the worker's current one (closing the previous), and shows the check its indices. */
async function enterJob(info: TestInfo): Promise<void> {
  const key = jobKeyOf(info);
  if (current?.key !== key) {
    await closeJob();
    // What the suite keeps per process of the previous job's target (its settings, health, pacing).
    targetChanged();
    const env = jobEnv(key);
    // The worker's own environment back, then the job's.
    adoptEnv(Object.fromEntries(original));
    for (const [name, value] of Object.entries(adoptEnv(env))) if (!original.has(name)) original.set(name, value);
    const runDir = handedOff().runDir;
    current = { key, runDir, ordinal: nextOrdinal(runDir) };
  }
  Object.assign(info, { parallelIndex: 0, workerIndex: current?.ordinal ?? 0 });
}

/** The job's value of a worker fixture: set up by the job's first check that needs it, held until the job ends. */
async function heldValue(fn: FixtureFn, deps: Record<string, unknown>, info: TestInfo): Promise<unknown> {
  const known = held.get(fn);
  if (known) return known.value;
  let release = (): void => undefined;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let give = (_: unknown): void => undefined;
  const given = new Promise<unknown>((r) => {
    give = r;
  });
  // Ends, once released, with the error the fixture threw (undefined when none).
  const ended = (async (): Promise<unknown> => {
    try {
      await fn(deps, async (value) => {
        give(value);
        await released;
      }, info);
      return undefined;
    } catch (error) {
      return error ?? new Error('the fixture failed');
    }
  })();
  // Set up: its value given, or an error before it (the setup's, as a worker fixture's would be).
  const setUp = await Promise.race([given.then((value) => ({ value })), ended.then((error) => ({ error: error ?? new Error('use() was not called') }))]);
  if ('error' in setUp) throw setUp.error;
  held.set(fn, { value: setUp.value, release, ended });
  return setUp.value;
}

const perJob = new WeakMap<FixtureFn, FixtureFn>();
/** A worker fixture's function, made to hold one value per job; Playwright reads its dependencies from the original's text. */
function perJobFixture(fn: FixtureFn): FixtureFn {
  let wrapped = perJob.get(fn);
  if (!wrapped) {
    const w: FixtureFn = async (deps, use, info) => {
      // teethJob (auto) has usually entered the job already; the order of auto fixtures is Playwright's, so each checks.
      await enterJob(info);
      await use(await heldValue(fn, deps, info));
    };
    w.toString = () => fn.toString();
    perJob.set(fn, w);
    wrapped = w;
  }
  return wrapped;
}

type Fixtures = Record<string, unknown>;
/** The suite's worker fixtures as per-job ones (test-scoped, held by the job). */
function perJobFixtures(fixtures: Fixtures): Fixtures {
  return Object.fromEntries(
    Object.entries(fixtures).map(([name, definition]) => {
      if (!Array.isArray(definition) || (definition[1] as { scope?: string } | undefined)?.scope !== 'worker') return [name, definition];
      const [fn, options] = definition as [unknown, Record<string, unknown>];
      return [name, [typeof fn === 'function' ? perJobFixture(fn as FixtureFn) : fn, { ...options, scope: 'test' }]];
    }),
  );
}

/** A test type whose `extend` makes worker fixtures per job, as do the types it gives. */
function perJobExtends<T extends { extend: (...args: never[]) => unknown }>(t: T): T {
  const extend = t.extend as unknown as (fixtures: Fixtures) => T;
  Object.assign(t, { extend: (fixtures: Fixtures) => perJobExtends(extend(perJobFixtures(fixtures))) });
  return t;
}

export const mergeTests = ((...tests: Parameters<typeof playwrightMergeTests>) => perJobExtends(playwrightMergeTests(...tests))) as typeof playwrightMergeTests;

const teethTest = base.extend<{ teethJob: undefined }, { teethLane: undefined }>({
  teethLane: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use) => {
      await use(undefined);
      // The worker ends (the lane's last job, or a new worker after a time-out): its job's fixtures end with it.
      await closeJob();
    },
    { scope: 'worker', auto: true, box: true },
  ],
  teethJob: [
    // biome-ignore lint/correctness/noEmptyPattern: as above.
    async ({}, use, testInfo) => {
      await enterJob(testInfo);
      const { runDir } = handedOff();
      const bail = metadata(testInfo)[BAIL] === true && runDir ? join(runDir, FAILED_MARK) : undefined;
      testInfo.skip(bail !== undefined && existsSync(bail), BAILED);
      await use(undefined);
      if (bail && (testInfo.status === 'failed' || testInfo.status === 'timedOut')) writeFileSync(bail, testInfo.title);
      const keep = metadata(testInfo)[KEEP_WORKER] === true;
      if (keep && testInfo.status === 'failed' && testInfo.expectedStatus === 'passed') testInfo.expectedStatus = 'failed';
    },
    { auto: true, box: true },
  ],
});

export const test = perJobExtends(teethTest);
export default test;
