import { expect, test } from '@playwright/test';
import type { Requirement } from '../../catalog/index.js';
import { failureSeverity } from '../../results/records.js';
import { chargedIds, isMustFailure } from '../../reporting/check-record.js';
import { judgeAll } from '../../reporting/verdicts.js';
import type { CheckResult } from '../../results/check-result.js';
import { check, reportFrom, reportFromChecks } from './data/helpers.js';

/**
 * The verdict rules of the conformance report, on the synthetic run
 * tests/reports/data/run-mixed.json against the synthetic catalog beside it.
 */

test.describe('verdicts on run-mixed.json', () => {
  const report = reportFrom('run-mixed.json');
  const byId = new Map(report.requirements.map((r) => [r.id, r]));
  const get = (id: string) => {
    const r = byId.get(id);
    if (!r) throw new Error(`${id} missing from the report`);
    return r;
  };

  test('every catalog requirement gets exactly one verdict', () => {
    const verdicts = Object.fromEntries(report.requirements.map((r) => [r.id, r.verdict === 'failed' ? `failed/${r.severity}` : r.verdict]));
    expect(verdicts).toEqual({
      'GEN-AUTH-1': 'passed',
      'GEN-ERR-2': 'finding',
      'ITEM-CREATE-1': 'failed/MUST',
      'ITEM-LIST-2': 'failed/MUST',
      'ITEM-QUOTA-1': 'passed',
      'ITEM-QUOTA-2': 'not-applicable',
      'ITEM-ATTR-3': 'passed',
      'ITEM-IMG-2': 'passed',
      'AUTH-REFRESH-2': 'finding',
      'AUTH-DIRECT-1': 'not-applicable',
      'AUTH-LIFE-1': 'not-testable',
      'WH-SIG-1': 'not-applicable',
      'WH-RETRY-1': 'no-check',
      'TX-REQ-1': 'no-check',
      'TX-DISPUTE-1': 'no-check',
    });
  });

  test('a requirement passes only when every check tied to it passed', () => {
    const list = get('ITEM-LIST-2');
    expect(list.checks.map((c) => c.status).sort()).toEqual(['failed', 'passed']);
    expect(list.verdict).toBe('failed');
    expect(list.checks.find((c) => c.status === 'failed')?.rawStatus).toBe('timedOut');
  });

  test('a flaky check counts as passed and is marked flaky', () => {
    const flaky = get('AUTH-REFRESH-2').checks.find((c) => c.flaky);
    expect(flaky?.status).toBe('passed');
  });

  test('SHOULD findings stay apart from MUST failures', () => {
    // GEN-ERR-2 is a SHOULD requirement: its failing check and a finding annotation of another check.
    expect(get('GEN-ERR-2').findings.map((f) => f.kind).sort()).toEqual(['annotation', 'failure']);
    // A failing @should check of a MUST requirement is a finding, not a MUST failure: never `failed` (one verdict in every output).
    expect(get('AUTH-REFRESH-2')).toMatchObject({ verdict: 'finding' });
    expect(get('AUTH-REFRESH-2').severity).toBeUndefined();
    // The check that recorded the annotation is listed under the requirement it is about.
    expect(get('GEN-ERR-2').checks.map((c) => c.title)).toContain('[ITEM-IMG-2] an image add with order -1 is refused with a 4xx');
    // The server's testable MUST rules: 13 (GEN-ERR-2 is inferred, AUTH-LIFE-1 not testable).
    expect(report.summary.must).toMatchObject({ total: 13, exercised: 7, passed: 5, failed: 2, notExercised: 0, notApplicable: 3, noCheck: 3 });
    expect(report.summary.shouldFindings).toBe(3);
  });

  test('not-applicable carries the skip reason and its cause (old-style reasons classified), not-testable the catalog why, no-check the skip list', () => {
    expect(get('ITEM-QUOTA-2')).toMatchObject({ reason: 'needs the control API (SC_CONTROL_URL)', reasonCode: 'no_control_api' });
    expect(get('AUTH-DIRECT-1')).toMatchObject({ verdict: 'not-applicable', reasonCode: 'no_direct_sessions' });
    expect(get('AUTH-LIFE-1').reason).toContain('does not show the lifetimes');
    expect(get('TX-DISPUTE-1')).toMatchObject({ onSkipList: true, reason: expect.stringContaining('needs a dispute') });
    expect(get('WH-RETRY-1')).toMatchObject({ verdict: 'no-check', onSkipList: false });
  });

  test('a failure carries its evidence: request, status, body excerpt, reproduce command', () => {
    const failed = get('ITEM-CREATE-1').checks[0];
    expect(failed.errors[0]).toContain('expected: 201');
    expect(failed.errors[0]).not.toContain('await fail'); // the source snippet is cut
    expect(failed.evidence[0]).toMatchObject({ status: 500, request: { method: 'POST', url: 'http://127.0.0.1:4010/api/items' } });
    expect(failed.evidence[0].curl).toMatch(/^curl -X POST/);
    expect(failed.evidence[0].bodyExcerpt).toContain('INTERNAL');
  });

  test('decisions and inferred reasoning are carried to the report', () => {
    expect(get('ITEM-ATTR-3').decision).toContain('contradicts itself');
    expect(get('GEN-ERR-2')).toMatchObject({ source: 'inferred', reasoning: expect.any(String) });
  });

  test('unknown IDs, titles without IDs and bad skip reasons are problems', () => {
    const kinds = report.problems.map((p) => `${p.kind}: ${p.message}`);
    expect(kinds).toContain('unknown-id: WH-SIG-9 is not in the catalog');
    expect(kinds.some((k) => k.startsWith('no-id'))).toBe(true);
    expect(kinds.some((k) => k.startsWith('skip-reason') && k.includes('needs the control API'))).toBe(true);
  });

  test('the summary counts the catalog share exercised and the checks', () => {
    expect(report.summary.exercised).toBe(8);
    expect(report.summary.exercisedShare).toBeCloseTo(8 / 15);
    expect(report.summary.checks).toEqual({ total: 14, passed: 7, failed: 4, skipped: 3, flaky: 1 });
    expect(report.run).toMatchObject({ startTime: '2026-11-20T02:00:00.000Z', durationMs: 83512, playwrightVersion: '1.65.1' });
    expect(report.run.filtered).toBeUndefined();
  });
});

