import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { grepForIds } from '../../catalog/ids.js';
import { processAlive } from '../../lib/process-alive.js';
import { startHost } from '../../teeth/reference-host.js';
import { runBatch } from '../../teeth/batch/run-batch.js';
import { TARGET_FILES } from '../../settings/target-spec.js';
import { allFinished, jobReport, jobSeconds } from '../../teeth/batch/split.js';
import { evasionVerdict, readGate } from '../../teeth/evasion-runs.js';
import { runMatrix } from '../../teeth/matrix.js';
import { ROOT } from '../../teeth/paths.js';
import { checksOf, type PlaywrightReport, type ResultStatus } from '../../teeth/job-checks.js';
import { realServiceVerdict } from '../../teeth/real-service.js';
import { runPlaywright } from '../../teeth/run-playwright.js';
import { DEFAULT_OUT, runTeeth } from '../../teeth/teeth-run.js';
import { hangBoundSeconds, previousSeconds } from '../../teeth/timings.js';
import { formatMatrix, stoppedLine } from '../../teeth/format.js';
import type { DefectRow, MatrixResult } from '../../teeth/matrix-result.js';
import { fakeOutcome, fakeReport } from '../../teeth/testing/reports.js';
import { startFakeHost, writeSyntheticProject } from '../../teeth/testing/synthetic-project.js';
import { blamePrecision, confirmKill, defectVerdict, filesOfDefect, grepOfDefect, NOT_STARTED } from '../../teeth/matrix-verdicts.js';

/**
 * The kill matrix (docs/TEETH.md): its verdicts on hand-made reports, its machinery
 * on a synthetic project, the batch's isolation on the real suite, and then the real
 * thing: every declared defect killed, every allowed variant passing the whole suite,
 * every evasion ending FAILED or INCOMPLETE.
 */

/** The pid the synthetic reference of a run left in the run's folder. */
const serverPid = (runDir: string): number => Number(readFileSync(join(runDir, 'server.pid'), 'utf8'));


