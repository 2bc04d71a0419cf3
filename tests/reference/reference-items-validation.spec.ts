/**
 * The reference's payload rules for POST /items and PUT /items/{id}: each
 * refused case answers 4xx {code, message} with the code we chose, creates
 * nothing and fetches no image; each accepted edge case answers 201.
 */
import { expect, test } from './reference-fixture.js';
import fc from 'fast-check';
import { createPayload, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
test.beforeAll(({ imageHost }) => {
  host = imageHost;
});

type Body = Record<string, unknown>;
const ok = () => host.url('/ok.jpg');
const withItem = (item: Body, extra: Body = {}) => createPayload(ok(), item, extra);
const x = (n: number) => 'x'.repeat(n);

// [name, account, body, status, code]
const REFUSED: [string, string, () => unknown, number, string][] = [
  ['no body', 'pro-1', () => undefined, 400, 'INVALID_BODY_REQUEST'],
  ['an array body', 'pro-1', () => [withItem({})], 400, 'INVALID_BODY_REQUEST'],
  ['a string body', 'pro-1', () => 'item', 400, 'INVALID_BODY_REQUEST'],
  ['main_image a string', 'pro-1', () => ({ ...withItem({}), main_image: ok() }), 400, 'MISSING_MAIN_IMAGE'],
  ['no main_image', 'pro-1', () => ({ item: withItem({}).item }), 400, 'MISSING_MAIN_IMAGE'],
  ['main_image without url', 'pro-1', () => ({ ...withItem({}), main_image: {} }), 400, 'MISSING_MAIN_IMAGE'],
  ['main_image.url empty', 'pro-1', () => ({ ...withItem({}), main_image: { url: '' } }), 400, 'MISSING_MAIN_IMAGE'],
  ['no item', 'pro-1', () => ({ main_image: { url: ok() } }), 400, 'INVALID_BODY_REQUEST'],
  ['no title', 'pro-1', () => withItem({ title: undefined }), 400, 'INVALID_BODY_REQUEST'],
  ['title a number', 'pro-1', () => withItem({ title: 5 }), 400, 'INVALID_BODY_REQUEST'],
  ['no description', 'pro-1', () => withItem({ description: undefined }), 400, 'INVALID_BODY_REQUEST'],
  ['no price', 'pro-1', () => withItem({ price: undefined }), 400, 'INVALID_BODY_REQUEST'],
  ['price without currency', 'pro-1', () => withItem({ price: { cash_amount: 1 } }), 400, 'INVALID_BODY_REQUEST'],
  ['cash_amount a string', 'pro-1', () => withItem({ price: { cash_amount: '1', currency: 'EUR' } }), 400, 'INVALID_BODY_REQUEST'],
  ['negative cash_amount', 'pro-1', () => withItem({ price: { cash_amount: -1, currency: 'EUR' } }), 400, 'INVALID_BODY_REQUEST'],
  ['currency USD', 'pro-1', () => withItem({ price: { cash_amount: 1, currency: 'USD' } }), 400, 'INVALID_BODY_REQUEST'],
  ['max_weight_kg 3', 'pro-1', () => withItem({ delivery: { allowed_by_user: true, max_weight_kg: 3 } }), 400, 'INVALID_BODY_REQUEST'],
  ['max_weight_kg 2.5', 'pro-1', () => withItem({ delivery: { allowed_by_user: true, max_weight_kg: 2.5 } }), 400, 'INVALID_BODY_REQUEST'],
  ['delivery without allowed_by_user', 'pro-1', () => withItem({ delivery: { max_weight_kg: 5 } }), 400, 'INVALID_BODY_REQUEST'],
  ['category_leaf_id an integer', 'pro-1', () => withItem({ category_leaf_id: 400 }), 400, 'INVALID_BODY_REQUEST'],
  ['unknown category', 'pro-1', () => withItem({ category_leaf_id: '999' }), 400, 'INVALID_CATEGORY_LEAF'],
  ['grouping category', 'pro-1', () => withItem({ category_leaf_id: '100' }), 400, 'INVALID_CATEGORY_LEAF'],
  ['attributes an array', 'pro-1', () => withItem({ attributes: [] }), 400, 'INVALID_BODY_REQUEST'],
  ['unknown attribute', 'pro-1', () => withItem({ attributes: { colour_of_cover: 'red' } }), 400, 'INVALID_ATTRIBUTE'],
  ['external_id of 76', 'pro-1', () => withItem({ attributes: { external_id: x(76) } }), 400, 'INVALID_ATTRIBUTE'],
  ['external_id a number', 'pro-1', () => withItem({ attributes: { external_id: 7 } }), 400, 'INVALID_ATTRIBUTE'],
  ['license_plate outside Cars', 'pro-1', () => withItem({ attributes: { license_plate: 'AB12' } }), 400, 'INVALID_ATTRIBUTE'],
  ['license_plate of 11', 'pro-1', () => withItem({ category_leaf_id: '101', attributes: { brand: 'B', model: 'M', license_plate: x(11) } }), 400, 'INVALID_ATTRIBUTE'],
  ['mandatory brand missing (Cars)', 'pro-1', () => withItem({ category_leaf_id: '101', attributes: { model: 'M' } }), 400, 'INVALID_ATTRIBUTE'],
  ['mandatory condition missing (phones)', 'pro-1', () => withItem({ category_leaf_id: '201' }), 400, 'INVALID_ATTRIBUTE'],
  ['brand of 76', 'pro-1', () => withItem({ category_leaf_id: '102', attributes: { brand: x(76) } }), 400, 'INVALID_ATTRIBUTE'],
  ['brand with a link', 'pro-1', () => withItem({ category_leaf_id: '102', attributes: { brand: 'see http://x' } }), 400, 'INVALID_ATTRIBUTE'],
  ['model blank', 'pro-1', () => withItem({ category_leaf_id: '102', attributes: { model: '   ' } }), 400, 'INVALID_ATTRIBUTE'],
  ['height_cm 0', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { height_cm: 0 } }), 400, 'INVALID_ATTRIBUTE'],
  ['height_cm 301', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { height_cm: 301 } }), 400, 'INVALID_ATTRIBUTE'],
  ['height_cm 1.5', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { height_cm: 1.5 } }), 400, 'INVALID_ATTRIBUTE'],
  ['height_cm a string', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { height_cm: '10' } }), 400, 'INVALID_ATTRIBUTE'],
  ['condition unknown id', 'pro-1', () => withItem({ attributes: { condition: 'mint' } }), 400, 'INVALID_ATTRIBUTE'],
  ['condition two ids', 'pro-1', () => withItem({ attributes: { condition: ['new', 'good'] } }), 400, 'INVALID_ATTRIBUTE'],
  ['colour three ids', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { colour: ['black', 'white', 'wood'] } }), 400, 'INVALID_ATTRIBUTE'],
  ['colour empty', 'pro-1', () => withItem({ category_leaf_id: '301', attributes: { colour: [] } }), 400, 'INVALID_ATTRIBUTE'],
  ['stock without units', 'pro-1', () => withItem({}, { stock: {} }), 400, 'INVALID_BODY_REQUEST'],
  ['stock units 1.5', 'pro-1', () => withItem({}, { stock: { units: 1.5 } }), 400, 'INVALID_BODY_REQUEST'],
  ['stock on basic', 'basic-1', () => withItem({}, { stock: { units: 2 } }), 403, 'USER_UNAUTHORIZED'],
  ['free shipping on basic', 'basic-1', () => withItem({ delivery: { allowed_by_user: true, free_shipping: true } }), 403, 'USER_UNAUTHORIZED'],
  ['hashtags not strings', 'pro-1', () => withItem({ hashtags: [1] }), 400, 'INVALID_BODY_REQUEST'],
];

