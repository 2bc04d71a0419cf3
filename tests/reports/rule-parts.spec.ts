/**
 * A rule passes only when all of it was judged (issue 38): a rule of several parts (catalog `parts`) passes
 * only when every part was judged by an assertion naming its key (`RULE#part`), in a check that ran to its
 * end; a part left is not exercised (or not applicable, with its cause), and the rule with it. The passes of a
 * check that stopped (a skip, a hard failure) prove nothing of what it was judging. Synthetic checks against
 * a synthetic catalog, judged by the report's one verdict function.
 */
import { expect, test } from '@playwright/test';
import type { Catalog, Requirement } from '../../catalog/index.js';
import { judgeAll } from '../../reporting/verdicts.js';
import { Ledger } from '../../judging/verdict-ledger.js';
import { ConformanceFailure } from '../../judging/failure.js';
import { readNotExercisedNote } from '../../results/records.js';
import { check } from './data/helpers.js';

const rule = (id: string, parts: Requirement['parts']): Requirement => ({
  id,
  group: 'general',
  section: 'Endpoints',
  quote: 'q',
  statement: 'A sample rule of the test.',
  level: 'MUST',
  source: 'stated',
  needs: ['api'],
  parts,
});

const catalog: Catalog = {
  requirements: [
    rule('GEN-AUTH-1', [
      { id: 'GET /items', covers: 'the list without a bearer' },
      { id: 'PUT /items/{itemId}', covers: 'the update without a bearer' },
    ]),
    rule('ITEM-LIST-1', 'one'),
  ],
  skipList: [],
  problems: [],
};

const verdictOf = (checks: Parameters<typeof judgeAll>[1], id: string) => {
  const result = judgeAll(catalog, checks).requirements.find((r) => r.id === id);
  if (!result) throw new Error(`${id} not judged`);
  return result;
};

test('a rule of several parts passes when every part was judged', () => {
  const checks = [
    check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true } }),
    check({ title: '[GEN-AUTH-1] b', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#PUT /items/{itemId}': 1 }, finished: true } }),
  ];
  const result = verdictOf(checks, 'GEN-AUTH-1');
  expect(result.verdict).toBe('passed');
  expect(result.parts?.map((p) => p.verdict)).toEqual(['passed', 'passed']);
});

test('a part no assertion judged leaves the rule not exercised, naming the part', () => {
  const checks = [
    check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true } }),
    check({
      title: '[GEN-AUTH-1] b',
      ids: ['GEN-AUTH-1'],
      status: 'skipped',
      skipReason: 'not exercised [refused_other_reason]: a 404 with a token too',
      notExercised: { 'GEN-AUTH-1#PUT /items/{itemId}': 'not exercised [refused_other_reason]: a 404 with a token too' },
      ledger: { passed: {}, failed: {}, finished: false },
    }),
  ];
  const result = verdictOf(checks, 'GEN-AUTH-1');
  expect(result.verdict).toBe('not-exercised');
  expect(result.reasonCode).toBe('refused_other_reason');
  expect(result.reason).toContain('1 of 2 parts judged');
  expect(result.reason).toContain('the update without a bearer');
  expect(result.parts?.[1]).toMatchObject({ verdict: 'not-exercised', reasonCode: 'refused_other_reason' });
});

test('a bare pass of a rule of several parts judges no part of it', () => {
  const checks = [check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 3 }, failed: {}, finished: true } })];
  const result = verdictOf(checks, 'GEN-AUTH-1');
  expect(result.verdict).toBe('not-exercised');
  expect(result.parts?.every((p) => p.verdict === 'not-exercised' && p.reasonCode === 'target_state')).toBe(true);
});

test('a part that cannot apply does not hold the rule back; every part not applicable makes the rule not applicable', () => {
  const na = 'not applicable [no_control_api]: needs the control API';
  const oneApplies = [
    check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true } }),
    check({ title: '[GEN-AUTH-1] b', ids: ['GEN-AUTH-1'], status: 'skipped', skipReason: na, notExercised: { 'GEN-AUTH-1#PUT /items/{itemId}': na }, ledger: { passed: {}, failed: {}, finished: false } }),
  ];
  expect(verdictOf(oneApplies, 'GEN-AUTH-1').verdict).toBe('passed');
  expect(verdictOf(oneApplies, 'GEN-AUTH-1').parts?.[1]).toMatchObject({ verdict: 'not-applicable', reasonCode: 'no_control_api' });
  const none = [check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], status: 'skipped', skipReason: na, ledger: { passed: {}, failed: {}, finished: false } })];
  expect(verdictOf(none, 'GEN-AUTH-1')).toMatchObject({ verdict: 'not-applicable', reasonCode: 'no_control_api' });
});

test('a failure naming a part fails the rule and marks the part', () => {
  const checks = [
    check({
      title: '[GEN-AUTH-1] b',
      ids: ['GEN-AUTH-1'],
      status: 'failed',
      evidence: [{ requirements: ['GEN-AUTH-1'], parts: ['GEN-AUTH-1#PUT /items/{itemId}'], severity: 'MUST' }],
      ledger: { passed: {}, failed: { 'GEN-AUTH-1': 1 }, finished: false },
    }),
  ];
  const result = verdictOf(checks, 'GEN-AUTH-1');
  expect(result).toMatchObject({ verdict: 'failed', severity: 'MUST' });
  expect(result.parts?.map((p) => p.verdict)).toEqual(['not-exercised', 'failed']);
});

