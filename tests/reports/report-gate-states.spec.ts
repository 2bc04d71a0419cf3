import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Catalog } from '../../catalog/index.js';
import { baselineEntries } from '../../reporting/baseline-write.js';
import { buildConformance } from '../../reporting/build.js';
import { formatConsoleSummary } from '../../reporting/console.js';
import { type Baseline, loadBaseline } from '../../reporting/gate.js';
import { checksFromReport } from '../../reporting/read-playwright-report.js';
import { buildReportFiles } from '../../reporting/write-reports.js';
import type { CheckResult } from '../../results/check-result.js';
import { readRequired } from '../../results/require.js';
import { loadSettings, readSettings } from '../../settings/settings.js';
import { check, filesFrom, fixture, reportFromChecks, tempDir } from './data/helpers.js';

/**
 * The gate's four states (issue "A PASS is proof"): PASSED 0, FAILED 1, BROKEN 2,
 * INCOMPLETE 3; only the server's testable MUST rules count; SC_REQUIRE; the
 * baseline of known failures and accepted not-exercised rules, stale both ways;
 * retries that never pass a MUST; a reused reports folder's budget.
 */

const ledger = (passed: string[], failed: string[] = []) => ({ passed: Object.fromEntries(passed.map((id) => [id, 1])), failed: Object.fromEntries(failed.map((id) => [id, 1])) });
const pass = (...ids: string[]) => check({ title: `${ids.map((i) => `[${i}]`).join('')} passes`, ids, ledger: ledger(ids) });
const fail = (id: string) => check({ title: `[${id}] fails`, ids: [id], status: 'failed', rawStatus: 'failed', evidence: [{ requirements: [id], title: `${id} broken`, expected: 'a', actual: 'b', severity: 'MUST' }], ledger: ledger([], [id]) });
const skip = (id: string, skipReason: string) => check({ title: `[${id}] skipped`, ids: [id], status: 'skipped', rawStatus: 'skipped', skipReason });
const ALL_SERVER_MUST = ['GEN-AUTH-1', 'ITEM-CREATE-1', 'ITEM-LIST-2', 'ITEM-QUOTA-1', 'ITEM-QUOTA-2', 'ITEM-ATTR-3', 'ITEM-IMG-2', 'AUTH-REFRESH-2', 'AUTH-DIRECT-1', 'WH-SIG-1', 'WH-RETRY-1', 'TX-REQ-1', 'TX-DISPUTE-1'];
/** Every server MUST rule of the synthetic catalog passes, but those given. */
const allPassBut = (...others: CheckResult[]) => {
  const taken = new Set(others.flatMap((c) => c.ids));
  return [pass(...ALL_SERVER_MUST.filter((id) => !taken.has(id))), ...others];
};
const embeddedRequire = readRequired({});
if ('error' in embeddedRequire) throw new Error(embeddedRequire.error);