for (const [name, who, body, status, code] of REFUSED) {
  test(`refused: ${name} → ${status} ${code}, nothing created, nothing fetched`, async () => {
    const h = new ItemsHarness();
    const before = (await h.walk(who)).ids.length;
    const hits = host.hits.get('/ok.jpg') ?? 0;
    const answer = await h.call(who, 'POST', '/items', { body: body() });
    expect(answer).toEqual({ status, body: { code, message: expect.any(String) } });
    expect((await h.walk(who)).ids.length).toBe(before);
    expect(host.hits.get('/ok.jpg') ?? 0).toBe(hits);
  });

  test(`refused with error-code-generic: ${name} → 400 INVALID_BODY_REQUEST`, async () => {
    const h = new ItemsHarness({ variants: ['error-code-generic'] });
    const answer = await h.call(who, 'POST', '/items', { body: body() });
    expect(answer).toEqual({ status: 400, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } });
  });
}

const ACCEPTED: [string, string, () => unknown][] = [
  ['only the required fields', 'basic-1', () => withItem({})],
  ['hashtags (deprecated)', 'basic-1', () => withItem({ hashtags: ['a', 'b'] })],
  ['every allowed weight', 'basic-1', () => withItem({ delivery: { allowed_by_user: false, max_weight_kg: 30, free_shipping: false } })],
  ['stock and free shipping on Pro', 'pro-1', () => withItem({ delivery: { allowed_by_user: true, free_shipping: true } }, { stock: { units: 0 } })],
  ['external_id of 75 (emoji count as one)', 'basic-1', () => withItem({ attributes: { external_id: `${x(74)}😀` } })],
  ['license_plate of 10 in Cars', 'basic-1', () => withItem({ category_leaf_id: '101', attributes: { brand: 'B', model: 'M', license_plate: x(10) } })],
  ['range bounds', 'basic-1', () => withItem({ category_leaf_id: '301', attributes: { height_cm: 300, colour: ['black', 'wood'] } })],
  ['a number attribute with decimals', 'basic-1', () => withItem({ category_leaf_id: '203', attributes: { condition: ['new'], screen_size_in: 13.3 } })],
  ['HTTP in capitals is not the http rule', 'basic-1', () => withItem({ category_leaf_id: '102', attributes: { brand: 'HTTP Motors' } })],
  ['unknown top-level and item fields are ignored', 'basic-1', () => ({ ...withItem({ colour: 'red' }), extra: 1 })],
];