test.describe('defect verdicts on hand-made reports', () => {
  const breaks = ['ITEM-QUOTA-1', 'ITEM-LIST-2'];

  test('a failure charged to a rule the defect breaks kills it, and the check is named', () => {
    const report = fakeReport([
      { title: '[ITEM-QUOTA-1] beyond the quota', status: 'failed', error: 'expected 201, got 400', evidenceFor: ['ITEM-QUOTA-1'] },
      { title: '[ITEM-LIST-2] listed', status: 'passed' },
    ]);
    const v = defectVerdict(breaks, fakeOutcome(report));
    expect(v).toMatchObject({ verdict: 'KILLED', charged: ['ITEM-QUOTA-1'], extra: [] });
    expect(v.killers).toEqual(['group/fake.spec.ts › [ITEM-QUOTA-1] beyond the quota']);
    expect(v.killerError).toBe('expected 201, got 400');
  });

  test('a failure is charged to the rule its evidence names, whatever the title: an ID on the enclosing describe counts for the selection', () => {
    const report = fakeReport([{ title: 'waits for the event', describe: '[ITEM-QUOTA-10] lists', status: 'failed', evidenceFor: ['ITEM-LIST-2'] }]);
    expect(defectVerdict(breaks, fakeOutcome(report)).verdict).toBe('KILLED');
  });

  test('failures charged also to rules the defect keeps make it OVERCHARGED, with those rules', () => {
    const report = fakeReport([
      { title: '[ITEM-QUOTA-1] beyond the quota', status: 'failed', evidenceFor: ['ITEM-QUOTA-1', 'ITEM-HIDDEN-1'] },
      { title: '[ITEM-LIST-2] listed', status: 'failed', evidenceFor: ['ITEM-LIST-2'] },
    ]);
    expect(defectVerdict(breaks, fakeOutcome(report))).toMatchObject({ verdict: 'OVERCHARGED', extra: ['ITEM-HIDDEN-1'], detail: 'also charged: ITEM-HIDDEN-1' });
    const rows = [defectVerdict(breaks, fakeOutcome(report)), defectVerdict(breaks, fakeOutcome(fakeReport([{ title: '[ITEM-LIST-2] l', status: 'failed', evidenceFor: ['ITEM-LIST-2'] }])))];
    // 4 rules charged over both runs, 3 of them declared.
    expect(blamePrecision(rows)).toEqual({ inside: 3, charged: 4, ratio: 0.75 });
  });

  test('failures charged only to other rules are MISCHARGED; a check that broke (no failure recorded, a timeout) kills nothing', () => {
    const model = (evidenceFor: string[]) => fakeReport([{ title: '[ITEM-QUOTA-1][ITEM-QUOTA-10] model', status: 'failed', evidenceFor }]);
    expect(defectVerdict(['ITEM-QUOTA-10'], fakeOutcome(model(['ITEM-QUOTA-10']))).verdict).toBe('KILLED');
    expect(defectVerdict(['ITEM-QUOTA-10'], fakeOutcome(model(['ITEM-QUOTA-1'])))).toMatchObject({
      verdict: 'MISCHARGED',
      detail: 'the failures charge ITEM-QUOTA-1, not the rules the defect breaks',
    });
    const broke = fakeReport([{ title: '[ITEM-QUOTA-10] lowering', status: 'timedOut' }]);
    expect(defectVerdict(['ITEM-QUOTA-10'], fakeOutcome(broke)).verdict).toBe('ERROR');
  });

  test('a passing check that recorded a SHOULD finding on the rule kills a SHOULD-level defect', () => {
    const report = fakeReport([{ title: '[ITEM-LIST-2] listed', status: 'skipped', skipReason: 'not exercised: stopped at a SHOULD finding', evidenceFor: ['ITEM-LIST-2'] }]);
    expect(defectVerdict(breaks, fakeOutcome(report)).verdict).toBe('KILLED');
  });

  test('relevant checks that only pass or skip leave the defect alive', () => {
    const report = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'skipped', skipReason: 'not exercised: needs x (SC_X)' }]);
    expect(defectVerdict(breaks, fakeOutcome(report))).toMatchObject({ verdict: 'SURVIVED', detail: '0 passed, 1 skipped' });
  });

  test('no check citing the IDs is NO-CHECK', () => {
    expect(defectVerdict(breaks, fakeOutcome(fakeReport([{ title: '[WH-SIG-1] s', status: 'passed' }]))).verdict).toBe('NO-CHECK');
  });

  test('a hang, an interruption, a missing report or a start error is an ERROR, never a kill', () => {
    const failing = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'failed', evidenceFor: ['ITEM-QUOTA-1'] }]);
    expect(defectVerdict(breaks, fakeOutcome(failing, { timedOut: true }), 180)).toMatchObject({
      verdict: 'ERROR',
      detail: 'hung: no result within 180 s (process stopped)',
    });
    expect(defectVerdict(breaks, fakeOutcome(failing, { aborted: true })).verdict).toBe('ERROR');
    expect(defectVerdict(breaks, fakeOutcome(undefined)).verdict).toBe('ERROR');
    const noStart = fakeReport([], ['Error: Process from config.webServer was not able to start. Exit code: 2']);
    expect(defectVerdict(breaks, fakeOutcome(noStart))).toMatchObject({ verdict: 'ERROR' });
    const interrupted = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'interrupted' }]);
    expect(defectVerdict(breaks, fakeOutcome(interrupted)).verdict).toBe('ERROR');
  });

  test('a kill counts only if the killing check passes on the clean reference', () => {
    const killed = defectVerdict(breaks, fakeOutcome(fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'failed', evidenceFor: ['ITEM-QUOTA-1'] }])));
    const cleanPass = checksOf(fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'passed' }]));
    const cleanFail = checksOf(fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'failed' }]));
    const cleanSkip = checksOf(fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'skipped', skipReason: 'not exercised: x' }]));
    expect(confirmKill(killed, cleanPass).verdict).toBe('KILLED');
    expect(confirmKill(killed, cleanFail).verdict).toBe('UNCONFIRMED');
    expect(confirmKill(killed, cleanSkip).verdict).toBe('UNCONFIRMED');
    expect(confirmKill(killed, undefined).verdict).toBe('KILLED');
  });

  test('a defect runs the checks citing the rules it breaks, and those of the rules it watches for a spill (alsoRuns), in any group', () => {
    const checks = [
      { ids: ['ITEM-READ-2'], file: 'items/states.spec.ts', tags: ['@items'] },
      { ids: ['WH-EVT-3'], file: 'webhooks/event-links.spec.ts', tags: ['@webhooks'] },
      { ids: ['ITEM-QUOTA-2'], file: 'items/concurrency.spec.ts', tags: ['@items'] },
    ];
    const watching = { breaks: ['ITEM-READ-2'], group: 'items' as const, alsoRuns: ['WH-EVT-3'] };
    expect(filesOfDefect(checks, watching)).toEqual(['items/states.spec.ts', 'webhooks/event-links.spec.ts']);
    expect(new RegExp(grepOfDefect(watching)).test('[WH-EVT-3] a limit lowered')).toBe(true);
    expect(filesOfDefect(checks, { ...watching, alsoRuns: undefined })).toEqual(['items/states.spec.ts']);
    const whole = { ...watching, wholeGroup: true as const };
    expect(filesOfDefect(checks, whole)).toEqual(['items/concurrency.spec.ts', 'items/states.spec.ts', 'webhooks/event-links.spec.ts']);
    expect(['x @items', '[WH-EVT-3] y'].map((t) => new RegExp(grepOfDefect(whole)).test(t))).toEqual([true, true]);
  });
});

