/**
 * The Playwright config of a batch run (teeth/batch/run-batch.ts): the base config
 * (the conformance run's, or the teeth's synthetic project's) with one project per
 * lane, and nothing else changed that a check could notice: same test folder,
 * global setup, time-outs, expect settings and `use`. What differs:
 *  - no webServer: each job's reference is already listening (reference/teeth-host.ts);
 *  - a lane is one worker that runs its jobs one after another (order.ts laneOrder): a job is a
 *    folder of wrapper files, one per spec file of the job, each setting the job's `target`
 *    (its reference's port, its run folder) and `teethJob` options for its file
 *    (`test.use(jobOptions('j007'))`, plan.ts), then importing its spec file under a
 *    query of the job's own (`…/items/create.spec.ts?teeth=j007`), so the spec's checks are
 *    registered again, as the job's, in the wrapper's file suite, where the options apply. The
 *    `target` option is test-scoped, so Playwright keeps one worker for the lane; the worker's
 *    `targets` fixture closes a job's target state when the next job's first check arrives
 *    (transport/target-registry.ts): the start of a worker is paid per lane, not per defect;
 *  - the lane's --grep is one pattern per job: the job's folder, then the job's grep;
 *  - only the console and JSON reporters: the teeth read the JSON report, cut per job (split.ts).
 * The plan is a JSON file named by TEETH_BATCH_PLAN (plan.ts).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { escapeRegExp } from '../../catalog/ids.js';
import { environment } from '../../settings/run-context.js';
import { type BatchJobPlan, readPlan } from './plan.js';

const plan = readPlan();
const base = ((await import(pathToFileURL(plan.baseConfig).href)) as { default: PlaywrightTestConfig }).default;
const baseDir = dirname(plan.baseConfig);
const absolute = (path: string | undefined): string | undefined => (path ? resolve(baseDir, path) : undefined);
const testDir = absolute(base.testDir ?? '.') as string;

/** Playwright's default test files: what a job with no files named runs. */
const SPEC_FILE = /\.(spec|test)\.[cm]?[jt]sx?$/;
const everySpecFile = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SPEC_FILE.test(f) && !f.split(sep).includes('node_modules'))
    .sort();
const allSpecFiles = plan.jobs.some((j) => j.files.length === 0) ? everySpecFile(testDir) : [];
const filesOf = (job: BatchJobPlan): string[] => (job.files.length ? job.files : allSpecFiles);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const moduleUrl = (path: string): string => JSON.stringify(pathToFileURL(path).href);

/**
 * The wrapper of one spec file of a job: the job's options for the file, then its checks, registered again under
 * the job's query. `test.use` of any test type sets options of the file suite; the light teeth-job module serves
 * the suite's specs and the teeth's synthetic project alike.
 */
const wrapperSource = (job: BatchJobPlan, file: string): string =>
  [
    `// A kill-matrix batch job (teeth/batch/config.ts): ${job.name}`,
    `import { teethJobTest as test } from ${moduleUrl(join(ROOT, 'fixtures', 'teeth-job.ts'))};`,
    `import { jobOptions } from ${moduleUrl(join(ROOT, 'teeth', 'batch', 'plan.ts'))};`,
    `test.use(jobOptions(${JSON.stringify(job.key)}));`,
    `await import(${JSON.stringify(`${pathToFileURL(join(testDir, file)).href}?teeth=${job.key}`)});`,
    '',
  ].join('\n');

// The runner writes the wrappers before it collects the test files; a worker only reads them.
if (!environment.playwrightWorker()) {
  // Modules, as the suite's own files are: a wrapper awaits its import (outside the project, no package.json says so).
  mkdirSync(plan.wrapperDir, { recursive: true });
  writeFileSync(join(plan.wrapperDir, 'package.json'), '{ "type": "module" }\n');
  for (const job of plan.jobs)
    for (const file of filesOf(job)) {
      const path = join(plan.wrapperDir, job.key, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, wrapperSource(job, file));
    }
}

const byKey = new Map(plan.jobs.map((j) => [j.key, j]));
/** A job's checks in its lane: the title starts with the wrapper's path (its folder), the job's grep follows. */
const jobGrep = (job: BatchJobPlan): RegExp => new RegExp(`/${escapeRegExp(job.key)}/[\\s\\S]*?(?:${job.grep})`);

export default defineConfig({
  ...base,
  testDir,
  globalSetup: absolute(base.globalSetup as string | undefined),
  globalTeardown: absolute(base.globalTeardown as string | undefined),
  webServer: undefined,
  grep: undefined,
  workers: Math.max(1, plan.lanes.length),
  fullyParallel: false,
  reporter: [['list'], ['json', { outputFile: plan.reportFile }]],
  // Never longer than the base config's own limit: a check must not get more time than in a run of its own.
  ...(plan.timeoutMs ? { timeout: Math.min(plan.timeoutMs, base.timeout ?? plan.timeoutMs) } : {}),
  projects: plan.lanes.map((keys, index) => {
    const jobs = keys.map((k) => byKey.get(k) as BatchJobPlan);
    return {
      name: `lane-${index}`,
      testDir: plan.wrapperDir,
      testMatch: jobs.flatMap((j) => filesOf(j).map((f) => new RegExp(`^${escapeRegExp(join(plan.wrapperDir, j.key, f))}$`))),
      grep: jobs.map(jobGrep),
      // One worker per lane: its jobs run one after another in the worker that started it.
      workers: 1,
    };
  }),
});