for (const [name, who, body] of ACCEPTED) {
  test(`accepted: ${name} → 201`, async () => {
    const h = new ItemsHarness();
    const answer = await h.call(who, 'POST', '/items', { body: body() });
    expect(answer).toEqual({ status: 201, body: { id: expect.any(String) } });
  });
}

test('title-length-limited: a title above 40 code points or a description above 1000 is refused 400 INVALID_BODY_REQUEST, on create and update; the caps themselves pass', async () => {
  const h = new ItemsHarness({ variants: ['title-length-limited'] });
  const refused = { status: 400, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } };
  // Code points, not UTF-16 units: 39 letters and an emoji is 40.
  const id = (await h.call('pro-1', 'POST', '/items', { body: withItem({ title: `${x(39)}😀`, description: x(1000) }) })).body.id;
  expect(id).toEqual(expect.any(String));
  const before = (await h.walk('pro-1')).ids.length;
  expect(await h.call('pro-1', 'POST', '/items', { body: withItem({ title: x(41) }) })).toEqual(refused);
  expect(await h.call('pro-1', 'POST', '/items', { body: withItem({ description: x(1001) }) })).toEqual(refused);
  expect((await h.walk('pro-1')).ids.length).toBe(before);
  expect(await h.call('pro-1', 'PUT', `/items/${id}`, { body: { item: { title: x(41) } } })).toEqual(refused);
  expect((await h.call('pro-1', 'GET', `/items/${id}`)).body.title).toBe(`${x(39)}😀`);
  // Only the texts sent are measured: an update without title or description is not refused for them.
  expect((await h.call('pro-1', 'PUT', `/items/${id}`, { body: { item: { price: { cash_amount: 2, currency: 'EUR' } } } })).status).toBe(200);
  // The clean reference holds no limit.
  const clean = new ItemsHarness();
  expect((await clean.call('pro-1', 'POST', '/items', { body: withItem({ title: x(300), description: x(5000) }) })).status).toBe(201);
});

