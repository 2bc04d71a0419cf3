/**
 * The plan of a batch run: written by teeth/batch/run-batch.ts, named by TEETH_BATCH_PLAN, read by
 * the batch's config (teeth/batch/config.ts) and by each job's wrapper files, which set the options of
 * their checks:
 *
 *   test.use(jobOptions('j007'));   // then: await import('<spec file>?teeth=j007')
 *
 * `target`: the job's reference and run folder (fixtures/target.ts: the worker closes the previous
 * job's target state and opens this one); `teethJob`: keepWorker and bail (fixtures/teeth-job.ts).
 */
import { readFileSync } from 'node:fs';
import { environment } from '../../settings/run-context.js';
import type { TargetSpec } from '../../settings/target-spec.js';

export interface BatchJobPlan {
  /** The job's name (a defect, a mutant): its checks' project name in the job's report. */
  name: string;
  /** The job's folder of wrappers (`j007`): its place in its lane's order. */
  key: string;
  /** Spec files, relative to the base config's test folder; none: every spec file. */
  files: string[];
  grep: string;
  /**
   * The settings of the job's target (null: unset). Read by its wrappers from this plan (jobOptions), never put
   * in the config: Playwright copies a project's metadata into its report, and a remote job's settings hold secrets.
   */
  env: Record<string, string | null>;
  /** The job's run folder (account leases, target health, the files its target state leaves). */
  runDir: string;
}

export interface BatchPlan {
  /** Absolute path of the base config. */
  baseConfig: string;
  reportFile: string;
  /** The folder of the jobs' wrapper files (written by the runner, read by the workers). */
  wrapperDir: string;
  /** Keep a worker after a failed check (fixtures/teeth-job.ts) instead of starting another, as Playwright does. */
  keepWorker?: boolean;
  /** Skip a job's checks after its first failed one (fixtures/teeth-job.ts): mutation testing needs one killer. */
  bail?: boolean;
  /** Per-check time limit, ms (at most the base config's); the base config's when absent. */
  timeoutMs?: number;
  jobs: BatchJobPlan[];
  /** Each lane's jobs (their keys), in the order the lane runs them. */
  lanes: string[][];
}

let plan: BatchPlan | undefined;

/** The batch's plan, read once per process. */
export function readPlan(): BatchPlan {
  const file = environment.teethBatchPlan();
  if (!file) throw new Error('teeth/batch/: no batch plan (TEETH_BATCH_PLAN): run through teeth/batch/run-batch.ts');
  plan ??= JSON.parse(readFileSync(file, 'utf8')) as BatchPlan;
  return plan;
}

/** The options of a job's checks, for its wrappers' `test.use`: from the plan, never the config, which the report copies. */
export function jobOptions(key: string): { target: TargetSpec; teethJob: { keepWorker: boolean; bail: boolean; runDir: string } } {
  const { jobs, keepWorker, bail } = readPlan();
  const job = jobs.find((j) => j.key === key);
  if (!job) throw new Error(`teeth/batch/plan.ts: no job '${key}' in the batch's plan`);
  return {
    target: { key, env: job.env, runDir: job.runDir },
    teethJob: { keepWorker: keepWorker === true, bail: bail === true, runDir: job.runDir },
  };
}
