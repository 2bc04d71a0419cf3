/** lib/footprint.ts: the run's items and webhooks, added up from the cleanup's `created` annotations, per attempt. */
import { expect, test } from '@playwright/test';
import { CREATED_ANNOTATION, describeFootprint, footprint } from '../lib/footprint.js';

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
