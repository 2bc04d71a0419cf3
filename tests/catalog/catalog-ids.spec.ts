import { expect, test } from '@playwright/test';
import { grepForIds, idPrefix, idTopic, parseTitleIds } from '../../catalog/ids.js';
import { checksFromReport } from '../../reporting/read-playwright-report.js';
import { checksOf } from '../../teeth/job-checks.js';
import { fakeReport } from '../../teeth/testing/reports.js';

/**
 * Where requirement IDs stand (catalog/ids.ts): in the leading brackets of the
 * test's own title, for the ledger, the reports and the teeth alike.
 */

test.describe('title IDs', () => {
  test('the leading brackets give the IDs; later brackets and prose do not', () => {
    expect(parseTitleIds('[ITEM-QUOTA-1][ITEM-LIST-2] a create beyond [GEN-X-1] the quota').ids).toEqual(['ITEM-QUOTA-1', 'ITEM-LIST-2']);
    expect(parseTitleIds('  [A-B-1, C-D-2] x').ids).toEqual(['A-B-1', 'C-D-2']);
    expect(parseTitleIds('no brackets here').ids).toEqual([]);
    expect(parseTitleIds('ITEM-QUOTA-1 without brackets').ids).toEqual([]);
    expect(parseTitleIds('[ITEM-QUOTA-1][ITEM-QUOTA-1] twice').ids).toEqual(['ITEM-QUOTA-1']);
  });

  test('a bracket that is no ID is reported as malformed, and ends nothing: later leading IDs still count', () => {
    const parsed = parseTitleIds('[lowercase][ITEM-QUOTA-1] x [WH-SIG-3]');
    expect(parsed).toEqual({ ids: ['ITEM-QUOTA-1'], rest: 'x [WH-SIG-3]', malformed: ['lowercase'] });
  });

  test('an ID the catalog lacks is still an ID (the reports and the coverage name it as unknown)', () => {
    expect(parseTitleIds('[FOO-BAR-1] x').ids).toEqual(['FOO-BAR-1']);
  });

  test('prefix and topic', () => {
    expect([idPrefix('ITEM-IMG-ADD-1'), idTopic('ITEM-IMG-ADD-1')]).toEqual(['ITEM', 'IMG-ADD']);
  });

  test('the reports and the teeth read the same IDs from one report: a describe or a later bracket cites nothing', () => {
    const report = fakeReport([
      { title: '[ITEM-QUOTA-1][ITEM-LIST-2] a create beyond the quota, unlike [ITEM-QUOTA-2]', status: 'passed' },
      { title: 'a check under a describe naming a rule', describe: '[WH-SIG-3] signatures', status: 'passed' },
    ]);
    const teeth = checksOf(report).map((c) => c.ids);
    const reports = checksFromReport(report).checks.map((c) => c.ids);
    expect(teeth).toEqual([['ITEM-QUOTA-1', 'ITEM-LIST-2'], []]);
    expect(reports).toEqual(teeth);
  });
});

test.describe('the kill matrix grep', () => {
  test('selects the checks citing the IDs, never a longer ID', () => {
    const grep = new RegExp(grepForIds(['ITEM-QUOTA-1', 'WH-SIG-3']));
    expect(grep.test('items/quota.spec.ts [ITEM-QUOTA-1] beyond the quota')).toBe(true);
    expect(grep.test('[WH-SIG-3][WH-SIG-4] signature')).toBe(true);
    expect(grep.test('[ITEM-QUOTA-10] another rule')).toBe(false);
    expect(grep.test('[XITEM-QUOTA-1] not it')).toBe(false);
    expect(() => grepForIds([])).toThrow();
  });
});