test.describe('the four states', () => {
  test('PASSED (0): every server MUST rule judged, none failed', () => {
    const rep = reportFromChecks(allPassBut());
    expect(rep.gate).toMatchObject({ state: 'PASSED', exitCode: 0, passed: true, reasons: [], incomplete: [] });
    expect(rep.summary.headline.text).toBe('judged 13 of 13 testable: 13 passed · 0 failed · 0 not exercised · 0 not applicable');
    expect(formatConsoleSummary(rep)).toContain('Gate: PASSED (exit 0)');
  });

  test('INCOMPLETE (3): nothing failed, but a MUST rule the configuration reaches was not exercised; the headline says how many were judged', () => {
    const rep = reportFromChecks(allPassBut(skip('ITEM-IMG-2', 'not exercised [auth_ambiguous]: 401 to a token proven dead'), skip('TX-REQ-1', 'not exercised [rate_limited]: 429 after 4 retries')));
    expect(rep.gate).toMatchObject({ state: 'INCOMPLETE', exitCode: 3, passed: false, blocking: [], incomplete: ['ITEM-IMG-2', 'TX-REQ-1'] });
    expect(rep.gate.reasons).toEqual(['2 MUST rules the configuration reaches were not exercised (auth_ambiguous 1, rate_limited 1): ITEM-IMG-2, TX-REQ-1']);
    expect(rep.summary.headline).toMatchObject({ testable: 13, judged: 11, notExercised: { total: 2, byReason: { auth_ambiguous: 1, rate_limited: 1 } } });
    const text = formatConsoleSummary(rep);
    expect(text).toContain('MUST rules of the server: judged 11 of 13 testable: 11 passed · 0 failed · 2 not exercised (auth_ambiguous 1, rate_limited 1) · 0 not applicable');
    expect(text).toContain('not exercised [auth_ambiguous] (1 rule): a 401 to a token the suite could not prove alive');
    expect(text).toContain('\n  ITEM-IMG-2\n');
    expect(text).toContain('Gate: INCOMPLETE (exit 3) — 2 MUST rules the configuration reaches were not exercised');
  });

  test('FAILED (1) wins over INCOMPLETE; BROKEN (2) wins over both', () => {
    const checks = allPassBut(fail('ITEM-CREATE-1'), skip('ITEM-IMG-2', 'not exercised [server_error]: 503'));
    expect(reportFromChecks(checks).gate).toMatchObject({ state: 'FAILED', exitCode: 1, blocking: ['ITEM-CREATE-1'], incomplete: ['ITEM-IMG-2'] });
    const broken = reportFromChecks(checks, { settingErrors: ['SC_REQUIRE: expected …'] });
    expect(broken.gate).toMatchObject({ state: 'BROKEN', exitCode: 2 });
    expect(formatConsoleSummary(broken)).toContain('Gate: BROKEN (exit 2) — the run is broken: SC_REQUIRE: expected …');
  });

  test('SHOULD rules, client-side rules and not-testable entries never make a run INCOMPLETE, and stand apart from the headline', () => {
    const rules = (id: string, extra: object) => ({ id, section: 's', quote: 'q', statement: 's', level: 'MUST', source: 'stated', group: 'auth', needs: ['api'], ...extra });
    const catalog = {
      requirements: [rules('AUTH-PKCE-1', { needs: ['client-side'] }), rules('AUTH-LIFE-1', { testable: false, needs: undefined }), rules('GEN-ERR-2', { level: 'SHOULD', source: 'inferred' }), rules('GEN-AUTH-1', {})],
      skipList: [],
      problems: [],
    };
    const checks = [
      skip('AUTH-PKCE-1', 'not exercised [setup_failed]: x'),
      skip('AUTH-LIFE-1', 'not exercised [setup_failed]: x'),
      skip('GEN-ERR-2', 'not exercised [rate_limited]: x'),
      pass('GEN-AUTH-1'),
    ];
    const report = buildConformance({ read: { checks, errors: [] }, catalog: catalog as Catalog, target: 'embedded reference' });
    expect(report.gate).toMatchObject({ state: 'PASSED', exitCode: 0 });
    expect(report.summary.headline).toMatchObject({ testable: 1, judged: 1, notTestable: 1, clientSide: { total: 1, passed: 0, other: 1 } });
  });
});

