/**
 * The Playwright config of a batch run (teeth/batch/run-batch.ts): the base config
 * (the conformance run's, or the teeth's synthetic project's) with one project per
 * job, and nothing else changed that a check could notice: same test folder,
 * global setup, time-outs, expect settings and `use`. What differs:
 *  - no webServer: each project's reference is already listening (reference/teeth-host.ts)
 *    and its port reaches the project's workers through the project's environment
 *    (teeth/batch/shim.ts, mapped in for `@playwright/test` by the plan's tsconfig);
 *  - a project per job: its spec files, its `--grep`, its environment, its time-out;
 *  - a job's checks run one after another in one worker (fullyParallel off, one worker per project), as a
 *    job's own run did with SC_WORKERS=1;
 *  - only the console and JSON reporters: the teeth read the JSON report, split per project.
 * The plan is a JSON file named by TEETH_BATCH_PLAN.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { environment } from '../../settings/run-context.js';
import { BAIL } from './bail.js';
import { KEEP_WORKER, TARGET_ENV } from './shim.js';

export interface BatchProject {
  name: string;
  /** Regular expressions for the spec files (matched against absolute paths); none: every spec file. */
  files: string[];
  grep: string;
  /** Per-check time limit of this project's checks, in ms (at most the base config's); the base config's when absent. */
  timeoutMs?: number;
  /** The environment of the project's workers (null: unset). */
  env: Record<string, string | null>;
}

export interface BatchPlan {
  /** Absolute path of the base config. */
  baseConfig: string;
  /** Absolute path of the tsconfig that maps `@playwright/test` to the shim. */
  tsconfig: string;
  workers: number;
  reportFile: string;
  /** Keep a worker after a failed check (teeth/batch/shim.ts) instead of starting another, as Playwright does. */
  keepWorker?: boolean;
  /** Skip a job's checks after its first failed one (teeth/batch/shim.ts): mutation testing needs one killer. */
  bail?: boolean;
  projects: BatchProject[];
}

const planFile = environment.teethBatchPlan();
if (!planFile) throw new Error('teeth/batch/config.ts is the config of the kill matrix batch runs: TEETH_BATCH_PLAN names their plan');
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as BatchPlan;
const base = ((await import(pathToFileURL(plan.baseConfig).href)) as { default: PlaywrightTestConfig }).default;
const baseDir = dirname(plan.baseConfig);
const absolute = (path: string | undefined): string | undefined => (path ? resolve(baseDir, path) : undefined);

export default defineConfig({
  ...base,
  testDir: absolute(base.testDir ?? '.'),
  globalSetup: absolute(base.globalSetup as string | undefined),
  globalTeardown: absolute(base.globalTeardown as string | undefined),
  webServer: undefined,
  grep: undefined,
  tsconfig: plan.tsconfig,
  workers: plan.workers,
  fullyParallel: false,
  reporter: [['list'], ['json', { outputFile: plan.reportFile }]],
  projects: plan.projects.map((p) => ({
    name: p.name,
    // No files named: every spec file of the base config (the runner loads each once for all projects).
    ...(p.files.length ? { testMatch: p.files.map((f) => new RegExp(f)) } : {}),
    grep: new RegExp(p.grep),
    // One worker per project at a time: a defect's spec files run one after another in the worker that started it.
    workers: 1,
    // Never longer than the base config's own limit: a check must not get more time than in a run of its own.
    ...(p.timeoutMs ? { timeout: Math.min(p.timeoutMs, base.timeout ?? p.timeoutMs) } : {}),
    metadata: { [TARGET_ENV]: p.env, [KEEP_WORKER]: plan.keepWorker === true, [BAIL]: plan.bail === true },
  })),
});