test('the passes of a check that stopped before its end prove nothing but its steps\'; a check that ran to its end with soft failures keeps them', () => {
  const skipped = check({
    title: '[ITEM-LIST-1] x',
    ids: ['ITEM-LIST-1'],
    status: 'skipped',
    skipReason: 'not exercised [target_state]: no free slot',
    ledger: { passed: { 'ITEM-LIST-1': 2 }, failed: {}, finished: false },
  });
  expect(verdictOf([skipped], 'ITEM-LIST-1')).toMatchObject({ verdict: 'not-exercised', reasonCode: 'target_state' });
  const finished = check({ title: '[ITEM-LIST-1] y', ids: ['ITEM-LIST-1'], ledger: { passed: { 'ITEM-LIST-1': 1 }, failed: {}, finished: true } });
  expect(verdictOf([skipped, finished], 'ITEM-LIST-1').verdict).toBe('passed');
  // A step complete in itself (a set-up read, a registered response check) stands in a check that stopped.
  const stoppedWithStep = check({
    title: '[ITEM-LIST-1] w',
    ids: ['ITEM-LIST-1'],
    status: 'skipped',
    skipReason: 'not exercised [stopped_at_failure]: stopped at a SHOULD finding',
    ledger: { passed: { 'ITEM-LIST-1': 2 }, failed: {}, steps: { 'ITEM-LIST-1': 1 }, finished: false },
  });
  expect(verdictOf([stoppedWithStep], 'ITEM-LIST-1').verdict).toBe('passed');
  // A report written before `finished` reads as before: its passes count.
  const old = check({ title: '[ITEM-LIST-1] z', ids: ['ITEM-LIST-1'], ledger: { passed: { 'ITEM-LIST-1': 1 }, failed: {} } });
  expect(verdictOf([old], 'ITEM-LIST-1').verdict).toBe('passed');
});

test('the ledger counts a part key for its part and its rule, and charges a failure to the rule', () => {
  const ledger = new Ledger({ title: '[GEN-AUTH-1] t', tags: [] });
  ledger.pass(['GEN-AUTH-1#GET /items', 'GEN-AUTH-1#GET /items']);
  const failure = ledger.fail(['GEN-AUTH-1#PUT /items/{itemId}'], 'line');
  expect(failure.requirements).toEqual(['GEN-AUTH-1']);
  expect(failure.severity).toBe('MUST');
  expect(ledger.record(true)).toEqual({ passed: { 'GEN-AUTH-1': 1 }, failed: { 'GEN-AUTH-1': 1 }, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true });
  ledger.pass(['ITEM-CAT-1'], true);
  expect(ledger.record(false)).toMatchObject({ passed: { 'ITEM-CAT-1': 1 }, steps: { 'ITEM-CAT-1': 1 }, finished: false });
});

test('a failure naming a part is charged to its rule, and its evidence keeps the part', () => {
  const failure = new ConformanceFailure({ title: 't', requirements: ['GEN-AUTH-1#PUT /items/{itemId}', 'TX-AUTH-1'], expected: 'any 4xx', actual: '200' });
  expect(failure.evidence.requirements).toEqual(['GEN-AUTH-1', 'TX-AUTH-1']);
  expect(failure.evidence.parts).toEqual(['GEN-AUTH-1#PUT /items/{itemId}']);
  expect(failure.message.split('\n')[0]).toBe('[GEN-AUTH-1][TX-AUTH-1] t');
});

test('a not-exercised annotation may name a part', () => {
  expect(readNotExercisedNote('GEN-AUTH-1#PUT /items/{itemId}: not exercised [timeout]: no answer')).toEqual({
    id: 'GEN-AUTH-1#PUT /items/{itemId}',
    outcome: 'not exercised [timeout]: no answer',
  });
  expect(readNotExercisedNote('ITEM-LIST-1: not applicable [no_control_api]: x')?.id).toBe('ITEM-LIST-1');
});

test('a finding on a MUST rule is no judgement of it: with a part left, the rule stays not exercised, its finding kept', () => {
  const finding = { requirement: 'GEN-AUTH-1', message: 'a 503 where 429 fits' };
  const judged = check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true } });
  const withFinding = { ...judged, findings: [{ ...finding, checkId: judged.id, checkTitle: judged.title, kind: 'annotation' as const }] };
  const half = verdictOf([withFinding], 'GEN-AUTH-1');
  expect(half.verdict).toBe('not-exercised');
  expect(half.findings).toHaveLength(1);
  const other = check({ title: '[GEN-AUTH-1] b', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#PUT /items/{itemId}': 1 }, finished: true } });
  expect(verdictOf([withFinding, other], 'GEN-AUTH-1').verdict).toBe('finding');
  // A single-part MUST rule with a finding and no pass: not exercised, never counted as passed.
  const noPass = { ...check({ title: '[ITEM-LIST-1] x', ids: ['ITEM-LIST-1'], ledger: { passed: {}, failed: {}, finished: true } }) };
  const found = { ...noPass, findings: [{ requirement: 'ITEM-LIST-1', message: 'm', checkId: noPass.id, checkTitle: noPass.title, kind: 'annotation' as const }] };
  expect(verdictOf([found], 'ITEM-LIST-1').verdict).toBe('not-exercised');
});

test('in a narrowed run, a part no selected check judged is not applicable [selection], not left by the target', () => {
  const checks = [check({ title: '[GEN-AUTH-1] a', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {}, parts: { 'GEN-AUTH-1#GET /items': 1 }, finished: true } })];
  const result = judgeAll(catalog, checks, true).requirements.find((r) => r.id === 'GEN-AUTH-1');
  expect(result?.verdict).toBe('passed');
  expect(result?.parts?.[1]).toMatchObject({ verdict: 'not-applicable', reasonCode: 'selection' });
  expect(verdictOf(checks, 'GEN-AUTH-1').verdict).toBe('not-exercised');
});
