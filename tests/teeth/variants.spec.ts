import { expect, test } from '@playwright/test';
import { VARIANTS } from '../../reference/variants.js';
import { fakeOutcome, fakeReport } from '../../teeth/testing/reports.js';
import { suiteVerdict } from '../../teeth/matrix-verdicts.js';

/**
 * The allowed-variants run's verdict: against a server that keeps the spec (the
 * clean reference, or one with an allowed variant), every check passes; a skip is
 * fine only when it says `not exercised: …`. The runs themselves are part of the
 * kill matrix test (tests/teeth/kill-matrix.spec.ts), which shares its two run slots.
 */

const notExercised = 'not exercised: needs the control API (SC_CONTROL_URL)';

test('every check passing or not exercised is a PASS', () => {
  const report = fakeReport([
    { title: '[ITEM-QUOTA-1] q', status: 'passed' },
    { title: '[TX-REQ-1] r', status: 'skipped', skipReason: notExercised },
  ]);
  const v = suiteVerdict(fakeOutcome(report));
  expect(v.verdict).toBe('PASS');
  expect(v.counts).toEqual({ total: 2, passed: 1, failed: 0, skipped: 1 });
});

test('a failing or timed-out check is a false failure, named with its error', () => {
  const report = fakeReport([
    { title: '[ITEM-PAGE-1] pages', status: 'failed', error: 'expected next to be null\nmore' },
    { title: '[WH-SIG-1] signature', describe: 'signatures', status: 'timedOut' },
    { title: '[ITEM-QUOTA-1] q', status: 'passed' },
  ]);
  const v = suiteVerdict(fakeOutcome(report));
  expect(v.verdict).toBe('FALSE-FAILURE');
  expect(v.failures).toEqual([
    { key: 'group/fake.spec.ts › [ITEM-PAGE-1] pages', status: 'failed', error: 'expected next to be null\nmore' },
    { key: 'group/fake.spec.ts › signatures › [WH-SIG-1] signature', status: 'timedOut', error: undefined },
  ]);
});

test('a skip that says neither not exercised nor not applicable fails the run: a check that did not run proves nothing', () => {
  for (const skipReason of ['flaky on CI', '', undefined]) {
    const report = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'skipped', skipReason }]);
    const v = suiteVerdict(fakeOutcome(report));
    expect(v.verdict, `skip reason ${JSON.stringify(skipReason)}`).toBe('FALSE-FAILURE');
    expect(v.unexplainedSkips).toHaveLength(1);
  }
  // The coded forms (results/outcomes.ts) explain a skip as the old words do: a variant whose data ask nothing passes.
  for (const skipReason of ['not exercised: the account holds nothing', 'not exercised [target_state]: no pending request', 'not applicable [not_offered]: no mandatory attribute anywhere']) {
    const report = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'skipped', skipReason }]);
    expect(suiteVerdict(fakeOutcome(report)).unexplainedSkips, skipReason).toEqual([]);
  }
});

test('a run that hangs, gives no report, reports load errors or runs nothing is an ERROR', () => {
  const ok = fakeReport([{ title: '[ITEM-QUOTA-1] q', status: 'passed' }]);
  expect(suiteVerdict(fakeOutcome(ok, { timedOut: true }), 300).detail).toBe('hung: no result within 300 s (process stopped)');
  expect(suiteVerdict(fakeOutcome(ok, { timedOut: true })).verdict).toBe('ERROR');
  expect(suiteVerdict(fakeOutcome(undefined)).verdict).toBe('ERROR');
  expect(suiteVerdict(fakeOutcome(fakeReport([], ['SyntaxError: specs/items/quota.spec.ts'])))).toMatchObject({
    verdict: 'ERROR',
    detail: 'SyntaxError: specs/items/quota.spec.ts',
  });
  expect(suiteVerdict(fakeOutcome(fakeReport([])))).toMatchObject({ verdict: 'ERROR', detail: 'no check ran' });
});

test('every allowed variant is declared with a description of the choice it makes', () => {
  for (const [name, variant] of Object.entries(VARIANTS)) expect(variant.description.trim(), name).not.toBe('');
});

test('a failed SHOULD-level assertion on a server that keeps the spec is a false failure too, even where the check did not fail', () => {
  const report = fakeReport([
    { title: '[GEN-ERR-2] code', status: 'passed', evidenceFor: ['GEN-ERR-2'] },
    { title: '[WH-SUB-12] url', status: 'skipped', skipReason: 'not exercised: stopped at a SHOULD finding of WH-SUB-12', evidenceFor: ['WH-SUB-12'] },
  ]);
  const v = suiteVerdict(fakeOutcome(report));
  expect(v.verdict).toBe('FALSE-FAILURE');
  expect(v.failures.map((f) => f.status)).toEqual(['finding on GEN-ERR-2', 'finding on WH-SUB-12']);
  expect(v.unexplainedSkips).toEqual([]);
});

test('an observation (recordFinding) on a server that keeps the spec is allowed: the spec left that choice open', () => {
  const report = fakeReport([{ title: '[GEN-ERR-2] code', status: 'passed', findingFor: ['GEN-ERR-2'] }]);
  expect(suiteVerdict(fakeOutcome(report)).verdict).toBe('PASS');
});

test('a passed check whose title names a rule no assertion named is reported: the title claims what the check does not prove', () => {
  const report = fakeReport([{ title: '[ITEM-QUOTA-1][ITEM-LIST-2] q', status: 'passed', ledger: { passed: { 'ITEM-QUOTA-1': 2 }, failed: {} } }]);
  const v = suiteVerdict(fakeOutcome(report));
  expect(v.verdict).toBe('FALSE-FAILURE');
  expect(v.failures.map((f) => f.status)).toEqual(['title names ITEM-LIST-2, no assertion does']);
});