test.describe('SC_REQUIRE: the capabilities a run must reach', () => {
  test('read as a list of CAPABILITIES, all, none or empty; default all against the embedded reference, none for a remote target', () => {
    const caps = (env: Record<string, string>, undeclared: string[] = []) => {
      const r = readRequired(env, undeclared);
      return 'error' in r ? r.error : r.capabilities.join(',');
    };
    expect(caps({})).toBe('control-api,direct-sessions,quota,pro-and-basic,lifetimes,image-maximum,rate-limit');
    expect(caps({ SC_BASE_URL: 'https://sandbox.example/api' })).toBe('');
    // An embedded run that leaves a value undeclared, as a team's default run would (its leeway, its rate limit), does not require what it serves.
    expect(caps({}, ['SC_TOKEN_LEEWAY_S'])).toBe('control-api,direct-sessions,quota,pro-and-basic,image-maximum,rate-limit');
    expect(caps({}, ['SC_DECLARED_RATE_LIMIT', 'SC_RATE_LIMIT_ACCOUNT', 'SC_PAGE_SIZE'])).toBe('control-api,direct-sessions,quota,pro-and-basic,lifetimes,image-maximum');
    expect(caps({ SC_REQUIRE: 'lifetimes' }, ['SC_TOKEN_LEEWAY_S'])).toBe('lifetimes');
    expect(caps({ SC_BASE_URL: 'https://sandbox.example/api', SC_REQUIRE: 'all' })).toBe('control-api,direct-sessions,quota,pro-and-basic,lifetimes,image-maximum,rate-limit');
    expect(caps({ SC_REQUIRE: '' })).toBe('');
    expect(caps({ SC_REQUIRE: 'none' })).toBe('');
    expect(caps({ SC_REQUIRE: ' control-api , quota,control-api' })).toBe('control-api,quota');
    expect(caps({ SC_REQUIRE: 'control-api,warp-drive' })).toBe("SC_REQUIRE: expected capabilities among control-api, direct-sessions, quota, pro-and-basic, lifetimes, image-maximum, rate-limit (comma-separated), or all, or none; got 'warp-drive'");
  });

  test('a bad SC_REQUIRE is a setting error: the preflight stops the run (one line), and the report is BROKEN', () => {
    expect(() => loadSettings({ SC_REQUIRE: 'control-api,warp-drive' })).toThrow(/^SC_REQUIRE: expected capabilities among control-api, direct-sessions, quota, pro-and-basic, lifetimes, image-maximum, rate-limit \(comma-separated\), or all, or none; got 'warp-drive'$/);
    expect(() => loadSettings({ SC_REQUIRE: 'control-api' })).not.toThrow();
    const built = filesFrom(fixture('run-should-only.json'), { SC_REQUIRE: 'warp-drive' });
    expect(built.report.gate).toMatchObject({ state: 'BROKEN', exitCode: 2 });
    expect(built.report.run.errors[0]).toContain("SC_REQUIRE: expected capabilities among");
  });

  test('a rule not applicable for the cause of a required capability makes the run INCOMPLETE; not required, it stays not applicable', () => {
    const checks = allPassBut(skip('ITEM-QUOTA-2', 'not applicable [no_control_api]: needs the control API (SC_CONTROL_URL)'), skip('TX-DISPUTE-1', 'not applicable [no_control_api]: needs the control API'));
    const required = reportFromChecks(checks, { required: embeddedRequire });
    expect(required.gate).toMatchObject({ state: 'INCOMPLETE', exitCode: 3, incomplete: ['ITEM-QUOTA-2', 'TX-DISPUTE-1'], required: { missing: ['control-api'] } });
    expect(required.gate.reasons[0]).toBe('the run must reach control-api (default (embedded reference)), but 2 rules are not applicable (no_control_api 2): ITEM-QUOTA-2, TX-DISPUTE-1');
    const free = reportFromChecks(checks, { required: { capabilities: [], causes: [], source: 'SC_REQUIRE' } });
    expect(free.gate).toMatchObject({ state: 'PASSED', exitCode: 0 });
    expect(free.summary.headline.text).toContain('2 not applicable (no_control_api 2)');
    // A cause that is no capability (another language the target lacks) never makes a run INCOMPLETE.
    const lang = reportFromChecks(allPassBut(skip('ITEM-ATTR-3', 'not applicable [no_second_language]: one language')), { required: embeddedRequire });
    expect(lang.gate.state).toBe('PASSED');
  });

  test('the values the spec does not show: a team that requires lifetimes, rate-limit or image-maximum gets INCOMPLETE where one is undeclared, the setting named; a remote run that does not, not applicable', () => {
    const checks = allPassBut(
      // The synthetic catalog's rules, given the causes of the expiry and rate-limit checks.
      skip('AUTH-REFRESH-2', 'not applicable [leeway_undeclared]: the access token still works 5.3 s after its issue; declare SC_TOKEN_LEEWAY_S'),
      skip('AUTH-DIRECT-1', 'not applicable [lifetime_undeclared]: the authorization code: the target declares no lifetime (SC_CODE_LIFETIME_S)'),
      skip('GEN-AUTH-1', 'not applicable [rate_limit_undeclared]: SC_DECLARED_RATE_LIMIT is not set'),
    );
    const demanded = readRequired({ SC_BASE_URL: 'https://sandbox.example/api', SC_REQUIRE: 'lifetimes,rate-limit,image-maximum' });
    if ('error' in demanded) throw new Error(demanded.error);
    const report = reportFromChecks(checks, { required: demanded });
    expect(report.gate).toMatchObject({ state: 'INCOMPLETE', exitCode: 3, required: { missing: ['lifetimes', 'rate-limit'] } });
    expect(report.gate.reasons[0]).toMatch(/^the run must reach lifetimes, rate-limit \(SC_REQUIRE\), but 3 rules are not applicable/);
    const remote = readRequired({ SC_BASE_URL: 'https://sandbox.example/api' });
    if ('error' in remote) throw new Error(remote.error);
    expect(reportFromChecks(checks, { required: remote }).gate.state).toBe('PASSED');
  });
});

