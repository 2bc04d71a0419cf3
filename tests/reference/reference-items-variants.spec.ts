/**
 * The reference's variants for real accounts and the real service's documented
 * shapes (reference/variants.ts): accounts holding items of their own or none, large
 * limits, `meta.pagination: null` on the last page, categories without
 * `subcategories` on leaves and without `parent_id` on roots; catalogues the
 * spec leaves open: no mandatory attribute, value titles in fewer languages than
 * category names, titles that read the same in every language, a title that reads
 * as the English word in one language (a cognate).
 */
import { expect, test } from '@playwright/test';
import { SEEDED_ACTIVE, SEEDED_HIDDEN } from '../../reference/items/seed.js';
import { validate } from '../../schemas/index.js';
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

test('empty-accounts: no account holds an item of its own, unless seeded-accounts or full-accounts is on as well', async () => {
  const h = new ItemsHarness({ variants: ['empty-accounts'], itemLimit: 5 });
  for (const username of ['pro-1', 'basic-1']) {
    expect((await h.call(username, 'GET', '/items/limits')).body.limits[0]).toMatchObject({ total: 5, used: 0, available: 5 });
    expect((await h.call(username, 'GET', '/items')).body.items).toEqual([]);
    expect((await h.call(username, 'GET', '/items/inactive')).body.items).toEqual([]);
  }
  // Switched on with every other variant (npm test's kill matrix), the seeded ones win.
  const both = new ItemsHarness({ variants: ['empty-accounts', 'seeded-accounts'], itemLimit: 5 });
  expect((await both.call('pro-1', 'GET', '/items/limits')).body.limits[0]).toMatchObject({ used: SEEDED_ACTIVE });
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

/** The attributes of a category in a language, through a harness. */
const attributesIn = async (h: ItemsHarness, id: number, language: string) =>
  (await h.call('pro-1', 'GET', `/items/categories/${id}/attributes`, { headers: { 'accept-language': language } })).body.attributes as Json[];
const titlesOf = (attribute: Json | undefined) => (((attribute?.options as Json | undefined)?.values ?? []) as Json[]).map((v) => v.title);

test('no-mandatory-attributes: no category marks an attribute mandatory, while the clean reference marks some', async () => {
  const h = new ItemsHarness({ variants: ['no-mandatory-attributes'] });
  for (const id of [101, 102, 111, 201, 203, 204, 301, 302, 400]) {
    for (const attribute of await attributesIn(h, id, 'en')) expect(attribute.is_mandatory, `${id}/${attribute.id}`).toBe(false);
  }
  const clean = new ItemsHarness();
  expect((await attributesIn(clean, 201, 'en')).some((a) => a.is_mandatory === true)).toBe(true);
});

test('partial-translations: in Italian the colour titles stay English while the condition titles and category names are translated', async () => {
  const h = new ItemsHarness({ variants: ['partial-translations'] });
  const italian = await attributesIn(h, 301, 'it');
  expect(titlesOf(italian.find((a) => a.id === 'colour'))).toEqual(['Black', 'White', 'Wood', 'Grey']);
  expect(titlesOf(italian.find((a) => a.id === 'condition'))[0]).toBe('Nuovo');
  expect(titlesOf((await attributesIn(h, 301, 'es')).find((a) => a.id === 'colour'))[0]).toBe('Negro');
});

test('untranslatable-titles: every value title is the same number in every language', async () => {
  const h = new ItemsHarness({ variants: ['untranslatable-titles'] });
  const titles = async (language: string) => (await attributesIn(h, 301, language)).filter((a) => a.type === 'discrete_values').map(titlesOf);
  expect(await titles('en')).toEqual([
    ['1', '2', '3', '4', '5'],
    ['1', '2', '3', '4'],
  ]);
  expect(await titles('es')).toEqual(await titles('en'));
  expect(await titles('it')).toEqual(await titles('en'));
});

test('cognate-titles: the colour attribute gains a value titled Metal in English and Spanish, Metallo in Italian, beside colours translated in both', async () => {
  const h = new ItemsHarness({ variants: ['cognate-titles'] });
  const colour = async (language: string) => titlesOf((await attributesIn(h, 301, language)).find((a) => a.id === 'colour'));
  expect(await colour('en')).toEqual(['Black', 'White', 'Wood', 'Grey', 'Metal']);
  expect(await colour('es')).toEqual(['Negro', 'Blanco', 'Madera', 'Gris', 'Metal']);
  expect((await colour('it')).at(-1)).toBe('Metallo');
});
