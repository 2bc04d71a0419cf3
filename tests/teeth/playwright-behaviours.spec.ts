/**
 * Every Playwright behaviour the kill matrix's batch (teeth/batch/) and the target fixtures
 * (fixtures/target.ts, fixtures/teeth-job.ts) rely on beyond Playwright's documented use, proved
 * on a tiny project of its own in one run (docs/TEETH.md "Playwright behaviours relied on" lists
 * them, one test each). It runs first in npm test (tests/playwright.config.ts: the other projects
 * depend on it), so a Playwright upgrade that changes one of them fails here, by name, before
 * the matrix meets it as a riddle.
 *
 * The tiny project mirrors the batch: wrapper files (`a.spec.ts`…) each `test.use` a job's
 * options and import one module of checks under a query of their own, one worker runs them all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { PlaywrightReport, ReportSuite, ReportTest } from '../../reporting/playwright-json.js';
import { ROOT } from '../../teeth/paths.js';
import { cleanRunEnv } from '../../teeth/run-playwright.js';
import { runCommand } from '../support/run-command.js';

const CONFIG = `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: 'specs',
  fullyParallel: false,
  retries: 0,
  timeout: 20_000,
  reporter: [['json', { outputFile: 'report.json' }]],
  // One worker for the lane; its grep matches the wrapper's path, then the title.
  projects: [{ name: 'lane', workers: 1, grep: [/[abcd]\\.spec\\.ts/, /e\\.spec\\.ts[\\s\\S]*reads its job/] }],
});
`;

// Registered first: the keeper's teardown runs after the later fixture's (it sees the final status).
const FIXTURES = `import { test as base } from '@playwright/test';
export const test = base.extend({
  job: [undefined, { option: true }],
  keep: [undefined, { option: true }],
  _keeper: [
    async ({ keep }, use, testInfo) => {
      testInfo.skip(keep?.bail === true, 'bailed');
      await use(undefined);
      if (keep?.keepWorker && testInfo.status === 'failed') testInfo.fail();
    },
    { auto: true },
  ],
  _late: [
    async ({}, use, testInfo) => {
      await use(undefined);
      if (testInfo.title === 'late failure') throw new Error('a teardown failure');
    },
    { auto: true },
  ],
  cap: async ({ job }, use) => use(job?.cap === true),
});
`;

const CHECKS = `import { test } from './fixtures.ts';
const note = (testInfo, job) => testInfo.annotations.push({ type: 'seen', description: JSON.stringify({ job: job?.name, worker: testInfo.workerIndex }) });
test('reads its job', async ({ job }, testInfo) => note(testInfo, job));
test('fails when its job says so', async ({ job }, testInfo) => {
  note(testInfo, job);
  if (job?.fail) throw new Error('boom');
});
test.describe('guarded', () => {
  test.skip(({ cap }) => !cap, 'no cap');
  test('needs cap', async ({ job }, testInfo) => note(testInfo, job));
});
test('late failure', async ({ job }, testInfo) => note(testInfo, job));
test('after', async ({ job }, testInfo) => note(testInfo, job));
`;

const wrapper = (name: string, job: object, keep: object | undefined) => `import { test } from './fixtures.ts';
test.use({ job: ${JSON.stringify({ name, ...job })}, keep: ${JSON.stringify(keep)} });
await import('./checks.ts?job=${name}');
`;

const WRAPPERS: Record<string, string> = {
  'a.spec.ts': wrapper('a', { cap: true, fail: true }, { keepWorker: true }),
  'b.spec.ts': wrapper('b', { cap: false }, { keepWorker: true }),
  'c.spec.ts': wrapper('c', { fail: true }, undefined),
  'd.spec.ts': wrapper('d', {}, { bail: true }),
  'e.spec.ts': wrapper('e', {}, { keepWorker: true }),
};

interface Row {
  file: string;
  declaredIn: string;
  title: string;
  status?: string;
  expectedStatus?: string;
  worker?: number;
  start: number;
  seen?: { job?: string; worker: number };
  skipReason?: string;
}

/** Every test of the report, by wrapper file, in the order run. */
function rowsOf(report: PlaywrightReport): Row[] {
  const rows: Row[] = [];
  const walk = (suite: ReportSuite, file: string): void => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) rows.push(row(file, spec.file ?? '', spec.title ?? '', t));
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title ?? '');
  return rows.sort((x, y) => x.start - y.start);
}