test.describe('the baseline: known failures and accepted not-exercised rules', () => {
  const baselineOf = (entries: object[]): Baseline => {
    const file = join(tempDir(), 'baseline.json');
    writeFileSync(file, JSON.stringify(entries));
    return loadBaseline(file);
  };

  test('old {id, reason} entries still mean known failures; new ones accept a rule as not exercised with its code', () => {
    const b = baselineOf([{ id: 'ITEM-CREATE-1', reason: 'issue #12' }, { id: 'TX-REQ-1', notExercised: 'target_state', reason: 'no pending request on the sandbox' }]);
    expect(b.entries).toEqual([
      { id: 'ITEM-CREATE-1', reason: 'issue #12' },
      { id: 'TX-REQ-1', reason: 'no pending request on the sandbox', notExercised: 'target_state' },
    ]);
    const rep = reportFromChecks(allPassBut(fail('ITEM-CREATE-1'), skip('TX-REQ-1', 'not exercised [target_state]: no pending request')), { baseline: b });
    expect(rep.gate).toMatchObject({ state: 'PASSED', exitCode: 0, baseline: { suppressed: ['ITEM-CREATE-1'], accepted: ['TX-REQ-1'], stale: [] } });
    expect(rep.requirements.find((r) => r.id === 'TX-REQ-1')?.baseline).toBe('no pending request on the sandbox');
    expect(formatConsoleSummary(rep)).toContain('Accepted as not exercised (baseline): TX-REQ-1');
  });

  test('transient reasons (rate_limited, timeout) cannot be baselined: a setting error, one line, exit 2', () => {
    expect(() => baselineOf([{ id: 'TX-REQ-1', notExercised: 'rate_limited' }, { id: 'ITEM-IMG-2', notExercised: 'timeout' }])).toThrow(
      /^SC_BASELINE: .*baseline\.json accepts TX-REQ-1 as not exercised \[rate_limited\], ITEM-IMG-2 as not exercised \[timeout\]: rate_limited, timeout, not_run cannot be baselined \(they pass with time and load: run again, paced\)$/,
    );
    expect(() => baselineOf([{ id: 'TX-REQ-1', notExercised: 'because' }])).toThrow(/notExercised must be a reason code/);
    const dir = tempDir();
    writeFileSync(join(dir, 'b.json'), JSON.stringify([{ id: 'TX-REQ-1', notExercised: 'rate_limited' }]));
    const built = filesFrom(fixture('run-should-only.json'), { SC_BASELINE: join(dir, 'b.json') });
    expect(built.report.gate).toMatchObject({ state: 'BROKEN', exitCode: 2 });
    expect(built.report.run.errors[0].split('\n')).toHaveLength(1);
  });

  test('stale entries make the run INCOMPLETE: accepted as not exercised but passed, failed, or not exercised for another reason; a known failure that now passes', () => {
    const b = baselineOf([
      { id: 'TX-REQ-1', notExercised: 'target_state' },
      { id: 'ITEM-IMG-2', notExercised: 'target_state' },
      { id: 'ITEM-CREATE-1', reason: 'issue #12' },
    ]);
    const rep = reportFromChecks(allPassBut(skip('ITEM-IMG-2', 'not exercised [server_error]: 503')), { baseline: b });
    expect(rep.gate).toMatchObject({ state: 'INCOMPLETE', exitCode: 3, baseline: { fixed: ['ITEM-CREATE-1'], stale: ['ITEM-CREATE-1', 'TX-REQ-1', 'ITEM-IMG-2'] } });
    expect(rep.gate.incomplete).toEqual(['ITEM-IMG-2', 'ITEM-CREATE-1', 'TX-REQ-1']);
    expect(rep.gate.reasons).toEqual([
      '1 MUST rule the configuration reaches was not exercised (server_error 1): ITEM-IMG-2',
      `the baseline is stale: ITEM-CREATE-1 now passes (fixed: remove from ${b.file})`,
      `the baseline is stale: TX-REQ-1 (listed not exercised [target_state], ended passed), ITEM-IMG-2 (listed not exercised [target_state], ended not exercised [server_error]): update ${b.file}`,
    ]);
    // Listed as not exercised, but it failed: FAILED, and the entry is stale too.
    const failed = reportFromChecks(allPassBut(fail('TX-REQ-1')), { baseline: baselineOf([{ id: 'TX-REQ-1', notExercised: 'target_state' }]) });
    expect(failed.gate).toMatchObject({ state: 'FAILED', exitCode: 1, blocking: ['TX-REQ-1'], baseline: { stale: ['TX-REQ-1'] } });
    // A known failure that ended not exercised is not accepted by that entry: INCOMPLETE.
    const unjudged = reportFromChecks(allPassBut(skip('ITEM-CREATE-1', 'not exercised [target_state]: x')), { baseline: baselineOf([{ id: 'ITEM-CREATE-1', reason: 'issue #12' }]) });
    expect(unjudged.gate).toMatchObject({ state: 'INCOMPLETE', baseline: { notExercised: ['ITEM-CREATE-1'] } });
    // A rule the run could not reach contradicts nothing (a narrowed run, no control API).
    const unreached = reportFromChecks(allPassBut(skip('TX-REQ-1', 'not applicable [no_control_api]: x')), { baseline: baselineOf([{ id: 'TX-REQ-1', notExercised: 'target_state' }]) });
    expect(unreached.gate).toMatchObject({ state: 'PASSED', baseline: { stale: [] } });
  });

  test('--write-baseline (SC_WRITE_BASELINE) writes the MUST failures and the non-transient not-exercised MUST rules; the next run with it passes', () => {
    const checks = allPassBut(fail('ITEM-CREATE-1'), skip('TX-REQ-1', 'not exercised [target_state]: no pending request'), skip('ITEM-IMG-2', 'not exercised [rate_limited]: 429'), skip('GEN-ERR-2', 'not exercised [target_state]: x'));
    const rep = reportFromChecks(checks);
    const { entries, left } = baselineEntries(rep);
    expect(entries).toEqual([
      { id: 'ITEM-CREATE-1', reason: expect.stringContaining('ITEM-CREATE-1 broken') },
      { id: 'TX-REQ-1', notExercised: 'target_state', reason: 'no pending request' },
    ]);
    expect(left).toEqual(['ITEM-IMG-2 [rate_limited]']);
    // Written through the file builder, then used: the transient rule alone keeps the run INCOMPLETE.
    const dir = tempDir();
    const json = join(dir, 'playwright.json');
    writeFileSync(json, readFileSync(fixture('run-mixed.json')));
    const out = join(dir, 'baseline.json');
    const first = filesFrom(json, { SC_WRITE_BASELINE: out, SC_REQUIRE: '' });
    expect(first.baselineWritten).toMatchObject({ file: out, entries: 2, left: [] });
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.map((e: { id: string }) => e.id)).toEqual(['ITEM-CREATE-1', 'ITEM-LIST-2']);
    expect(filesFrom(json, { SC_BASELINE: out, SC_REQUIRE: '' }).report.gate).toMatchObject({ state: 'PASSED', exitCode: 0 });
    // A broken run writes no baseline.
    expect(filesFrom(fixture('run-empty.json'), { SC_WRITE_BASELINE: join(dir, 'never.json') }).baselineWritten).toMatchObject({ error: expect.stringContaining('not written: the run is broken') });
  });
});

