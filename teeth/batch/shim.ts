/**
 * `@playwright/test` as the suite sees it in a batch run (teeth/batch/config.ts
 * maps the import here through its tsconfig `paths`; no other run loads this
 * file). Everything is Playwright's own, except that `test` carries two automatic
 * fixtures of the teeth, set up before every fixture of the suite:
 *
 *  - teethTarget (worker): before any fixture of the worker reads a setting, puts
 *    the environment of the worker's project (one project per job: its reference's
 *    port, its own run folder) into the process's environment, and has the settings read again. A worker serves one project only,
 *    so a job's checks never see another job's reference.
 *  - teethJob (test): makes the check see the worker indices it would see in a run
 *    of its own with one worker (parallel index 0, worker index counting the job's
 *    workers from 0): the suite picks accounts by them (sessions/session-pool.ts), so a
 *    job's checks use the same accounts wherever the job lands in the batch.
 *    With `keepWorker`, after a check *failed* (an assertion, not a time-out) it
 *    marks that failure expected, so Playwright keeps the worker for the job's next
 *    check instead of starting another (about a second of CPU each). The result keeps
 *    its `failed` status, error and evidence: the teeth read those, never the expected status.
 *    With `bail` (mutation testing: one failed check kills a mutant), once a check of the
 *    job failed or timed out, the job's later checks are skipped.
 */
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from 'playwright/test';
import { adoptEnv, handedOff } from '../../settings/run-context.js';
import { forgetCurrentSettings } from '../../settings/settings.js';
import { BAIL, BAILED } from './bail.js';

export * from 'playwright/test';

/** Project metadata key under which the batch config puts a project's environment. */
export const TARGET_ENV = 'teethEnv';
/** Project metadata key: true to keep the worker after a failed check. */
export const KEEP_WORKER = 'teethKeepWorker';
/** The file in the job's run folder that says a check of the job failed (BAIL). */
const FAILED_MARK = 'teeth-failed';

/** This worker's ordinal among its job's workers (0 for the first). */
let ordinal = 0;

/** Counts the job's workers in its run folder (one worker per job at a time: no race). */
function nextOrdinal(runDir: string | undefined): number {
  if (!runDir) return 0;
  const file = join(runDir, 'teeth-workers');
  let n = 0;
  try {
    n = Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    closeSync(openSync(file, 'a'));
  }
  writeFileSync(file, String(n + 1));
  return n;
}

const metadata = (info: { project: { metadata: unknown } }): Record<string, unknown> => (info.project.metadata ?? {}) as Record<string, unknown>;

export const test = base.extend<{ teethJob: undefined }, { teethTarget: undefined }>({
  teethTarget: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use, workerInfo) => {
      const env = metadata(workerInfo)[TARGET_ENV] as Record<string, string | null> | undefined;
      adoptEnv(env ?? {});
      // The settings are read again from the job's environment (the config, loaded first, read the runner's).
      forgetCurrentSettings();
      ordinal = nextOrdinal(handedOff().runDir);
      await use(undefined);
    },
    { scope: 'worker', auto: true, box: true },
  ],
  teethJob: [
    // biome-ignore lint/correctness/noEmptyPattern: as above.
    async ({}, use, testInfo) => {
      Object.assign(testInfo, { parallelIndex: 0, workerIndex: ordinal });
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

export default test;