function row(file: string, declaredIn: string, title: string, t: ReportTest): Row {
  const result = t.results?.at(-1);
  const seen = t.annotations?.find((a) => a?.type === 'seen')?.description;
  return {
    file,
    declaredIn,
    title,
    status: result?.status,
    expectedStatus: t.expectedStatus,
    worker: result?.workerIndex,
    start: Date.parse(result?.startTime ?? '') || 0,
    seen: seen ? JSON.parse(seen) : undefined,
    skipReason: t.annotations?.find((a) => a?.type === 'skip')?.description,
  };
}

let rows: Row[] = [];
const of = (file: string, title?: string): Row[] => rows.filter((r) => r.file === file && (title === undefined || r.title === title));
const one = (file: string, title: string): Row => of(file, title)[0] ?? ({} as Row);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sc-playwright-behaviours-'));
  try {
    mkdirSync(join(dir, 'specs'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(join(dir, 'pw.config.ts'), CONFIG);
    writeFileSync(join(dir, 'specs', 'fixtures.ts'), FIXTURES);
    writeFileSync(join(dir, 'specs', 'checks.ts'), CHECKS);
    for (const [name, source] of Object.entries(WRAPPERS)) writeFileSync(join(dir, 'specs', name), source);
    // A hang guard, far above the few seconds the run takes.
    const ran = await runCommand(process.execPath, [join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', 'pw.config.ts'], dir, cleanRunEnv({}), 90_000);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as PlaywrightReport;
    rows = rowsOf(report);
    expect(rows.length, ran.out).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a `?query` import evaluates the module again: each wrapper registers the checks anew', () => {
  for (const file of ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts']) {
    expect(of(file).map((r) => r.title).sort(), file).toEqual(['after', 'fails when its job says so', 'late failure', 'needs cap', 'reads its job']);
  }
});

test('a wrapper file’s test.use applies to the checks the module it imports registers', () => {
  expect(['a.spec.ts', 'b.spec.ts', 'c.spec.ts'].map((f) => one(f, 'reads its job').seen?.job)).toEqual(['a', 'b', 'c']);
});

test('the JSON report names the wrapper as the file suite and the imported module as each check’s file', () => {
  expect(one('a.spec.ts', 'reads its job').declaredIn).toBe('checks.ts');
});

test('a project’s grep is matched against the wrapper’s path, then the title', () => {
  expect(of('e.spec.ts').map((r) => r.title)).toEqual(['reads its job']);
});

test('the files of a one-worker project run one after another in path order', () => {
  const firsts = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts'].map((f) => Math.min(...of(f).map((r) => r.start)));
  expect(firsts).toEqual([...firsts].sort((x, y) => x - y));
});

test('a test-scoped option set by test.use does not change the worker: tests of several values share one', () => {
  const workers = new Set([...of('a.spec.ts'), ...of('b.spec.ts')].map((r) => r.worker));
  expect(workers.size).toBe(1);
});

test('testInfo.fail() after a failure, in an auto fixture’s teardown, keeps the worker; the result stays failed', () => {
  const failed = one('a.spec.ts', 'fails when its job says so');
  expect({ status: failed.status, expected: failed.expectedStatus }).toEqual({ status: 'failed', expected: 'failed' });
  expect(one('a.spec.ts', 'after').worker).toBe(failed.worker);
});

test('without it, a failure ends the worker: the next check runs in a new one (the keeper is what keeps it)', () => {
  const failed = one('c.spec.ts', 'fails when its job says so');
  expect(failed.status).toBe('failed');
  expect(failed.expectedStatus).toBe('passed');
  const next = of('c.spec.ts').find((r) => r.start > failed.start);
  expect(next?.worker).not.toBe(failed.worker);
});

test('an auto fixture registered first is torn down last: it sees a later fixture’s teardown failure', () => {
  const late = one('a.spec.ts', 'late failure');
  expect({ status: late.status, expected: late.expectedStatus }).toEqual({ status: 'failed', expected: 'failed' });
});

test('a describe-level test.skip(({ fixture }) => …) with a test-scoped fixture is decided per test', () => {
  expect(one('a.spec.ts', 'needs cap').status).toBe('passed');
  expect({ status: one('b.spec.ts', 'needs cap').status, reason: one('b.spec.ts', 'needs cap').skipReason }).toEqual({ status: 'skipped', reason: 'no cap' });
});

test('testInfo.skip(true, reason) in an auto fixture’s set-up skips the check with that reason', () => {
  expect(of('d.spec.ts').map((r) => `${r.status} ${r.skipReason}`)).toEqual(Array(5).fill('skipped bailed'));
});
