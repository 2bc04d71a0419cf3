/**
 * Many jobs (defect runs, mutants) in one Playwright run: the start-up of a run (the
 * runner, its global setup, the reporters) is paid once per batch, and the start of a
 * worker once per lane (order.ts laneOrder: a few lanes, each one worker that runs its
 * jobs one after another), not once per job. Each job still gets:
 *  - a fresh reference of its own (reference/teeth-host.ts: one process, one server
 *    per job on its own port, built by startReference as `npm run reference` builds one);
 *  - its own checks (config.ts: a folder of wrappers that register its spec files' checks
 *    again as its own, and its --grep), fixtures of its own for everything the suite holds
 *    per target, its own settings and run folder (account leases, target health)
 *    (its wrappers' `target` option, config.ts), and the batch's time limit per check;
 *  - its own report: the batch's JSON report cut to its folder (split.ts), written
 *    in its folder, and an outcome the verdicts read exactly as a job run of its own.
 * A hang: a check past its limit is stopped by Playwright (timedOut, no kill); a batch
 * past its hard limit is stopped as any run (run-playwright.ts) and every job with a
 * check unfinished gets an outcome that says so (an ERROR), the others keep theirs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths.js';
import { readReport } from '../job-checks.js';
import { type RunOutcome, runPlaywright } from '../run-playwright.js';
import type { BatchJobPlan, BatchPlan } from './plan.js';
import { type ReferenceHost, type ReferenceSpec, startHost, type TargetMode, targetEnv } from '../reference-host.js';
import { laneOrder } from './order.js';
import { allFinished, anyStarted, jobReport, jobSeconds } from './split.js';
import { TARGET_FILES } from '../../settings/target-spec.js';

export interface BatchJob {
  name: string;
  /** Spec files, relative to the config's test folder (as the listing gives them); none: every spec file. */
  files: string[];
  grep: string;
  reference: ReferenceSpec;
  /** How its checks reach its reference (default embedded). */
  mode?: TargetMode;
  /** Settings of this job's checks beyond its target's (SC_…). */
  env?: Record<string, string>;
}

export interface BatchOptions {
  name: string;
  jobs: BatchJob[];
  /** Lanes of the batch (teeth/batch/order.ts laneOrder): jobs running at once, each lane's one after another in one worker. */
  workers: number;
  /** A job's seconds last time (0 or undefined: unknown), to deal the jobs to lanes that end together. */
  expectedSeconds?: (job: BatchJob) => number;
  /**
   * Keep a worker after a failed check for its job's next check (default), instead of starting another as
   * Playwright does (fixtures/teeth-job.ts). false: every failure costs a new worker, as in a run of its own.
   */
  keepWorker?: boolean;
  /** Skip a job's checks after its first failed one (mutation testing: one failed check kills a mutant). */
  bail?: boolean;
  /** Per-check time limit of every job, ms (Playwright's test time-out). */
  checkTimeoutMs: number;
  /** Hard limit on the whole batch, ms. */
  timeoutMs: number;
  /** A fresh folder: the batch's log and report, one sub-folder per job. */
  dir: string;
  /** Settings shared by every job (FC_SEED, SC_ALLURE…). */
  env?: Record<string, string>;
  /** Base Playwright config, absolute (default: the conformance run's). */
  baseConfig?: string;
  /** Working directory of the run (default: the project root). */
  cwd?: string;
  signal?: AbortSignal;
  /** Starts the references (default: reference/teeth-host.ts); the teeth's own tests pass a fake. */
  startHost?: (logPath: string) => Promise<ReferenceHost>;
}

export interface BatchResult {
  /** One outcome per job, by name, as a run of its own would have given (report cut to the job). */
  outcomes: Map<string, RunOutcome>;
  seconds: number;
  logPath: string;
  /** The batch's folder: its log and report, a `job-<name>` folder per job with the job's report. */
  dir: string;
}

const setOnly = (env: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== null));

