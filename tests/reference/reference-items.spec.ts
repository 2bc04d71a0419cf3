/**
 * The reference's items part, in process: categories and languages, attributes,
 * reads, lists and paging, limits and seeds. Quota and state operations are in
 * reference-items-quota.spec.ts, payload rules in reference-items-validation.spec.ts,
 * image rules in reference-items-images.spec.ts.
 */
import { expect, test } from './reference-fixture.js';
import { createPayload, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
test.beforeAll(({ imageHost }) => {
  host = imageHost;
});

interface Category {
  id: number;
  parent_id: number | null;
  name: string;
  assignable_to_item: boolean;
  subcategories: Category[];
}

const flatten = (nodes: Category[]): Category[] => nodes.flatMap((n) => [n, ...flatten(n.subcategories)]);

test.describe('categories', () => {
  test('the tree has roots, grouping parents and leaves, with a Cars leaf under Motor', async () => {
    const h = new ItemsHarness();
    const answer = await h.call('pro-1', 'GET', '/items/categories');
    expect(answer.status).toBe(200);
    const roots: Category[] = answer.body.categories;
    for (const root of roots) expect(root.parent_id).toBeNull();
    for (const node of flatten(roots)) {
      expect(node.assignable_to_item).toBe(node.subcategories.length === 0);
      for (const child of node.subcategories) expect(child.parent_id).toBe(node.id);
    }
    const motor = roots.find((r) => r.name === 'Motor');
    expect(motor?.assignable_to_item).toBe(false);
    expect(motor?.subcategories.find((c) => c.name === 'Cars')).toMatchObject({ id: 101, assignable_to_item: true, subcategories: [] });
  });

  const cases: [string | undefined, string][] = [
    [undefined, 'Cars'],
    ['en', 'Cars'],
    ['es', 'Coches'],
    ['es-ES,es;q=0.9,en;q=0.8', 'Coches'],
    ['it-IT', 'Auto'],
    ['fr', 'Cars'],
    ['x-unsupported', 'Cars'],
    ['fr, it;q=0.5', 'Auto'],
    ['it;q=0, es;q=0.2', 'Coches'],
    ['en;q=0.1, es;q=0.9', 'Coches'],
    ['*', 'Cars'],
    [';;;,=q', 'Cars'],
  ];
  for (const [header, expected] of cases) {
    test(`Accept-Language ${JSON.stringify(header)} names Cars '${expected}'`, async () => {
      const h = new ItemsHarness();
      const headers: Record<string, string> = header === undefined ? {} : { 'accept-language': header };
      const answer = await h.call('basic-1', 'GET', '/items/categories', { headers });
      const cars = flatten(answer.body.categories).find((c) => c.id === 101);
      expect(cars?.name).toBe(expected);
    });
  }
});

test.describe('attributes', () => {
  test('every leaf offers external_id; only Cars offers license_plate', async () => {
    const h = new ItemsHarness();
    const tree = await h.call('pro-1', 'GET', '/items/categories');
    for (const leaf of flatten(tree.body.categories).filter((c) => c.assignable_to_item)) {
      const answer = await h.call('pro-1', 'GET', `/items/categories/${leaf.id}/attributes`);
      expect(answer.status).toBe(200);
      const ids = answer.body.attributes.map((a: { id: string }) => a.id);
      expect(answer.body.attributes.find((a: { id: string }) => a.id === 'external_id')).toEqual({
        id: 'external_id',
        type: 'text',
        is_mandatory: false,
        max_length: 75,
      });
      expect(ids.includes('license_plate')).toBe(leaf.name === 'Cars');
    }
  });

  test('condition is discrete with values inside options, titles in the asked language', async () => {
    const h = new ItemsHarness();
    const answer = await h.call('pro-1', 'GET', '/items/categories/201/attributes', { headers: { 'accept-language': 'it' } });
    const condition = answer.body.attributes.find((a: { id: string }) => a.id === 'condition');
    expect(condition).toMatchObject({ type: 'discrete_values', is_mandatory: true, options: { max_choices: 1 } });
    expect(condition.options.values.map((v: { id: string }) => v.id)).toEqual(['new', 'as_good_as_new', 'good', 'fair', 'has_given_it_all']);
    expect(condition.options.values[0].title).toBe('Nuovo');
    expect(condition.values).toBeUndefined();
  });

  test('the variant values-beside-options moves values out of options', async () => {
    const h = new ItemsHarness({ variants: ['values-beside-options'] });
    const answer = await h.call('pro-1', 'GET', '/items/categories/201/attributes');
    const condition = answer.body.attributes.find((a: { id: string }) => a.id === 'condition');
    expect(condition.options).toEqual({ max_choices: 1 });
    expect(condition.values).toHaveLength(5);
  });

  test('brand has a regex, height_cm an integer range, one attribute a mandatory_by_date', async () => {
    const h = new ItemsHarness();
    const furniture = (await h.call('pro-1', 'GET', '/items/categories/301/attributes')).body.attributes;
    expect(furniture.find((a: { id: string }) => a.id === 'height_cm')).toMatchObject({
      type: 'numeric',
      data_type: { type: 'integer' },
      range: { greater_than_or_equal: 1, less_than_or_equal: 300 },
      mandatory_by_date: '2031-01-01',
    });
    const cars = (await h.call('pro-1', 'GET', '/items/categories/101/attributes')).body.attributes;
    expect(cars.find((a: { id: string }) => a.id === 'brand')).toMatchObject({ max_length: 75, regex: [{ type: 'not_contain', value: 'http' }] });
    expect(cars.find((a: { id: string }) => a.id === 'license_plate')).toMatchObject({ max_length: 10, is_mandatory: false });
  });

  for (const id of ['999', '100', 'abc', '0101', '-1']) {
    test(`category '${id}' (unknown or grouping) answers 404 INVALID_CATEGORY_LEAF`, async () => {
      const h = new ItemsHarness();
      const answer = await h.call('pro-1', 'GET', `/items/categories/${id}/attributes`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'INVALID_CATEGORY_LEAF', message: expect.any(String) });
    });
  }
});