test.describe('PUT /items/{id}', () => {
  test('fields sent replace the stored ones; the answer is the updated item', async () => {
    const h = new ItemsHarness();
    const id = (await h.call('pro-1', 'POST', '/items', { body: withItem({ category_leaf_id: '101', attributes: { brand: 'B', model: 'M' } }) })).body.id;
    const update = { item: { title: 'New title', price: { cash_amount: 99, currency: 'EUR' }, attributes: { brand: 'B', model: 'M', external_id: 'ref-2', license_plate: 'XY99' } } };
    const answer = await h.call('pro-1', 'PUT', `/items/${id}`, { body: update });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, description: 'Read once', ...update.item });
    expect((await h.call('pro-1', 'GET', `/items/${id}`)).body).toEqual(answer.body);
  });

  const BAD: [string, unknown, string][] = [
    ['an empty body', {}, 'INVALID_BODY_REQUEST'],
    ['bare fields without item', { title: 'x' }, 'INVALID_BODY_REQUEST'],
    ['an empty item', { item: {} }, 'INVALID_BODY_REQUEST'],
    ['currency USD', { item: { price: { cash_amount: 1, currency: 'USD' } } }, 'INVALID_BODY_REQUEST'],
    ['max_weight_kg 50', { item: { delivery: { allowed_by_user: true, max_weight_kg: 50 } } }, 'INVALID_BODY_REQUEST'],
    ['a move out of Cars that keeps license_plate', { item: { category_leaf_id: '102' } }, 'INVALID_ATTRIBUTE'],
    ['attributes without the mandatory brand', { item: { attributes: { model: 'M' } } }, 'INVALID_ATTRIBUTE'],
  ];
  for (const [name, body, code] of BAD) {
    test(`refused: ${name} → 400 ${code}, item unchanged`, async () => {
      const h = new ItemsHarness();
      const payload = withItem({ category_leaf_id: '101', attributes: { brand: 'B', model: 'M', license_plate: 'P1' } });
      const id = (await h.call('pro-1', 'POST', '/items', { body: payload })).body.id;
      const before = (await h.call('pro-1', 'GET', `/items/${id}`)).body;
      expect(await h.call('pro-1', 'PUT', `/items/${id}`, { body })).toEqual({ status: 400, body: { code, message: expect.any(String) } });
      expect((await h.call('pro-1', 'GET', `/items/${id}`)).body).toEqual(before);
    });
  }

  test('stock on a basic account is refused on update too', async () => {
    const h = new ItemsHarness();
    const id = (await h.call('basic-1', 'GET', '/items')).body.items[0].id;
    expect((await h.call('basic-1', 'PUT', `/items/${id}`, { body: { stock: { units: 1 } } })).status).toBe(403);
  });
});

test.describe('robustness', () => {
  // Replaces the value at one path of a valid payload by arbitrary JSON: every answer is a 201/200 or a 4xx {code, message}.
  const PATHS = [
    [],
    ['item'],
    ['item', 'title'],
    ['item', 'price'],
    ['item', 'price', 'currency'],
    ['item', 'category_leaf_id'],
    ['item', 'attributes'],
    ['item', 'attributes', 'condition'],
    ['item', 'attributes', 'external_id'],
    ['item', 'delivery'],
    ['item', 'hashtags'],
    ['main_image'],
    ['stock'],
  ];
  const mutate = (payload: Body, path: string[], value: unknown): unknown => {
    if (path.length === 0) return value;
    const copy: Body = structuredClone(payload);
    let node = copy;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Body;
    }
    node[path[path.length - 1]] = value;
    return copy;
  };

  test('arbitrary values anywhere in a create, an update or an image add never crash the items part', async () => {
    const h = new ItemsHarness({ imageTimeoutMs: 300 });
    const seed = (await h.call('pro-1', 'GET', '/items')).body.items[0].id;
    const acceptable = (a: { status: number; body: { code?: unknown; message?: unknown } | undefined }) =>
      [200, 201].includes(a.status) || (a.status >= 400 && a.status < 500 && typeof a.body?.code === 'string' && typeof a.body?.message === 'string');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.jsonValue(), fc.constantFrom('pro-1', 'basic-1'), async (path, value, who) => {
        const body = mutate(withItem({ category_leaf_id: '400' }), path, value);
        expect(acceptable(await h.call(who, 'POST', '/items', { body }))).toBe(true);
        const update = mutate({ item: { title: 't' } }, path, value);
        expect(acceptable(await h.call('pro-1', 'PUT', `/items/${seed}`, { body: update }))).toBe(true);
        const image = mutate({ url: 'x', order: 0 }, path.slice(-1), value);
        expect(acceptable(await h.call('pro-1', 'POST', `/items/${seed}/images`, { body: image }))).toBe(true);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 30_000 },
    );
  });
});