test.describe('rules on hand-made checks', () => {
  test('a skipped check does not hide a check that ran', () => {
    const rep = reportFromChecks([
      check({ title: '[ITEM-QUOTA-2] a', ids: ['ITEM-QUOTA-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised: needs the control API' }),
      check({ title: '[ITEM-QUOTA-2] b', ids: ['ITEM-QUOTA-2'] }),
    ]);
    expect(rep.requirements.find((r) => r.id === 'ITEM-QUOTA-2')?.verdict).toBe('passed');
  });

  test('a finding about a requirement no title names is listed under it: a SHOULD rule\'s finding, a MUST rule not judged by it', () => {
    const c = check({ title: '[ITEM-IMG-2] x', ids: ['ITEM-IMG-2'] });
    c.findings = [
      { requirement: 'GEN-ERR-2', message: 'a code the spec does not show', checkId: c.id, checkTitle: c.title, kind: 'annotation' },
      { requirement: 'WH-RETRY-1', message: 'retried with a new id', checkId: c.id, checkTitle: c.title, kind: 'annotation' },
    ];
    const requirements = reportFromChecks([c]).requirements;
    const should = requirements.find((x) => x.id === 'GEN-ERR-2');
    expect(should).toMatchObject({ verdict: 'finding' });
    expect(should?.checks).toHaveLength(1);
    // A MUST rule's finding is an observation beside its judgement, never one (issue 38): no assertion judged it.
    const must = requirements.find((x) => x.id === 'WH-RETRY-1');
    expect(must).toMatchObject({ verdict: 'not-exercised' });
    expect(must?.findings).toHaveLength(1);
  });

  test('a failing check of a SHOULD-level requirement is a finding, never a MUST failure', () => {
    const rep = reportFromChecks([check({ title: '[GEN-ERR-2] x', ids: ['GEN-ERR-2'], status: 'failed', rawStatus: 'failed' })]);
    expect(rep.requirements.find((r) => r.id === 'GEN-ERR-2')?.verdict).toBe('finding');
    expect(rep.gate.exitCode).toBe(0);
  });

  test('a failure is a MUST failure for a stated MUST, unless a @should check judges that rule of its title at SHOULD level', () => {
    const must = { id: 'X-Y-1', level: 'MUST', source: 'stated' } as const;
    expect(isMustFailure({ should: false, ids: ['X-Y-1'] }, must)).toBe(true);
    expect(isMustFailure({ should: true, ids: ['X-Y-1'] }, must)).toBe(false);
    // A set-up step's rule outside the @should check's title keeps its own level.
    expect(isMustFailure({ should: true, ids: ['X-Z-1'] }, must)).toBe(true);
    expect(isMustFailure({ should: false, ids: [] }, { ...must, source: 'inferred' })).toBe(false);
    expect(isMustFailure({ should: false, ids: [] }, { ...must, level: 'MAY' })).toBe(false);
    expect(failureSeverity(undefined, 'NOPE-1', { should: true, ids: ['NOPE-1'] })).toBe('MUST');
  });

  test('a client-side rule no check cites is suite-side, not a gap; cited by a check, it is judged like any other', () => {
    const rule = (id: string, needs: Requirement['needs']): Requirement => ({ id, section: 'Events > Signature', quote: 'q', statement: 's', level: 'MUST', source: 'stated', group: 'webhooks', needs });
    const catalog = { requirements: [rule('WH-SIG-7', ['client-side']), rule('AUTH-PKCE-1', ['client-side']), rule('WH-SIG-1', ['webhook-receiver'])], skipList: [], problems: [] };
    const judged = judgeAll(catalog, [check({ title: '[AUTH-PKCE-1] x', ids: ['AUTH-PKCE-1'], status: 'failed', rawStatus: 'failed' })]);
    const verdict = Object.fromEntries(judged.requirements.map((r) => [r.id, r.verdict]));
    expect(verdict).toEqual({ 'WH-SIG-7': 'suite-side', 'AUTH-PKCE-1': 'failed', 'WH-SIG-1': 'no-check' });
    // Said to the package's users: nothing there only the suite's developers can act on.
    expect(judged.requirements[0].reason).toContain('the target cannot break it');
    expect(judged.requirements[0].reason).not.toContain('npm test');
  });

  test('a failure is charged to exactly the rules its evidence names, in the title or not; a rule passes only where an assertion naming it ran', () => {
    const evidence = (requirements: string[]) => ({ requirements, title: 't', status: 200 });
    const ledger = (passed: string[], failed: string[] = []) => ({ passed: Object.fromEntries(passed.map((id) => [id, 1])), failed: Object.fromEntries(failed.map((id) => [id, 1])) });
    const stoppedAt = check({
      title: '[ITEM-QUOTA-1][ITEM-LIST-2] model',
      ids: ['ITEM-QUOTA-1', 'ITEM-LIST-2'],
      status: 'failed',
      rawStatus: 'failed',
      evidence: [evidence(['ITEM-QUOTA-2'])],
      ledger: ledger(['ITEM-QUOTA-1'], ['ITEM-QUOTA-2']),
    });
    const rep = reportFromChecks([stoppedAt, check({ title: '[ITEM-LIST-2] list', ids: ['ITEM-LIST-2'], ledger: ledger(['ITEM-LIST-2']) })]);
    const verdict = (id: string) => rep.requirements.find((r) => r.id === id);
    // Charged to the rule the failing assertion names, although the title does not name it.
    expect(verdict('ITEM-QUOTA-2')).toMatchObject({ verdict: 'failed', severity: 'MUST' });
    // Its assertion ran and held before the failure: passed, and shown as passed by this check.
    expect(verdict('ITEM-QUOTA-1')).toMatchObject({ verdict: 'passed' });
    expect(verdict('ITEM-QUOTA-1')?.checks[0].ruleVerdict).toBe('passed');
    // The model stopped before it judged ITEM-LIST-2; another check's assertion proved it.
    expect(verdict('ITEM-LIST-2')?.verdict).toBe('passed');
    expect(verdict('ITEM-LIST-2')?.checks.map((c) => c.ruleVerdict)).toEqual(['not reached', 'passed']);
    expect(rep.gate.exitCode).toBe(1);
    expect(chargedIds({ evidence: [evidence(['GEN-ERR-1']), { title: 'no rule named' }] })).toEqual(['GEN-ERR-1']);
  });

  test('a check that broke (an exception, a timeout) is charged to no rule: its rules are not exercised and the run cannot pass', () => {
    const broke = check({ title: '[ITEM-QUOTA-2] x', ids: ['ITEM-QUOTA-2'], status: 'failed', rawStatus: 'failed', errors: ['TypeError: x is undefined'], ledger: { passed: {}, failed: {} } });
    const rep = reportFromChecks([broke]);
    expect(rep.requirements.find((r) => r.id === 'ITEM-QUOTA-2')).toMatchObject({ verdict: 'not-exercised', reasonCode: 'check_error', reason: expect.stringContaining('broke before it judged this rule: TypeError') });
    expect(rep.problems.map((p) => p.kind)).toContain('broken-check');
    // Not a broken run (2) any more: a reachable MUST rule left unjudged, INCOMPLETE.
    expect(rep.gate).toMatchObject({ exitCode: 3, state: 'INCOMPLETE', incomplete: ['ITEM-QUOTA-2'] });
    const timedOut = reportFromChecks([{ ...broke, rawStatus: 'timedOut', errors: ['Test timeout of 60000ms exceeded.'] }]);
    expect(timedOut.requirements.find((r) => r.id === 'ITEM-QUOTA-2')).toMatchObject({ verdict: 'not-exercised', reasonCode: 'timeout' });
    // A passed check whose title names a rule no assertion named is a problem of the suite, and the rule is not passed.
    const silent = reportFromChecks([check({ title: '[ITEM-QUOTA-2] x', ids: ['ITEM-QUOTA-2'], ledger: { passed: {}, failed: {} } })]);
    expect(silent.requirements.find((r) => r.id === 'ITEM-QUOTA-2')).toMatchObject({ verdict: 'not-exercised', reasonCode: 'check_error' });
    expect(silent.problems.map((p) => p.kind)).toContain('unasserted');
  });

  test('a SHOULD-level failure a check recorded before it stopped is a finding, the check skipped, never a MUST failure', () => {
    const e = { requirements: ['GEN-ERR-2'], title: 'refused', severity: 'SHOULD' as const };
    const rep = reportFromChecks([check({ title: '[GEN-ERR-2] x', ids: ['GEN-ERR-2'], status: 'skipped', rawStatus: 'skipped', should: true, skipReason: 'not exercised: stopped at a SHOULD finding', evidence: [e], ledger: { passed: {}, failed: { 'GEN-ERR-2': 1 } } })]);
    expect(rep.requirements.find((r) => r.id === 'GEN-ERR-2')).toMatchObject({ verdict: 'finding' });
    expect(rep.gate.exitCode).toBe(0);
  });

  test('a sharded or filtered run says so', () => {
    const rep = reportFrom('run-mixed.json', {
      read: { checks: [], errors: [], report: { config: { argv: ['node', 'cli.js', 'test', '--grep', '@auth', '--workers', '2'], shard: { current: 1, total: 3 } } } },
    });
    expect(rep.run.filtered).toBe('--shard 1/3 --grep @auth');
  });

  test('in a narrowed run a rule no selected check names is not applicable [selection], never a gap, and never makes the run INCOMPLETE', () => {
    const report = { config: { argv: ['node', 'cli.js', 'test', '--grep', 'GEN-AUTH-1'] } };
    const rep = reportFromChecks([check({ title: '[GEN-AUTH-1] x', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {} } })], {
      read: { report, checks: [check({ title: '[GEN-AUTH-1] x', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {} } })], errors: [] },
      required: { capabilities: ['control-api'], causes: ['no_control_api'], source: 'SC_REQUIRE' },
    });
    expect(rep.requirements.find((r) => r.id === 'ITEM-QUOTA-1')).toMatchObject({ verdict: 'not-applicable', reasonCode: 'selection' });
    expect(rep.requirements.find((r) => r.id === 'WH-RETRY-1')?.verdict).toBe('not-applicable');
    expect(rep.summary.headline.text).toBe('judged 1 of 13 testable: 1 passed · 0 failed · 0 not exercised · 12 not applicable (selection 12)');
    expect(rep.gate).toMatchObject({ state: 'PASSED', exitCode: 0 });
  });

  test('the state of an unjudged rule comes from the codes its checks give: skip reasons and per-rule annotations, coded or old-style', () => {
    const state = (c: CheckResult) => {
      const r = reportFromChecks([c]).requirements.find((x) => x.id === 'ITEM-IMG-2');
      return `${r?.verdict} [${r?.reasonCode}]`;
    };
    const skipped = (skipReason: string) => check({ title: '[ITEM-IMG-2] x', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason });
    expect(state(skipped('not exercised [rate_limited]: GET /items answered 429 5 times'))).toBe('not-exercised [rate_limited]');
    expect(state(skipped('not applicable [quota_above_max_items]: limit 100 above SC_MAX_ITEMS 50'))).toBe('not-applicable [quota_above_max_items]');
    expect(state(skipped('not exercised: the target answered 401 to the refusal'))).toBe('not-exercised [auth_ambiguous]');
    expect(state(skipped('interrupted: the run was stopped before this check finished'))).toBe('not-exercised [not_run]');
    // An unknown code never passes a rule.
    expect(state(skipped('not exercised [made_up]: x'))).toBe('not-exercised [setup_failed]');
    // A per-rule annotation inside a check that went on: that rule alone, its passes not counted.
    const annotated = (text: string) => check({ title: '[ITEM-IMG-2][GEN-AUTH-1] x', ids: ['ITEM-IMG-2', 'GEN-AUTH-1'], ledger: { passed: { 'ITEM-IMG-2': 1, 'GEN-AUTH-1': 1 }, failed: {} }, notExercised: { 'ITEM-IMG-2': text } });
    expect(state(annotated('not exercised [server_error]: POST …/images answered 503'))).toBe('not-exercised [server_error]');
    expect(state(annotated('time budget: 2 of 15 cases (minimum 5)'))).toBe('not-exercised [time_budget]');
    const rep = reportFromChecks([annotated('not exercised [auth_ambiguous]: 401 to a token proven dead')]);
    expect(rep.requirements.find((r) => r.id === 'GEN-AUTH-1')?.verdict).toBe('passed');
    // A check that stopped at another rule's failure: the rules after it are not exercised [stopped_at_failure].
    const stopped = check({ title: '[ITEM-IMG-2][GEN-AUTH-1] x', ids: ['ITEM-IMG-2', 'GEN-AUTH-1'], status: 'failed', rawStatus: 'failed', evidence: [{ requirements: ['GEN-AUTH-1'], title: 't' }], ledger: { passed: {}, failed: { 'GEN-AUTH-1': 1 } } });
    expect(state(stopped)).toBe('not-exercised [stopped_at_failure]');
  });

  test('a rule out of reach in one check but not judged in another that reached it is not exercised: the configuration reaches it', () => {
    const rep = reportFromChecks([
      check({ title: '[ITEM-IMG-2] a', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not applicable [no_control_api]: needs the control API' }),
      check({ title: '[ITEM-IMG-2] b', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [rate_limited]: 429' }),
    ]);
    expect(rep.requirements.find((r) => r.id === 'ITEM-IMG-2')).toMatchObject({ verdict: 'not-exercised', reasonCode: 'rate_limited' });
  });
});
