/**
 * reports/junit.xml renders the conformance report's verdicts, never judges again: a MUST
 * failure is a <failure> naming its rules, a check that broke an <error>, a check that
 * judged nothing a coded <skipped> ("not exercised: rate_limited — …", "not applicable:
 * no_control_api — …"), a SHOULD finding no failed testcase unless SC_STRICT=1, and the
 * gate its own testcase carrying its state and the headline.
 */
import { expect, test } from '@playwright/test';
import { allureOutcomes } from '../../reporting/allure.js';
import { renderJunit } from '../../reporting/junit.js';
import { check, reportFromChecks } from './data/helpers.js';

const ledger = (passed: string[], failed: string[] = []) => ({ passed: Object.fromEntries(passed.map((id) => [id, 1])), failed: Object.fromEntries(failed.map((id) => [id, 1])) });

const checks = [
  check({
    title: '[ITEM-QUOTA-1][ITEM-LIST-2] model',
    ids: ['ITEM-QUOTA-1', 'ITEM-LIST-2'],
    status: 'failed',
    rawStatus: 'failed',
    evidence: [{ requirements: ['ITEM-LIST-2'], title: 'the list holds the item', expected: 'listed', actual: 'absent', severity: 'MUST' }],
    ledger: ledger(['ITEM-QUOTA-1'], ['ITEM-LIST-2']),
  }),
  check({
    title: '[GEN-ERR-2] a code of the spec',
    ids: ['GEN-ERR-2'],
    should: true,
    evidence: [{ requirements: ['GEN-ERR-2'], title: 'the code is one the spec shows', expected: 'one of twelve', actual: 'OOPS', severity: 'SHOULD', soft: true }],
    ledger: ledger([], ['GEN-ERR-2']),
  }),
  check({ title: '[ITEM-QUOTA-2] lowering', ids: ['ITEM-QUOTA-2'], status: 'failed', rawStatus: 'timedOut', errors: ['Test timeout of 60000ms exceeded.'], ledger: ledger([]) }),
  check({ title: '[WH-SIG-1] <signed> & "quoted"', ids: ['WH-SIG-1'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not applicable [no_control_api]: needs the control API (SC_CONTROL_URL)', ledger: ledger([]) }),
  check({ title: '[ITEM-IMG-2] order', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [rate_limited]: POST …/images answered 429 after 4 retries', ledger: ledger([]) }),
  check({ title: '[GEN-AUTH-1][TX-REQ-1] refused', ids: ['GEN-AUTH-1', 'TX-REQ-1'], ledger: ledger(['GEN-AUTH-1']), notExercised: { 'TX-REQ-1': 'not exercised [server_error]: GET /transactions answered 503' } }),
];

test('failures, errors and skips are counted as the report judged them; a SHOULD finding is not a failure; skips carry their code', () => {
  const report = reportFromChecks(checks);
  const xml = renderJunit(report, checks);
  // Six checks and the gate; the gate is FAILED (ITEM-LIST-2), so it is a failure too.
  expect(xml).toMatch(/<testsuites name="Seller Connect conformance" tests="7" failures="2" errors="1" skipped="2"/);
  for (const text of [
    '<failure type="MUST" message="1 rule failed: ITEM-LIST-2">',
    '<property name="requirement" value="ITEM-QUOTA-1: passed"/>',
    '<property name="requirement" value="ITEM-LIST-2: failed"/>',
    '<error type="timedOut" message="the check broke before it could judge: Test timeout of 60000ms exceeded."',
    '<skipped message="not applicable: no_control_api — needs the control API (SC_CONTROL_URL)"/>',
    '<skipped message="not exercised: rate_limited — POST …/images answered 429 after 4 retries"/>',
    '<property name="requirement" value="ITEM-IMG-2: not exercised [rate_limited]"/>',
    '<property name="requirement" value="TX-REQ-1: not exercised [server_error]"/>',
    '<property name="requirement" value="GEN-AUTH-1: passed"/>',
    '<property name="finding" value="[GEN-ERR-2] the code is one the spec shows"/>',
  ]) {
    expect(xml).toContain(text);
  }
  expect(xml).toMatch(/<system-out>SHOULD findings \(not failures unless SC_STRICT=1\):/);
  // Titles are escaped.
  expect(xml).toContain('[WH-SIG-1] &lt;signed&gt; &amp; &quot;quoted&quot;');
});

test('the gate is its own testcase, first: its state, exit code and the headline', () => {
  const report = reportFromChecks(checks);
  const xml = renderJunit(report, checks);
  const gate = xml.slice(xml.indexOf('<testsuite name="conformance gate"'), xml.indexOf('</testsuite>'));
  expect(xml.indexOf('conformance gate')).toBeLessThan(xml.indexOf('x.spec.ts'));
  expect(gate).toContain('<property name="gate" value="FAILED"/><property name="exit" value="1"/>');
  expect(gate).toContain(`<testcase name="gate: FAILED (exit 1) — MUST rules of the server: ${report.summary.headline.text}"`);
  expect(gate).toContain('<failure type="FAILED" message="1 MUST requirement failed: ITEM-LIST-2">');
  expect(report.summary.headline.text).toBe('judged 3 of 13 testable: 2 passed · 1 failed · 3 not exercised (rate_limited 1, server_error 1, timeout 1) · 1 not applicable (no_control_api 1) · 6 without a check');
});

test('an INCOMPLETE run is a failed gate testcase, not a green suite; a BROKEN one an error', () => {
  const unjudged = [checks[4], checks[5]];
  const xml = renderJunit(reportFromChecks(unjudged), unjudged);
  expect(xml).toMatch(/<failure type="INCOMPLETE" message="2 MUST rules the configuration reaches were not exercised \(rate_limited 1, server_error 1\): ITEM-IMG-2, TX-REQ-1">/);
  const broken = reportFromChecks([], { settingErrors: ['SC_REQUIRE: expected capabilities among …'] });
  expect(renderJunit(broken, [])).toContain('<error type="BROKEN" message="the run is broken: SC_REQUIRE: expected capabilities among …">');
});

test('under SC_STRICT=1 a SHOULD finding is a failure too', () => {
  const xml = renderJunit(reportFromChecks(checks, { strict: true }), checks);
  expect(xml).toMatch(/tests="7" failures="3" errors="1" skipped="2"/);
  expect(xml).toContain('<failure type="SHOULD (SC_STRICT=1)" message="1 rule failed: GEN-ERR-2">');
});

test('a MUST failure on an earlier attempt stays a failure, shown flaky, with that attempt’s evidence', () => {
  const flaky = check({
    title: '[ITEM-IMG-2] order',
    ids: ['ITEM-IMG-2'],
    status: 'failed',
    rawStatus: 'passed',
    flaky: true,
    failedAttempts: 1,
    evidence: [{ requirements: ['ITEM-IMG-2'], title: 'order -1 is refused', expected: '4xx', actual: '201', severity: 'MUST', attempt: 1 }],
    ledger: { passed: { 'ITEM-IMG-2': 1 }, failed: { 'ITEM-IMG-2': 1 } },
  });
  const xml = renderJunit(reportFromChecks([flaky]), [flaky]);
  expect(xml).toContain('<failure type="MUST" message="1 rule failed: ITEM-IMG-2">[ITEM-IMG-2] order -1 is refused (attempt 1: a retry does not undo it)');
  expect(xml).toContain('(flaky: failed on an attempt, passed on a retry; the failure stands)');
});

test('a check skipped after its set-up steps judged rules is skipped in JUnit and in Allure alike (reporting/check-outcome.ts): a skip never reads as a pass', () => {
  const why = 'not exercised [setup_failed]: the item took no image';
  const skipped = check({ title: '[ITEM-IMG-2] order of images on an item', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: why, ledger: ledger(['ITEM-QUOTA-1']) });
  const report = reportFromChecks([skipped]);
  const xml = renderJunit(report, [skipped]);
  expect(xml).toContain('<property name="requirement" value="ITEM-QUOTA-1: passed"/>');
  expect(xml).toContain('<skipped message="not exercised: setup_failed — the item took no image"/>');
  expect(allureOutcomes(report, [skipped]).get(skipped.title)).toMatchObject({ status: 'skipped', unjudged: ['ITEM-IMG-2: not exercised [setup_failed]'] });
});