test.describe('a batch report cut per job', () => {
  const result = (status: ResultStatus, startTime: string, duration: number) => ({ status, startTime, duration });
  // Two jobs' wrappers of one spec file in one lane (teeth/batch/config.ts): the file suites are the wrappers, named
  // by their path from the test folder; the checks inside name the spec file they were declared in.
  const wrapper = (key: string, specs: object[], suites: object[] = []) => ({ title: `../work/jobs/${key}/a.spec.ts`, file: `../work/jobs/${key}/a.spec.ts`, specs, suites });
  const report: PlaywrightReport = {
    suites: [
      wrapper('j0000', [{ title: '[X-1] one', file: 'a.spec.ts', tests: [{ projectName: 'lane-0', results: [result('failed', '2026-01-01T00:00:00.000Z', 1000)] }] }]),
      wrapper(
        'j0001',
        [{ title: '[X-1] one', file: 'a.spec.ts', tests: [{ projectName: 'lane-0', results: [result('passed', '2026-01-01T00:00:05.000Z', 500)] }] }],
        [{ title: 'inner', file: 'a.spec.ts', specs: [{ title: '[X-2] two', file: 'a.spec.ts', tests: [{ projectName: 'lane-0', results: [] }] }] }],
      ),
    ],
    errors: [{ message: 'global setup said something' }],
  };

  test('each job keeps only its tests, under its spec files and describes as a run of its own, with the run-wide errors and its own', () => {
    const d1 = jobReport(report, 'j0000', 'd1', ['the run is broken: GET /items hung']);
    expect(checksOf(d1).map((c) => [c.key, c.status])).toEqual([['a.spec.ts › [X-1] one', 'failed']]);
    expect(d1.suites?.map((s) => [s.title, s.file])).toEqual([['a.spec.ts', 'a.spec.ts']]);
    expect(d1.suites?.[0].specs?.[0].tests?.[0].projectName).toBe('d1');
    expect(d1.errors).toEqual([...(report.errors ?? []), { message: 'the run is broken: GET /items hung' }]);
    const d2 = jobReport(report, 'j0001', 'd2');
    expect(checksOf(d2).map((c) => c.key)).toEqual(['a.spec.ts › [X-1] one', 'a.spec.ts › inner › [X-2] two']);
    expect(d2.errors).toEqual(report.errors);
    expect(jobReport(report, 'j0002', 'nobody').suites).toEqual([]);
  });

  test('a job’s seconds run from its first check’s start to its last check’s end; a check never run leaves it unfinished', () => {
    expect(jobSeconds(jobReport(report, 'j0000', 'd1'))).toBe(1);
    expect(jobSeconds(jobReport(report, 'j0001', 'd2'))).toBe(0.5);
    expect(allFinished(jobReport(report, 'j0000', 'd1'))).toBe(true);
    expect(allFinished(jobReport(report, 'j0001', 'd2'))).toBe(false);
  });
});

