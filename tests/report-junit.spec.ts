/**
 * reports/junit.xml agrees with the gate: a MUST failure is a <failure> naming its
 * rules, a check that broke an <error>, a skip carries its reason, and a SHOULD
 * finding is no failed testcase unless SC_STRICT=1 (it stays in <system-out>).
 */
import { expect, test } from '@playwright/test';
import { loadCatalog } from '../catalog/index.js';
import { renderJunit } from '../reporting/junit.js';
import { CATALOG_DIR, check } from './fixtures-report/helpers.js';

const catalog = loadCatalog(CATALOG_DIR);
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
  check({ title: '[WH-SIG-1] <signed> & "quoted"', ids: ['WH-SIG-1'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised: needs a receiver (SC_PUBLIC_URL)', ledger: ledger([]) }),
  check({ title: '[GEN-AUTH-1] refused', ids: ['GEN-AUTH-1'], ledger: ledger(['GEN-AUTH-1']) }),
];

test('failures, errors and skips are counted as the gate sees them; a SHOULD finding is not a failure', () => {
  const xml = renderJunit(checks, catalog, { strict: false });
  expect(xml).toMatch(/<testsuites name="Seller Connect conformance" tests="5" failures="1" errors="1" skipped="1"/);
  for (const text of [
    '<failure type="MUST" message="1 rule failed: ITEM-LIST-2">',
    '<property name="requirement" value="ITEM-QUOTA-1: passed"/>',
    '<property name="requirement" value="ITEM-LIST-2: failed"/>',
    '<error type="timedOut" message="the check broke before it could judge: Test timeout of 60000ms exceeded."',
    '<skipped message="not exercised: needs a receiver (SC_PUBLIC_URL)"/>',
    '<property name="finding" value="[GEN-ERR-2] the code is one the spec shows"/>',
  ]) {
    expect(xml).toContain(text);
  }
  expect(xml).toMatch(/<system-out>SHOULD findings \(not failures unless SC_STRICT=1\):/);
  // Titles are escaped.
  expect(xml).toContain('[WH-SIG-1] &lt;signed&gt; &amp; &quot;quoted&quot;');
});

test('under SC_STRICT=1 a SHOULD finding is a failure too', () => {
  const xml = renderJunit(checks, catalog, { strict: true });
  expect(xml).toMatch(/tests="5" failures="2" errors="1" skipped="1"/);
  expect(xml).toContain('<failure type="SHOULD (SC_STRICT=1)" message="1 rule failed: GEN-ERR-2">');
});
