/**
 * Set-up steps keep their own blame (judging/set-up.ts, issue 31 item 5): a
 * list walked back as a set-up step charges a walk that does not end to the
 * list's own paging rule, whoever walks it, and leaves the check's own rules
 * not exercised [setup_failed], naming the step: never passed on the half
 * judged before it, never charged. Driven against a fake account (no server).
 */
import { expect, test } from '@playwright/test';
import type { ApiRequest, ApiResponse } from '../../clients/api-client.js';
import type { ConformanceFailure } from '../../judging/failure.js';
import { leaveDependentsUnjudged, setUpOutcome } from '../../judging/set-up.js';
import { NOT_EXERCISED_ANNOTATION } from '../../results/records.js';
import { ItemsApi, type ListPath } from '../../specs/shared/items/items-api.js';
import { check, reportFromChecks } from '../reports/data/helpers.js';

/** A list whose every page answers `body(since)`. */
function listOf(body: (since: unknown) => unknown): { items: ItemsApi; calls: () => number } {
  let calls = 0;
  const send = async (req: ApiRequest): Promise<ApiResponse> => {
    calls += 1;
    const json = body(req.query?.since);
    return { status: 200, headers: {}, text: JSON.stringify(json), json, durationMs: 1, request: { headers: {}, ...req, url: `http://account.test${req.path}` } } as unknown as ApiResponse;
  };
  return { items: new ItemsApi(send, () => {}), calls: () => calls };
}

/** The rules a walk's failure is charged to (its evidence), or 'ended' when the walk ended. */
async function chargedBy(items: ItemsApi, path: ListPath): Promise<string[] | 'ended'> {
  try {
    await items.walk(path);
    return 'ended';
  } catch (error) {
    return (error as ConformanceFailure).evidence.requirements;
  }
}

const entry = { id: 'a', title: 't', price: { cash_amount: 1, currency: 'EUR' } };

test.describe('a list read back as a set-up step', () => {
  test('a next repeated on every page is charged to the list’s paging rule alone, within two pages', async () => {
    const repeats = listOf(() => ({ items: [entry], meta: { pagination: { next: 'same' } } }));
    expect(await chargedBy(repeats.items, '/items')).toEqual(['ITEM-PAGE-2']);
    expect(repeats.calls()).toBe(2);
    expect(await chargedBy(repeats.items, '/items/inactive')).toEqual(['ITEM-HIDDEN-2']);
  });

  test('a walk that reaches the bound gives up on the paging rule; a page without a list is the list’s answer rule', async () => {
    let n = 0;
    const endless = listOf(() => ({ items: [], meta: { pagination: { next: `t${n++}` } } }));
    const bounded = await endless.items.walkRaw('/items', 5);
    expect(bounded).toMatchObject({ pages: 5, fault: 'paging' });
    expect(bounded.problem).toContain('within 5 pages');
    const noList = listOf(() => ({ note: 'no list' }));
    expect(await chargedBy(noList.items, '/items')).toEqual(['ITEM-LIST-1']);
    expect(await chargedBy(noList.items, '/items/inactive')).toEqual(['ITEM-HIDDEN-1']);
    const ends = listOf(() => ({ items: [entry], meta: { pagination: null } }));
    expect(await chargedBy(ends.items, '/items')).toBe('ended');
  });

  test('the check’s other title rules are left not exercised [setup_failed], naming the step; its own and marked rules are not', () => {
    const info = { title: '[ITEM-VALID-3][ITEM-PAGE-2][ITEM-VALID-4] x', annotations: [{ type: NOT_EXERCISED_ANNOTATION, description: 'ITEM-VALID-4: not exercised [rate_limited]: 429' }] };
    const facts = { title: 'walking GET /items page by page through meta.pagination.next ends (ITEM-PAGE-2)', requirements: ['ITEM-PAGE-2'], actual: 'pagination did not end' };
    expect(leaveDependentsUnjudged(info, facts)).toEqual(['ITEM-VALID-3']);
    expect(info.annotations.at(-1)?.description).toBe(`ITEM-VALID-3: ${setUpOutcome(facts)}`);
    expect(setUpOutcome(facts)).toMatch(/^not exercised \[setup_failed\]: the set-up step "walking GET \/items .*" failed \(charged to ITEM-PAGE-2\)/);
    // Twice (a property's shrinking runs the step again): one annotation per rule.
    leaveDependentsUnjudged(info, facts);
    expect(info.annotations).toHaveLength(2);
  });

  test('in the report: the step’s rule fails, the check’s rule judged in half is not exercised, never passed', () => {
    // The synthetic catalog's rules: ITEM-QUOTA-1 stands for the check's own rule (a refusal seen, one pass),
    // ITEM-LIST-2 for the set-up step's (the list read back never ended).
    const outcome = setUpOutcome({ title: 'walking GET /items … ends', requirements: ['ITEM-LIST-2'], actual: 'pagination did not end' });
    const failed = (notExercised?: Record<string, string>) =>
      check({
        title: '[ITEM-QUOTA-1] x',
        ids: ['ITEM-QUOTA-1'],
        status: 'failed',
        rawStatus: 'failed',
        evidence: [{ requirements: ['ITEM-LIST-2'], title: 'walking GET /items … ends', severity: 'MUST' }],
        ledger: { passed: { 'ITEM-QUOTA-1': 1 }, failed: { 'ITEM-LIST-2': 1 } },
        notExercised,
      });
    const verdicts = (notExercised?: Record<string, string>) => {
      const rep = reportFromChecks([failed(notExercised)]);
      const of = (id: string) => rep.requirements.find((r) => r.id === id);
      return { own: of('ITEM-QUOTA-1'), step: of('ITEM-LIST-2') };
    };
    // Without the annotation the half judged before the step would pass the rule: the hole set-up.ts closes.
    expect(verdicts().own?.verdict).toBe('passed');
    const { own, step } = verdicts({ 'ITEM-QUOTA-1': outcome });
    expect(step).toMatchObject({ verdict: 'failed', severity: 'MUST' });
    expect(own).toMatchObject({ verdict: 'not-exercised', reasonCode: 'setup_failed' });
    expect(own?.reason).toContain('the set-up step "walking GET /items … ends" failed (charged to ITEM-LIST-2)');
  });
});