test.describe('evasion rows from a run’s conformance.json', () => {
  const conformance = (gate: object, summary: object = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'sc-teeth-evasion-'));
    writeFileSync(join(dir, 'conformance.json'), JSON.stringify({ gate, summary }));
    return dir;
  };
  const headline = { headline: { judged: 120, testable: 154, text: 'judged 120 of 154 testable' } };

  test('FAILED and INCOMPLETE hold; PASSED and BROKEN do not; the headline gives MUST judged / testable', () => {
    for (const [state, exitCode, verdict] of [
      ['FAILED', 1, 'OK'],
      ['INCOMPLETE', 3, 'OK'],
      ['PASSED', 0, 'PASSED'],
      ['BROKEN', 2, 'BROKEN'],
    ] as const) {
      const dir = conformance({ state, exitCode }, headline);
      expect(evasionVerdict(fakeOutcome(undefined, { exitCode }), dir)).toMatchObject({ verdict, gate: state, exitCode, judged: 120, testable: 154 });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('older or partial reports: the gate from exitCode, the figures from summary.must; no report at all is an ERROR', () => {
    expect(readGate({ gate: { exitCode: 3 }, summary: { must: { exercised: 7, total: 9 } } })).toMatchObject({ gate: 'INCOMPLETE', judged: 7, testable: 9 });
    expect(readGate({ gate: { passed: true } })).toMatchObject({ gate: undefined, judged: undefined });
    const empty = mkdtempSync(join(tmpdir(), 'sc-teeth-evasion-'));
    expect(evasionVerdict(fakeOutcome(undefined, { exitCode: 1 }), empty).gate).toBe('FAILED');
    expect(evasionVerdict(fakeOutcome(undefined, { exitCode: null, timedOut: true }), empty).verdict).toBe('ERROR');
    rmSync(empty, { recursive: true, force: true });
  });
});

test.describe('real-service rows on hand-made reports', () => {
  const breaks = ['TX-REQ-1', 'TX-REQ-2'];

  test('a charged failure kills; rules shown not applicable or not exercised are UNJUDGED; rules judged passed are HIDDEN', () => {
    const killed = fakeReport([{ title: '[TX-REQ-1] listed', status: 'failed', evidenceFor: ['TX-REQ-1'] }]);
    expect(realServiceVerdict(breaks, fakeOutcome(killed)).verdict).toBe('KILLED');
    const skipped = fakeReport([{ title: '[TX-REQ-1][TX-REQ-2] listed', status: 'skipped', skipReason: 'not applicable [no_control_api]: needs the control API (SC_CONTROL_URL)' }]);
    expect(realServiceVerdict(breaks, fakeOutcome(skipped))).toMatchObject({ verdict: 'UNJUDGED', unjudged: { 'TX-REQ-1': expect.stringContaining('no_control_api') } });
    const annotated = fakeReport([
      { title: '[TX-REQ-1][TX-REQ-2] listed', status: 'passed', ledger: { passed: { 'TX-REQ-1': 1 }, failed: {} }, notExercised: { 'TX-REQ-2': 'not exercised [target_state]: nothing pending' } },
    ]);
    expect(realServiceVerdict(breaks, fakeOutcome(annotated))).toMatchObject({ verdict: 'UNJUDGED', passed: ['TX-REQ-1'] });
    const hidden = fakeReport([{ title: '[TX-REQ-1][TX-REQ-2] listed', status: 'passed', ledger: { passed: { 'TX-REQ-1': 2, 'TX-REQ-2': 1 }, failed: {} } }]);
    expect(realServiceVerdict(breaks, fakeOutcome(hidden))).toMatchObject({ verdict: 'HIDDEN', passed: ['TX-REQ-1', 'TX-REQ-2'] });
    expect(realServiceVerdict(breaks, fakeOutcome(fakeReport([{ title: '[WH-SIG-1] s', status: 'passed' }]))).verdict).toBe('NO-CHECK');
    expect(realServiceVerdict(breaks, fakeOutcome(killed, { timedOut: true })).verdict).toBe('ERROR');
  });
});

test('the matrix machinery gives each verdict on a synthetic project, a hang is an ERROR, and no reference outlives the matrix', async () => {
  test.setTimeout(180_000);
  const cwd = writeSyntheticProject();
  const workDir = mkdtempSync(join(tmpdir(), 'sc-teeth-own-'));
  const d = (breaks: string[]) => ({ description: 'synthetic', breaks, group: 'items' as const });
  const hosts: Awaited<ReturnType<typeof startFakeHost>>[] = [];
  try {
    const result = await runMatrix({
      defects: {
        'defect-a': d(['ITEM-A-1']),
        'defect-b': d(['ITEM-B-1', 'ITEM-X-1']),
        'defect-c': d(['ITEM-C-1']),
        'defect-d': d(['ITEM-D-1']),
        'defect-h': d(['ITEM-H-1']),
        'defect-z': d(['ITEM-Z-9']),
      },
      variants: ['v-bad', 'v-skip'],
      clean: true,
      catalogIds: new Set(['ITEM-A-1', 'ITEM-B-1', 'ITEM-C-1', 'ITEM-D-1', 'ITEM-E-1', 'ITEM-F-1', 'ITEM-G-1', 'ITEM-H-1', 'ITEM-Z-9']),
      jobs: 2,
      // Below defect-c's 55 s hang: its check is stopped at this limit.
      defectTimeoutMs: 25_000,
      suiteTimeoutMs: 60_000,
      workDir,
      config: 'pw.config.ts',
      cwd,
      startHost: async () => {
        const host = await startFakeHost();
        hosts.push(host);
        return host;
      },
    });
    const verdicts = Object.fromEntries(result.defects.map((r) => [r.name, r.verdict]));
    expect(verdicts).toEqual({
      'defect-a': 'KILLED', // its own reference told the check it runs defect-a: the project's port reached its worker
      'defect-b': 'SURVIVED', // its only check (inside a describe) passes, in the batch and in a run of its own
      'defect-c': 'ERROR', // its check hangs: stopped at the per-check limit, not counted as a kill
      'defect-d': 'UNCONFIRMED', // its check fails on the clean reference too
      'defect-h': 'KILLED', // survives the batch, killed in a run of its own: said so
      'defect-z': 'NO-CHECK', // decided from the listing, without a run
    });
    const row = (name: string) => result.defects.find((r) => r.name === name);
    expect(row('defect-a')?.killers).toEqual(['fake.spec.ts › [ITEM-A-1] sees defect-a @items']);
    expect(row('defect-a')?.rerunAlone).toBeUndefined();
    expect(row('defect-b')?.unknownIds).toEqual(['ITEM-X-1']);
    expect(row('defect-b')?.rerunAlone?.batchVerdict).toBe('SURVIVED');
    expect(row('defect-h')).toMatchObject({ rerunAlone: { batchVerdict: 'SURVIVED' }, detail: expect.stringContaining('killed only in a run of its own') });
    expect(row('defect-c')?.detail).toContain('25000ms');
    expect(row('defect-z')?.seconds).toBe(0);

    const suites = Object.fromEntries(result.suites.map((s) => [s.name, s]));
    const failing = (name: string) => suites[name].failures.map((f) => f.key.replace('fake.spec.ts › ', ''));
    expect(failing('clean')).toEqual(['[ITEM-D-1] fails on every server @items']);
    expect(failing('v-bad')).toEqual(['[ITEM-D-1] fails on every server @items', '[ITEM-E-1] fails under variant v-bad @items']);
    // The not-exercised skip is fine everywhere; a reasonless skip is not.
    expect(suites.clean.unexplainedSkips).toEqual([]);
    expect(suites['v-skip'].unexplainedSkips.map((s) => s.key)).toEqual(['fake.spec.ts › [ITEM-G-1] is skipped without a reason under v-skip @items']);
    expect(result.ok).toBe(false);
    // The listing gave each defect the spec files of its checks: the synthetic project's eight.
    expect(result.listedChecks).toBe(8);

    // One batch, one host, every reference of it closed with the batch (the hung defect's too).
    expect(hosts).toHaveLength(1);
    expect(hosts[0].ports).toHaveLength(6);
    for (const port of hosts[0].ports) await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    // Whole-suite runs and runs of their own started a reference process each, stopped with its run.
    const servers = [...result.defects, ...result.suites].flatMap((r) => (r.logPath?.endsWith('run.log') ? [serverPid(dirname(r.logPath))] : []));
    expect(new Set(servers).size).toBe(2 + 3);
    for (const pid of servers) await expect.poll(() => processAlive(pid), { timeout: 5_000, message: `reference pid ${pid}` }).toBe(false);

    // Variants together: one run, the reference gets them all as one comma-separated list.
    const together = await runMatrix({
      defects: {},
      variants: ['v-good', 'v-bad'],
      variantsTogether: true,
      clean: false,
      catalogIds: undefined,
      jobs: 1,
      defectTimeoutMs: 10_000,
      suiteTimeoutMs: 60_000,
      workDir: join(workDir, 'together'),
      config: 'pw.config.ts',
      cwd,
      listing: { checks: [], errors: [] },
    });
    expect(together.suites.map((s) => s.name)).toEqual(['all-variants']);
    expect(together.suites[0].failures.map((f) => f.key)).toContain('fake.spec.ts › [ITEM-E-1] fails under variant v-bad @items');
    expect(together.problems).toEqual(['no catalog (catalog/requirements.json): the defects’ IDs cannot be checked']);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
});

/** A synthetic project (writeSyntheticProject) and a work folder, both removed after `use`. */
async function withSyntheticProject(prefix: string, use: (cwd: string, dir: string) => Promise<void>): Promise<void> {
  const cwd = writeSyntheticProject();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await use(cwd, dir);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

// A per-target fixture as the suite declares them (fixtures/target.ts: held in the worker's target registry), in a module
// the spec files import (so, unlike the spec files, not evaluated again per job), logging its opening and closing;
// defect-t's close throws.
const TARGET_FIXTURE = `import { appendFileSync } from 'node:fs';
import { targetTest } from ${JSON.stringify(pathToFileURL(join(ROOT, 'fixtures', 'target.ts')).href)};
const defect = async (port) => (await (await fetch(\`http://127.0.0.1:\${port}/\`)).json()).defect;
export const test = targetTest.extend({
  held: async ({ target, targetState }, use) => {
    const port = target.env.REFERENCE_PORT;
    const open = () => {
      appendFileSync(process.env.FIXTURE_LOG, \`setup \${port} \${process.pid}\\n\`);
      return { port };
    };
    const close = async () => {
      appendFileSync(process.env.FIXTURE_LOG, \`teardown \${port} \${process.pid}\\n\`);
      if ((await defect(port)) === 'defect-t') throw new Error('the teardown of defect-t failed');
    };
    await use(await targetState.keep('held', open, close));
  },
});
`;
const TARGET_FIXTURE_SPEC = `import { expect } from '@playwright/test';
import { test } from './target-fixture.ts';
test('[ITEM-W-1] the per-target fixture holds this job’s target @items', async ({ held, target }) => {
  expect(held.port).toBe(target.env.REFERENCE_PORT);
});
test('[ITEM-W-1] a later check of the job gets the same value @items', async ({ held, target }) => {
  expect(held.port).toBe(target.env.REFERENCE_PORT);
});
`;

test('in one worker, a target’s state is opened once per job, closed before the next, and its close error is that job’s', async () => {
  test.setTimeout(60_000);
  const host = await startFakeHost();
  await withSyntheticProject('sc-teeth-batch-fixtures-', async (cwd, dir) => {
    writeFileSync(join(cwd, 'specs', 'target-fixture.ts'), TARGET_FIXTURE);
    writeFileSync(join(cwd, 'specs', 'target-fixture.spec.ts'), TARGET_FIXTURE_SPEC);
    const log = join(dir, 'fixture.log');
    const job = (name: string) => ({ name, files: ['target-fixture.spec.ts'], grep: grepForIds(['ITEM-W-1']), reference: { defect: name } });
    const batch = await runBatch({
      name: 'fixtures',
      jobs: [job('defect-a'), job('defect-t'), job('defect-b')],
      workers: 1,
      checkTimeoutMs: 20_000,
      timeoutMs: 50_000,
      dir: join(dir, 'batch'),
      env: { FIXTURE_LOG: log },
      baseConfig: join(cwd, 'pw.config.ts'),
      cwd,
      startHost: async () => host,
    });
    // Every check passed: no job saw a fixture set up for another job's target.
    for (const name of ['defect-a', 'defect-t', 'defect-b']) {
      const checks = checksOf(batch.outcomes.get(name)?.report ?? {});
      expect(checks.map((c) => c.status)).toEqual(['passed', 'passed']);
    }
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split(' '));
    const [a, t, b] = host.ports.map(String);
    expect(lines.map(([what, port]) => `${what} ${port}`)).toEqual([`setup ${a}`, `teardown ${a}`, `setup ${t}`, `teardown ${t}`, `setup ${b}`, `teardown ${b}`]);
    expect(new Set(lines.map(([, , pid]) => pid)).size).toBe(1);
    const errors = (name: string) => (batch.outcomes.get(name)?.report?.errors ?? []).map((e) => e?.message);
    expect(errors('defect-t')).toEqual(['held: the teardown of defect-t failed']);
    expect(errors('defect-a')).toEqual([]);
    expect(errors('defect-b')).toEqual([]);
  }).finally(() => host.stop());
});

/** A job of the synthetic project's fake spec file, selected by the one rule its defect breaks. */
const fakeJob = (name: string, id: string) => ({ name, files: ['fake.spec.ts'], grep: grepForIds([id]), reference: { defect: name } });

test('a batch past its hard limit is stopped: the defects it left unfinished are ERRORs, the finished keep their verdicts', async () => {
  test.setTimeout(90_000);
  const host = await startFakeHost();
  await withSyntheticProject('sc-teeth-batch-limit-', async (cwd, dir) => {
    const batch = await runBatch({
      name: 'limit',
      jobs: [fakeJob('defect-c', 'ITEM-C-1'), fakeJob('defect-a', 'ITEM-A-1')],
      workers: 2,
      // defect-c's check hangs 55 s within its own 60 s limit: only the batch's limit stops it.
      checkTimeoutMs: 60_000,
      timeoutMs: 12_000,
      dir,
      baseConfig: join(cwd, 'pw.config.ts'),
      cwd,
      startHost: async () => host,
    });
    const verdict = (name: string, id: string) => defectVerdict([id], batch.outcomes.get(name) ?? fakeOutcome(undefined), 12);
    expect(verdict('defect-c', 'ITEM-C-1')).toMatchObject({ verdict: 'ERROR', detail: 'hung: no result within 12 s (process stopped)' });
    expect(verdict('defect-a', 'ITEM-A-1').verdict).toBe('KILLED');
    for (const port of host.ports) await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }).finally(() => host.stop());
});

test('a batch stopped through its signal: the job it was running is interrupted (ERROR), the jobs its lane never reached are NOT-RUN', async () => {
  test.setTimeout(90_000);
  const host = await startFakeHost();
  await withSyntheticProject('sc-teeth-batch-stop-', async (cwd, dir) => {
    const stop = new AbortController();
    // defect-c's check hangs 55 s: one lane, so defect-a waits behind it until the signal stops the batch.
    const timer = setTimeout(() => stop.abort(), 8_000);
    const batch = await runBatch({
      name: 'stop',
      jobs: [fakeJob('defect-c', 'ITEM-C-1'), fakeJob('defect-a', 'ITEM-A-1')],
      workers: 1,
      expectedSeconds: (j) => (j.name === 'defect-c' ? 100 : 1),
      checkTimeoutMs: 60_000,
      timeoutMs: 60_000,
      dir,
      baseConfig: join(cwd, 'pw.config.ts'),
      cwd,
      signal: stop.signal,
      startHost: async () => host,
    }).finally(() => clearTimeout(timer));
    const verdict = (name: string, id: string) => defectVerdict([id], batch.outcomes.get(name) ?? fakeOutcome(undefined), 60);
    expect(verdict('defect-c', 'ITEM-C-1')).toMatchObject({ verdict: 'ERROR', detail: 'interrupted before the end (deadline or Ctrl-C)' });
    expect(verdict('defect-a', 'ITEM-A-1')).toMatchObject({ verdict: 'NOT-RUN', detail: NOT_STARTED });
  }).finally(() => host.stop());
});

test('a stopped matrix prints no row for a run it never started, and says in one line how many began', () => {
  const row = (name: string, verdict: DefectRow['verdict']): DefectRow => ({
    ...{ name, group: 'items', description: 'd', breaks: ['ITEM-A-1'], unknownIds: [], verdict, killers: [] },
    ...{ relevant: { total: 0, passed: 0, failed: 0, skipped: 0 }, charged: [], extra: [], seconds: 1 },
  });
  const result: MatrixResult = {
    ...{ defects: [row('ran-and-killed', 'KILLED'), row('never-started-1', 'NOT-RUN'), row('never-started-2', 'NOT-RUN')], suites: [], evasions: [], realService: [] },
    ...{ problems: [], jobs: 2, workers: 6, wallSeconds: 9, defectsWallSeconds: 9, killed: 1, precision: { inside: 0, charged: 0, ratio: 1 }, ok: false },
  };
  result.problems.push(stoppedLine(result, 'stopped at its bound of 600 s (a hang guard)'));
  const text = formatMatrix(result);
  expect(text).not.toContain('never-started');
  expect(text).toContain('stopped at its bound of 600 s (a hang guard): 1 of 3 runs began, 2 never started (not listed)');
  expect(text).toContain('score: 1/3 = 33.3% killed');
  expect(text).toContain('TEETH NOT PROVEN');
});

test('the matrix bound is a hang guard: five times the recorded seconds at their parallelism, ten minutes at least', () => {
  expect(hangBoundSeconds({}, { workers: 6, jobs: 2 })).toBe(600);
  // 600 s of defects over 6 lanes and 400 s of whole-suite runs two at a time: 5 × (100 + 200).
  expect(hangBoundSeconds({ a: 300, b: 300, 'suite:clean': 100, 'suite:refuse-429': 300 }, { workers: 6, jobs: 2 })).toBe(1500);
});

test('the last resort kills a hung run with every process it started, web server included', async () => {
  test.setTimeout(60_000);
  await withSyntheticProject('sc-teeth-kill-', async (cwd, dir) => {
    const outcome = await runPlaywright({
      name: 'hang',
      config: 'pw.config.ts',
      cwd,
      args: ['--grep', grepForIds(['ITEM-C-1'])],
      env: { REFERENCE_DEFECT: 'defect-c' },
      dir,
      timeoutMs: 6_000,
      // No grace after the interrupt: straight to SIGKILL, as for a runner that ignores it.
      graceMs: 0,
    });
    expect(outcome.timedOut).toBe(true);
    expect(defectVerdict(['ITEM-C-1'], outcome, 6).verdict).toBe('ERROR');
    await expect.poll(() => processAlive(serverPid(dir)), { timeout: 5_000 }).toBe(false);
  });
});

test('the reference host serves fresh references on ports of their own and stops with them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sc-teeth-host-'));
  const host = await startHost(join(dir, 'references.log'));
  try {
    const [a, b] = [await host.start({ defect: 'quota-ignored' }), await host.start({ variants: ['page-size-1'] })];
    expect(a).not.toBe(b);
    for (const port of [a, b]) expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    await expect(host.start({ defect: 'no-such-defect' })).rejects.toThrow(/unknown defect 'no-such-defect'/);
    await host.stop();
    await expect.poll(() => processAlive(host.pid as number), { timeout: 5_000 }).toBe(false);
    for (const port of [a, b]) await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  } finally {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a defect run right after one that leaves state behind gets the same verdict and killing checks as alone', async () => {
  // delete-keeps-slot leaves every slot its checks freed counted on the accounts; quota-ignored's checks fill
  // the accounts' quota. In one batch with one lane, quota-ignored runs second in the same worker process: its
  // reference, run folder and the worker's per-target state (closed and opened between the jobs) are its own, so it sees exactly
  // what it sees alone.
  test.setTimeout(120_000);
  const { DEFECTS } = await import('../../reference/defects/index.js');
  const pick = (...names: (keyof typeof DEFECTS)[]) => Object.fromEntries(names.map((n) => [n, DEFECTS[n]]));
  const dirs: string[] = [];
  const run = (defects: ReturnType<typeof pick>, name: string) =>
    runMatrix({
      defects,
      variants: [],
      clean: false,
      catalogIds: undefined,
      jobs: 1,
      workers: 1,
      defectTimeoutMs: 60_000,
      suiteTimeoutMs: 60_000,
      workDir: dirs[dirs.push(mkdtempSync(join(tmpdir(), `sc-teeth-${name}-`))) - 1],
      // The order of the batch: the defect that leaves state behind first.
      previousSeconds: { 'delete-keeps-slot': 100, 'quota-ignored': 1 },
      // The same property inputs in both runs: the quota model charges ITEM-LIMITS-2 on some sequences only.
      seed: '24',
    });
  // The pids of the workers that served each job of the first batch (transport/target-registry.ts), read before the folders go.
  let served: string[] = [];
  const [after, alone] = await Promise.all([run(pick('delete-keeps-slot', 'quota-ignored'), 'after'), run(pick('quota-ignored'), 'alone')]).finally(() => {
    served = [0, 1].map((i) => readFileSync(join(dirs[0], 'defects', `run-${i}`, TARGET_FILES.workers), 'utf8').trim());
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  expect(served[0]).toMatch(/^\d+$/);
  expect(served[1]).toBe(served[0]);
  const row = (r: typeof after) => r.defects.find((d) => d.name === 'quota-ignored');
  expect(after.defects.map((d) => d.verdict)).toEqual(['KILLED', 'KILLED']);
  expect(row(after)?.rerunAlone).toBeUndefined();
  expect({ verdict: row(after)?.verdict, killers: row(after)?.killers, charged: row(after)?.charged, relevant: row(after)?.relevant }).toEqual({
    verdict: row(alone)?.verdict,
    killers: row(alone)?.killers,
    charged: row(alone)?.charged,
    relevant: row(alone)?.relevant,
  });
});

test('every declared defect is killed, every allowed variant passes the whole suite, every evasion ends FAILED or INCOMPLETE', { tag: '@matrix' }, async () => {
  // The defects in one batch (about 40 s on 2 cores, six lanes, several defects per worker) beside the
  // whole-suite runs two at a time (the clean reference, the variants together, each evasion: the 429 evasion mostly
  // waits out Retry-After, about 105 s): about 2.2 min on this 2-core machine alone, 2.7 min in npm test. Its bound is a
  // hang guard, not a timer: five times what the runs took last time (teeth/timings.ts hangBoundSeconds, 10 min at
  // least), so a machine several times slower, or one running a conformance run beside it, still ends; each run also has
  // its own limit (a check's, a whole-suite run's). A fixed 4 min cut the matrix on a fresh machine a little slower.
  const jobs = 2;
  const boundS = hangBoundSeconds(previousSeconds(DEFAULT_OUT), { workers: 3 * jobs, jobs });
  test.setTimeout((boundS + 120) * 1000);
  const run = await runTeeth({
    clean: true,
    // TEETH_VARIANTS=each: one whole-suite run per variant (as `npm run kill-matrix` does), longer.
    variantsTogether: process.env.TEETH_VARIANTS !== 'each',
    // TEETH_REAL_SERVICE=1: every defect in the real service's configuration too (about 1.5 min more).
    realService: process.env.TEETH_REAL_SERVICE === '1' ? 'all' : undefined,
    jobs,
    deadlineS: boundS,
    onProgress: (line) => console.log(line),
  });
  console.log(run.text);
  expect(run.result.evasions.length, 'the evasion matrix ran').toBeGreaterThan(0);
  expect(run.result.ok, 'teeth not proven: the matrix is printed above').toBe(true);
});