export async function runBatch(options: BatchOptions): Promise<BatchResult> {
  mkdirSync(options.dir, { recursive: true });
  const logPath = join(options.dir, 'run.log');
  const outcomes = new Map<string, RunOutcome>();
  if (options.jobs.length === 0) return { outcomes, seconds: 0, logPath, dir: options.dir };
  const host = await (options.startHost ?? startHost)(join(options.dir, 'references.log'));
  try {
    // A run folder per job, as global setup makes one per run: account leases and target health stay the job's own.
    const runDirOf = (index: number): string => join(options.dir, `run-${index}`);
    const planned: BatchJobPlan[] = [];
    const keyOf = new Map<BatchJob, string>();
    // The lanes first: a job's key (its wrapper folder) sorts in its lane's order.
    const lanes = laneOrder(options.jobs, options.workers, (j) => options.expectedSeconds?.(j) ?? 0);
    let next = 0;
    for (const lane of lanes) for (const job of lane) keyOf.set(job, `j${String(next++).padStart(4, '0')}`);
    for (const [index, job] of options.jobs.entries()) {
      const port = await host.start(job.reference);
      const runDir = runDirOf(index);
      mkdirSync(join(runDir, 'locks'), { recursive: true });
      planned.push({
        name: job.name,
        key: keyOf.get(job) as string,
        files: job.files,
        grep: job.grep,
        env: { ...targetEnv(job.mode ?? 'embedded', port), ...job.env },
        runDir,
      });
    }
    const reportFile = join(options.dir, 'playwright.json');
    const plan: BatchPlan = {
      baseConfig: options.baseConfig ?? join(ROOT, 'playwright.config.ts'),
      reportFile,
      wrapperDir: join(options.dir, 'jobs'),
      keepWorker: options.keepWorker !== false,
      bail: options.bail === true,
      timeoutMs: options.checkTimeoutMs,
      jobs: planned,
      lanes: lanes.map((lane) => lane.map((j) => keyOf.get(j) as string)),
    };
    const planFile = join(options.dir, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan, null, 2));
    const outcome = await runPlaywright({
      name: options.name,
      config: join(ROOT, 'teeth', 'batch', 'config.ts'),
      cwd: options.cwd,
      // A batch whose defects no check cites runs nothing: each is NO-CHECK, not a run error.
      args: ['--pass-with-no-tests'],
      env: {
        ...options.env,
        TEETH_BATCH_PLAN: planFile,
        // The runner's own settings name one job's target, so global setup finds a valid configuration; each
        // job's checks then take their own (their `target` option, plan.ts). No preflight: it would log in to that one
        // reference and hand its sessions to the checks of other references.
        ...setOnly(planned[0].env),
        SC_PREFLIGHT: '0',
      },
      dir: options.dir,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    for (const [index, job] of planned.entries()) outcomes.set(job.name, jobOutcome(outcome, job, runDirOf(index), options.dir));
    return { outcomes, seconds: outcome.seconds, logPath, dir: options.dir };
  } finally {
    await host.stop();
  }
}

/** A job's outcome: the batch's, its report cut to the job; a stopped batch stops only the jobs it left unfinished. */
function jobOutcome(batch: RunOutcome, job: BatchJobPlan, runDir: string, dir: string): RunOutcome {
  const name = job.name;
  if (!batch.report) return { ...batch, name };
  const report = jobReport(batch.report, job.key, name, teardownErrors(runDir));
  const jobDir = join(dir, `job-${name}`);
  mkdirSync(jobDir, { recursive: true });
  writeFileSync(join(jobDir, 'playwright.json'), JSON.stringify(report));
  const stopped = batch.timedOut || batch.aborted;
  const unfinished = stopped && !allFinished(report);
  return {
    ...batch,
    name,
    report: readReport(join(jobDir, 'playwright.json')).report,
    timedOut: unfinished && batch.timedOut,
    aborted: unfinished && batch.aborted,
    // Stopped through the caller's signal before its first check: the job was never run (its lane had not reached it).
    notStarted: unfinished && batch.aborted && !anyStarted(report),
    seconds: jobSeconds(report),
  };
}

/** The errors of the job's target state when the worker closed it (transport/target-registry.ts), one per line. */
function teardownErrors(runDir: string): string[] {
  const file = join(runDir, TARGET_FILES.closeErrors);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '') : [];
}
