import { expect, test } from '@playwright/test';
import { computeCoverage, formatCoverage } from '../../teeth/catalog-coverage.js';
import { measureCoverage } from '../../teeth/coverage-run.js';
import { checksOf } from '../../teeth/job-checks.js';
import { fakeReport } from '../../teeth/testing/reports.js';

/**
 * Every testable requirement of the catalog has a check citing its ID, or an entry
 * on catalog/skip-list.json saying why not; no title cites an ID the catalog lacks.
 */

const checks = (...titles: string[]) => checksOf(fakeReport(titles.map((title) => ({ title, status: 'passed' }))));

test.describe('coverage rules on a synthetic catalog', () => {
  const requirements = [
    { id: 'ITEM-QUOTA-1' },
    { id: 'ITEM-QUOTA-2' },
    { id: 'ITEM-CAT-9', testable: false },
    { id: 'AUTH-PKCE-1', needs: ['client-side'] },
    { id: 'WH-SIG-1', needs: ['webhook-receiver'] },
  ];

  test('a requirement with a check is covered, one without is a gap, an untestable one counts for nothing', () => {
    const c = computeCoverage({ requirements, skipList: [], checks: checks('[ITEM-QUOTA-1] q'), ownTests: [] });
    expect(c.gaps.map((g) => g.id)).toEqual(['ITEM-QUOTA-2', 'AUTH-PKCE-1', 'WH-SIG-1']);
    expect({ testable: c.testable, covered: c.covered, ok: c.ok }).toEqual({ testable: 4, covered: 1, ok: false });
    expect(c.byGroup.ITEM).toEqual({ testable: 2, covered: 1, skipListed: 0, gaps: 1 });
  });

  test('a test of the project covers a client-side rule, never a rule of the server', () => {
    const c = computeCoverage({
      requirements,
      skipList: [],
      checks: checks('[ITEM-QUOTA-1][ITEM-QUOTA-2] q'),
      ownTests: checks('[AUTH-PKCE-1] derives the challenge', '[WH-SIG-1] the verifier accepts hex'),
    });
    expect(c.gaps.map((g) => g.id)).toEqual(['WH-SIG-1']);
  });

  test('the skip list closes a gap only with a reason, and must not list what has a check or is unknown', () => {
    const c = computeCoverage({
      requirements,
      skipList: [
        { id: 'WH-SIG-1', reason: 'needs a receiver the CI cannot offer' },
        { id: 'AUTH-PKCE-1', reason: ' ' },
        { id: 'ITEM-QUOTA-1', reason: 'stale' },
        { id: 'ITEM-NOPE-1', reason: 'typo' },
        { id: 'ITEM-CAT-9', reason: 'untestable anyway' },
      ],
      checks: checks('[ITEM-QUOTA-1][ITEM-QUOTA-2] q'),
      ownTests: [],
    });
    expect(c.gaps).toEqual([]);
    expect(c.skipListed).toBe(2);
    expect(c.skipListProblems).toEqual([
      'AUTH-PKCE-1: no reason',
      'ITEM-QUOTA-1: has a check now, remove it from the skip list',
      'ITEM-NOPE-1: not in the catalog',
      'ITEM-CAT-9: not testable, so it needs no skip entry',
    ]);
    expect(c.ok).toBe(false);
  });

  test('an ID cited in a title but absent from the catalog fails, wherever it is cited', () => {
    const c = computeCoverage({
      requirements: [{ id: 'ITEM-QUOTA-1' }],
      skipList: [],
      checks: checks('[ITEM-QUOTA-1][ITEM-QUOTA-99] q'),
      ownTests: checks('[AUTH-GHOST-1] t'),
    });
    expect(c.unknownCited.map((u) => u.id)).toEqual(['AUTH-GHOST-1', 'ITEM-QUOTA-99']);
    expect(c.ok).toBe(false);
  });
});

test('every testable requirement of the catalog has a check or a reason on the skip list', async () => {
  test.setTimeout(120_000);
  const { coverage, listingErrors } = await measureCoverage();
  const text = formatCoverage(coverage);
  console.log(text);
  expect(listingErrors, 'the specs and tests must all load to be counted').toEqual([]);
  expect(coverage.ok, 'coverage incomplete: the gaps and unknown IDs are printed above').toBe(true);
});
