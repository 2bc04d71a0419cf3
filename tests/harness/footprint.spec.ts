/** lib/footprint-count.ts: the run's items and webhooks, added up from the cleanup's `created` annotations, per attempt, in all and per check; the budget. */
import { expect, test } from '@playwright/test';
import { CREATED_ANNOTATION, describeFootprint, FOOTPRINT_BUDGET, footprint, footprintByCheck, footprintTable, overBudget } from '../../lib/footprint-count.js';
import { fakeOutcome, fakeReport } from '../../teeth/testing/reports.js';
import { suiteVerdict } from '../../teeth/matrix-verdicts.js';

const created = (items: number, webhooks: number) => ({ type: CREATED_ANNOTATION, description: JSON.stringify({ items, webhooks }) });

test('footprint adds up every attempt of every check, and ignores other annotations', () => {
  const report = {
    suites: [
      {
        specs: [{ tests: [{ results: [{ annotations: [created(3, 1), { type: 'observed', description: 'x' }] }, { annotations: [created(2, 0)] }] }] }],
        suites: [{ specs: [{ tests: [{ annotations: [created(9, 9)], results: [{ annotations: [created(1, 2)] }] }, { results: [{ annotations: [] }] }] }] }],
      },
    ],
  };
  expect(footprint(report)).toEqual({ items: 6, webhooks: 3, checks: 3 });
  expect(describeFootprint(footprint(report))).toContain('6 item(s), 3 webhook(s)');
});

test('an older report with annotations on the test only is read too; a malformed one counts nothing', () => {
  expect(footprint({ suites: [{ specs: [{ tests: [{ annotations: [created(4, 2)], results: [{}] }] }] }] })).toEqual({ items: 4, webhooks: 2, checks: 1 });
  expect(footprint({ suites: [{ specs: [{ tests: [{ annotations: [{ type: CREATED_ANNOTATION, description: '{' }], results: [{}] }] }] }] })).toEqual({
    items: 0,
    webhooks: 0,
    checks: 0,
  });
  expect(footprint({})).toEqual({ items: 0, webhooks: 0, checks: 0 });
});

test('per check: every attempt of a check added up under its file and describe › title, the biggest creators first', () => {
  const report = {
    suites: [
      {
        title: 'items/a.spec.ts',
        file: 'items/a.spec.ts',
        suites: [
          {
            title: 'lists',
            file: 'items/a.spec.ts',
            specs: [
              { title: '[X-1] small', file: 'items/a.spec.ts', tests: [{ results: [{ annotations: [created(1, 0)] }] }] },
              { title: '[X-2] big', file: 'items/a.spec.ts', tests: [{ results: [{ annotations: [created(3, 1)] }, { annotations: [created(2, 0)] }] }] },
              { title: '[X-3] none', file: 'items/a.spec.ts', tests: [{ results: [{ annotations: [] }] }] },
            ],
          },
        ],
      },
      { title: 'webhooks/b.spec.ts', file: 'webhooks/b.spec.ts', specs: [{ title: '[W-1] hooks', file: 'webhooks/b.spec.ts', tests: [{ results: [{ annotations: [created(0, 4)] }] }] }] },
    ],
  };
  expect(footprintByCheck(report)).toEqual([
    { file: 'items/a.spec.ts', title: 'lists › [X-2] big', items: 5, webhooks: 1 },
    { file: 'items/a.spec.ts', title: 'lists › [X-1] small', items: 1, webhooks: 0 },
    { file: 'webhooks/b.spec.ts', title: '[W-1] hooks', items: 0, webhooks: 4 },
  ]);
  const table = footprintTable(footprintByCheck(report), 2).split('\n');
  expect(table).toHaveLength(4);
  expect(table[2]).toBe('| 5 | 1 | items/a.spec.ts: lists › [X-2] big |');
});

test('the budget: a run over FOOTPRINT_BUDGET items is named, one within it is not', () => {
  expect(overBudget({ items: FOOTPRINT_BUDGET.items, webhooks: 99, checks: 1 })).toBeUndefined();
  expect(overBudget({ items: FOOTPRINT_BUDGET.items + 1, webhooks: 0, checks: 1 })).toContain(`above the budget of ${FOOTPRINT_BUDGET.items}`);
});

test('a whole-suite run of the kill matrix (clean or a variant) over the budget is not a PASS: the footprint is named with its biggest creators', () => {
  const report = fakeReport([
    { title: '[ITEM-QUOTA-1] q', status: 'passed' },
    { title: '[ITEM-LIST-1] l', status: 'passed' },
  ]);
  const [quota, lists] = report.suites?.[0].specs?.map((s) => s.tests?.[0]) ?? [];
  quota?.annotations?.push(created(FOOTPRINT_BUDGET.items, 0));
  expect(suiteVerdict(fakeOutcome(report)).verdict).toBe('PASS');
  lists?.annotations?.push(created(1, 0));
  const v = suiteVerdict(fakeOutcome(report));
  expect(v.verdict).toBe('FALSE-FAILURE');
  expect(v.failures).toEqual([
    { key: 'footprint on the accounts (lib/footprint-count.ts)', status: expect.stringContaining(`${FOOTPRINT_BUDGET.items + 1} item(s)`), error: expect.stringContaining('[ITEM-QUOTA-1] q') },
  ]);
});
