/**
 * Time-limited properties (fixtures/time-budget.ts): the run the time limit
 * abandons is awaited, the cases are counted, and below the minimum the
 * title's rules are annotated not exercised, never failed.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { isInterruption, reportCases, titleIds, trackRuns } from '../fixtures/time-budget.js';

test.describe('time budget', () => {
  test('[AUTH-PKCE-3][AUTH-TOKEN-1] a property cut by its time limit: the abandoned run ends before settle returns, and too few cases are not exercised', async () => {
    let running = 0;
    let ended = 0;
    const runs = trackRuns(
      fc.asyncProperty(fc.integer(), async () => {
        running++;
        await new Promise((r) => setTimeout(r, 300));
        ended++;
        return true;
      }),
    );
    let thrown: unknown;
    try {
      await fc.assert(runs.property, { numRuns: 10, plugins: [fc.interruptAfterTimeLimit(450)] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown === undefined || isInterruption(thrown)).toBe(true);
    expect(await runs.settle(5_000)).toBe(true);
    // Nothing still runs once settle has returned; the abandoned run is not counted as a case.
    expect(ended).toBe(running);
    expect(runs.completed).toBe(1);
    expect(reportCases(runs.completed, { planned: 10, minimum: 5 })).toBe(false);
    const notes = test.info().annotations.filter((a) => a.type === 'not-exercised').map((a) => a.description);
    expect(notes).toEqual(['AUTH-PKCE-3: time budget: 1 of 10 cases (minimum 5)', 'AUTH-TOKEN-1: time budget: 1 of 10 cases (minimum 5)']);
    expect(isInterruption(new Error('Property interrupted after 0 tests\n{ seed: 1 }'))).toBe(true);
    expect(isInterruption(new Error('Property failed after 1 tests'))).toBe(false);
  });

  test('title IDs are the leading bracketed ones only', () => {
    expect(titleIds('[ITEM-QUOTA-1][ITEM-PRO-2] a thing [NOT-THIS]')).toEqual(['ITEM-QUOTA-1', 'ITEM-PRO-2']);
    expect(titleIds('no ids')).toEqual([]);
  });
});