test.describe('reads and seeds', () => {
  test('each account starts with its seeded items: one active, and one inactive on Pro', async () => {
    const h = new ItemsHarness();
    const pro = (await h.call('pro-2', 'GET', '/items')).body.items;
    expect(pro).toHaveLength(2);
    expect(pro[0].inactive).toBeUndefined();
    expect(pro[1].inactive).toEqual({ flag: true });
    const basic = (await h.call('basic-2', 'GET', '/items')).body.items;
    expect(basic).toHaveLength(1);
    const detail = await h.call('basic-2', 'GET', `/items/${basic[0].id}`);
    expect(detail.body.attributes.external_id).toBe('seed-basic-2-active');
    expect(h.service.ownerOf(basic[0].id)).toBe('basic-2');
  });

  test('a created item reads back whole; another account gets 404', async () => {
    const h = new ItemsHarness();
    const attributes = { license_plate: '1234ABC', external_id: 'my-ref-1', brand: 'Seat', model: 'Ibiza' };
    const created = await h.call('pro-1', 'POST', '/items', {
      body: createPayload(host.url('/ok.jpg'), { category_leaf_id: '101', attributes, hashtags: ['car'] }),
    });
    expect(created.status).toBe(201);
    const read = await h.call('pro-1', 'GET', `/items/${created.body.id}`);
    expect(read.body).toMatchObject({ id: created.body.id, title: 'A book', price: { cash_amount: 10, currency: 'EUR' }, attributes });
    expect('inactive' in read.body).toBe(false);
    expect(read.body.main_image.url).toBe(host.url('/ok.jpg'));
    for (const who of ['pro-2', 'basic-1']) {
      expect(await h.call(who, 'GET', `/items/${created.body.id}`)).toEqual({ status: 404, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } });
    }
    expect((await h.call('pro-1', 'GET', '/items/itm_nope')).status).toBe(404);
  });
});

test.describe('lists and paging', () => {
  test('GET /items walks every active and inactive item once; sold and deleted ones leave it', async () => {
    const h = new ItemsHarness({ itemLimit: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await h.call('pro-3', 'POST', '/items', { body: createPayload(host.url('/ok.jpg')) })).body.id);
    const all = await h.walk('pro-3');
    expect(all.ids).toHaveLength(8);
    expect(new Set(all.ids).size).toBe(8);
    expect(all.pages).toBe(3);
    expect((await h.walk('pro-3', '/items/inactive')).ids).toHaveLength(4);
    await h.call('pro-3', 'PUT', `/items/${ids[0]}/sold`);
    await h.call('pro-3', 'DELETE', `/items/${ids[5]}`);
    const after = await h.walk('pro-3');
    expect(after.ids).toHaveLength(6);
    expect(after.ids).not.toContain(ids[0]);
    expect(after.ids).not.toContain(ids[5]);
  });

  test('a deletion between two pages moves no other item across the boundary', async () => {
    const h = new ItemsHarness({ itemLimit: 10 });
    for (let i = 0; i < 5; i++) await h.call('basic-3', 'POST', '/items', { body: createPayload(host.url('/ok.jpg')) });
    const first = await h.call('basic-3', 'GET', '/items');
    await h.call('basic-3', 'DELETE', `/items/${first.body.items[0].id}`);
    const second = await h.call('basic-3', 'GET', `/items?since=${first.body.meta.pagination.next}`);
    expect(second.body.items).toHaveLength(3);
    expect(second.body.meta.pagination.next).toBeNull();
  });

  test('a bad since answers 400 {code, message}; a token of the other list too', async () => {
    const h = new ItemsHarness({ variants: ['page-size-1'] });
    const token = (await h.call('pro-1', 'GET', '/items')).body.meta.pagination.next;
    expect(token).toEqual(expect.any(String));
    for (const since of ['garbage', 'eyJ9', '%00', Buffer.from('{"list":"all","after":-1}').toString('base64url')]) {
      const answer = await h.call('pro-1', 'GET', `/items?since=${since}`);
      expect(answer).toEqual({ status: 400, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } });
    }
    expect((await h.call('pro-1', 'GET', `/items/inactive?since=${token}`)).status).toBe(400);
  });

  test('the variant page-next-absent omits next on the last page', async () => {
    const h = new ItemsHarness({ variants: ['page-next-absent'] });
    expect((await h.call('pro-1', 'GET', '/items')).body.meta).toEqual({ pagination: {} });
  });
});

test.describe('limits', () => {
  test('one limit shared by every leaf, {limits: [...]}, or a bare array with the variant', async () => {
    const h = new ItemsHarness();
    const answer = await h.call('pro-1', 'GET', '/items/limits');
    expect(answer.body.limits).toEqual([{ total: 5, used: 1, available: 4, category_ids: expect.arrayContaining([101, 400, 301]) }]);
    expect(answer.body.limits[0].category_ids).not.toContain(100);
    const bare = await new ItemsHarness({ variants: ['limits-bare-array'] }).call('pro-1', 'GET', '/items/limits');
    expect(bare.body).toEqual([expect.objectContaining({ total: 5, used: 1, available: 4 })]);
  });
});
