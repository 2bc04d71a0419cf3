/**
 * The reference's variants for real accounts and the real service's documented
 * shapes (reference/variants.ts): accounts holding items of their own, large
 * limits, `meta.pagination: null` on the last page, categories without
 * `subcategories` on leaves and without `parent_id` on roots.
 */
import { expect, test } from '@playwright/test';
import { SEEDED_ACTIVE, SEEDED_HIDDEN } from '../reference/items/seed.js';
import { validate } from '../schemas/index.js';
import { ItemsHarness } from './reference-items-harness.js';

type Json = Record<string, unknown>;

test('seeded-accounts: every account holds active and hidden items of its own, leaving two slots free at limit 5', async () => {
  const h = new ItemsHarness({ variants: ['seeded-accounts'], itemLimit: 5 });
  for (const username of ['pro-1', 'basic-1']) {
    const limits = (await h.call(username, 'GET', '/items/limits')).body.limits[0];
    expect(limits).toMatchObject({ total: 5, used: SEEDED_ACTIVE, available: 5 - SEEDED_ACTIVE });
    const hidden = [];
    let since = '';
    for (let page = 0; page < 10; page++) {
      const answer = await h.call(username, 'GET', `/items/inactive${since ? `?since=${since}` : ''}`);
      hidden.push(...answer.body.items);
      if (!answer.body.meta.pagination.next) break;
      since = answer.body.meta.pagination.next;
    }
    expect(hidden).toHaveLength(SEEDED_HIDDEN);
  }
  // A small limit keeps one item active and at most limit − 2 of them.
  const small = new ItemsHarness({ variants: ['seeded-accounts'], itemLimit: 2 });
  expect((await small.call('pro-1', 'GET', '/items/limits')).body.limits[0]).toMatchObject({ total: 2, used: 1 });
});

test('large-limits: every account may hold 1000 active items', async () => {
  const h = new ItemsHarness({ variants: ['large-limits'] });
  expect((await h.call('basic-2', 'GET', '/items/limits')).body.limits[0]).toMatchObject({ total: 1000, used: 1, available: 999 });
});

test('pagination-null: the last page carries meta.pagination null, which the list schema accepts; earlier pages keep next', async () => {
  const h = new ItemsHarness({ variants: ['pagination-null', 'page-size-1', 'seeded-accounts'] });
  const first = await h.call('pro-1', 'GET', '/items');
  expect(first.body.meta.pagination.next).toEqual(expect.any(String));
  let last = first;
  for (let page = 0; page < 10 && last.body.meta.pagination !== null; page++) {
    last = await h.call('pro-1', 'GET', `/items?since=${last.body.meta.pagination.next}`);
  }
  expect(last.body.meta).toEqual({ pagination: null });
  expect(validate('item-list-page', last.body).errors).toEqual([]);
});

test('category-shape: leaves omit subcategories, roots omit parent_id, nested categories keep parent_id; the schema accepts it', async () => {
  const h = new ItemsHarness({ variants: ['category-shape'] });
  const answer = await h.call('pro-1', 'GET', '/items/categories');
  const roots = answer.body.categories as Json[];
  for (const root of roots) expect(root).not.toHaveProperty('parent_id');
  const visit = (nodes: Json[], parent: Json | undefined) => {
    for (const node of nodes) {
      if (parent) expect(node.parent_id).toBe(parent.id);
      if (node.assignable_to_item) expect(node).not.toHaveProperty('subcategories');
      else visit(node.subcategories as Json[], node);
    }
  };
  visit(roots, undefined);
  expect(validate('categories-response', answer.body).errors).toEqual([]);
});
