/**
 * specs/items/support/proven.ts: one base draft per plan and category per run,
 * its control sent once and only an accepted proof kept; the cover of a
 * check's cases by the fewest categories, in an order every check shares.
 */
import { expect, test } from '@playwright/test';
import type { CategoryFacts } from '../../specs/shared/items/generators.js';
import { baseFor, coverCases, mostCasesFirst, Proofs } from '../../specs/items/support/proven.js';

const leaf = (id: number): CategoryFacts => ({ id, name: `leaf ${id}`, defs: [], isCars: false, raw: [] });

test('a base is drawn from the run: the same for a plan and category in every worker, another for another run', () => {
  const a = leaf(1);
  expect(baseFor('basic', a, 'run-1')).toEqual(baseFor('basic', a, 'run-1'));
  expect(baseFor('basic', a, 'run-1').draft).not.toEqual(baseFor('basic', a, 'run-2').draft);
  expect(baseFor('basic', a, 'run-1').draft.categoryId).toBe(1);
});

test('the control is sent once per plan and category: an accepted proof is kept, a refused one is tried again', async () => {
  const proofs = new Proofs('run-1');
  const sent: string[] = [];
  const prove = (answer: boolean) => async (b: { plan: string }) => {
    sent.push(b.plan);
    return answer ? ({ accepted: true } as const) : ({ accepted: false, why: 'refused' } as const);
  };
  expect((await proofs.provenBase('basic', leaf(1), prove(false))).proof).toEqual({ accepted: false, why: 'refused' });
  expect((await proofs.provenBase('basic', leaf(1), prove(true))).reused).toBe(false);
  expect(await proofs.provenBase('basic', leaf(1), prove(true))).toMatchObject({ proof: { accepted: true }, reused: true });
  expect((await proofs.provenBase('pro', leaf(1), prove(true))).reused).toBe(false);
  expect(sent).toEqual(['basic', 'basic', 'pro']);
  // A check whose own create is the control remembers it for the others.
  proofs.remember(baseFor('basic', leaf(2), proofs.source));
  expect((await proofs.provenBase('basic', leaf(2), prove(true))).reused).toBe(true);
  // Another worker's proofs are its own.
  expect((await new Proofs('run-1').provenBase('basic', leaf(2), prove(true))).reused).toBe(false);
});

test('cases go to the fewest categories, the earlier ones of the shared order first', () => {
  const [a, b, c] = [leaf(1), leaf(2), leaf(3)];
  const offers: Record<string, number[]> = { any: [1, 2, 3], cars: [3], text: [2, 3] };
  const applies = (name: string, l: CategoryFacts) => offers[name].includes(l.id);
  const order = mostCasesFirst([a, b, c], Object.keys(offers), applies);
  expect(order.map((l) => l.id)).toEqual([3, 2, 1]);
  expect(coverCases(['any', 'text'], order, applies).map((p) => [p.rule, p.category.id])).toEqual([
    ['any', 3],
    ['text', 3],
  ]);
  expect(coverCases(['any', 'text'], [a, b], applies).map((p) => [p.rule, p.category.id])).toEqual([
    ['any', 2],
    ['text', 2],
  ]);
  // A case no category offers is left out (its check says so); ties go to the earlier category.
  expect(coverCases(['cars', 'any'], [a, b], applies)).toEqual([{ rule: 'any', category: a }]);
});