test.describe('retries never pass a MUST', () => {
  const attachment = (name: string, value: unknown) => ({ name, contentType: 'application/json', body: Buffer.from(JSON.stringify(value)).toString('base64') });
  const evidence = { requirements: ['ITEM-IMG-2'], title: 'an image with order -1 is refused', expected: 'a 4xx', actual: '201', status: 201, severity: 'MUST' };

  test('a MUST rule that failed on any attempt stays failed with that attempt’s evidence, and the check is shown flaky', () => {
    const read = checksFromReport({
      suites: [
        {
          file: 'items/images.spec.ts',
          specs: [
            {
              title: '[ITEM-IMG-2] order',
              file: 'items/images.spec.ts',
              tests: [
                {
                  status: 'flaky',
                  results: [
                    { status: 'failed', errors: [{ message: 'ITEM-IMG-2: expected a 4xx, got 201' }], attachments: [attachment('evidence', evidence), attachment('verdicts', ledger([], ['ITEM-IMG-2']))] },
                    { status: 'passed', attachments: [attachment('verdicts', ledger(['ITEM-IMG-2']))] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const c = read.checks[0];
    expect(c).toMatchObject({ status: 'failed', rawStatus: 'passed', flaky: true, failedAttempts: 1 });
    expect(c.evidence[0]).toMatchObject({ attempt: 1, actual: '201' });
    expect(c.errors[0]).toBe('attempt 1 of 2: ITEM-IMG-2: expected a 4xx, got 201');
    const rep = reportFromChecks(allPassBut(c));
    expect(rep.requirements.find((r) => r.id === 'ITEM-IMG-2')).toMatchObject({ verdict: 'failed', severity: 'MUST' });
    expect(rep.gate).toMatchObject({ state: 'FAILED', exitCode: 1, blocking: ['ITEM-IMG-2'] });
    expect(rep.summary.checks.flaky).toBe(1);
  });

  test('an attempt that broke (an exception, no rule named) and a retry that judged: the retry’s verdict', () => {
    const read = checksFromReport({
      suites: [{ file: 'a.spec.ts', specs: [{ title: '[ITEM-IMG-2] order', tests: [{ status: 'flaky', results: [{ status: 'failed', errors: [{ message: 'ECONNRESET' }] }, { status: 'passed', attachments: [attachment('verdicts', ledger(['ITEM-IMG-2']))] }] }] }] }],
    });
    expect(read.checks[0]).toMatchObject({ status: 'passed', flaky: true });
    expect(reportFromChecks(allPassBut(read.checks[0])).gate.state).toBe('PASSED');
  });
});

test('a broken run in a reused reports folder shows no earlier run’s budget figures', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'budget'));
  const delta = { token: { authorization_code: 37 }, logins: 44, requests: 1050, throttled: 0, throttledFinal: 0, throttleWaitMs: 0, sends: {} };
  writeFileSync(join(dir, 'budget', 'scc-earlier-123.jsonl'), `${JSON.stringify(delta)}\n`);
  const build = (env: Record<string, string>) => buildReportFiles({ jsonPath: fixture('run-empty.json'), outDir: dir, catalogDir: join(fixture('catalog')), settings: readSettings(env).settings }).report;
  const broken = build({ SC_RUN_ID: 'scc-this-run' });
  expect(broken.run.budget).toBeUndefined();
  expect(broken.run.runId).toBe('scc-this-run');
  expect(formatConsoleSummary(broken)).not.toContain('Token requests');
  // The same run's own files are shown.
  writeFileSync(join(dir, 'budget', 'scc-this-run-456.jsonl'), `${JSON.stringify(delta)}\n`);
  expect(build({ SC_RUN_ID: 'scc-this-run' }).run.budget).toMatchObject({ runId: 'scc-this-run', requests: 1050 });
});
