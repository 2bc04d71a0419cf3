/**
 * The options a job's wrapper file sets for its checks (teeth/batch/config.ts):
 *
 *   test.use(jobOptions('j007'));   // then: await import('<spec file>?teeth=j007')
 *
 * `target`: the job's reference and run folder (fixtures/target.ts: the worker closes the previous
 * job's target state and opens this one); `teethJob`: keepWorker and bail (fixtures/teeth-job.ts).
 * Read from the batch's plan file (TEETH_BATCH_PLAN), never from the config: Playwright copies a
 * project's metadata into its report, and a remote job's settings hold secrets.
 */
import { readFileSync } from 'node:fs';
import { environment } from '../../settings/run-context.js';
import type { TargetSpec } from '../../settings/target-spec.js';
import type { BatchPlan } from './config.js';

let plan: BatchPlan | undefined;

export function jobOptions(key: string): { target: TargetSpec; teethJob: { keepWorker: boolean; bail: boolean; runDir: string } } {
  const file = environment.teethBatchPlan();
  if (!file) throw new Error('teeth/batch/job-options.ts: no batch plan (TEETH_BATCH_PLAN): run through teeth/batch/run-batch.ts');
  plan ??= JSON.parse(readFileSync(file, 'utf8')) as BatchPlan;
  const job = plan.jobs.find((j) => j.key === key);
  if (!job) throw new Error(`teeth/batch/job-options.ts: no job '${key}' in the batch's plan`);
  return {
    target: { key, env: job.env, runDir: job.runDir },
    teethJob: { keepWorker: plan.keepWorker === true, bail: plan.bail === true, runDir: job.runDir },
  };
}
