/**
 * What the reference's items part answers matches the project's own schemas
 * (schemas/*.schema.json), under every items variant: the suite validates a
 * target's answers with the same files, so the reference must pass them first.
 */
import { expect, test } from './reference-fixture.js';
import { type SchemaName, validate } from '../../schemas/index.js';
import { createPayload, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
test.beforeAll(({ imageHost }) => {
  host = imageHost;
});

const expectValid = (schema: SchemaName, data: unknown) => {
  const result = validate(schema, data);
  expect(result.errors, `${schema}: ${JSON.stringify(data).slice(0, 300)}`).toEqual([]);
};

const VARIANT_SETS: string[][] = [
  [],
  ['values-beside-options', 'page-size-1', 'page-next-absent', 'limits-bare-array', 'item-ops-204'],
  ['seeded-accounts', 'large-limits', 'pagination-null', 'category-shape', 'page-size-1'],
];

for (const variants of VARIANT_SETS) {
  test(`answers match the schemas (variants: ${variants.join(', ') || 'none'})`, async () => {
    const h = new ItemsHarness({ variants, itemLimit: 2 });
    for (const language of ['en', 'es', 'it', 'fr']) {
      const tree = await h.call('pro-1', 'GET', '/items/categories', { headers: { 'accept-language': language } });
      expectValid('categories-response', tree.body);
    }
    for (const leaf of [101, 102, 111, 201, 203, 204, 301, 302, 400]) {
      expectValid('attributes-response', (await h.call('pro-1', 'GET', `/items/categories/${leaf}/attributes`)).body);
    }
    const payload = createPayload(host.url('/ok.jpg'), { attributes: { external_id: 'e-1' }, delivery: { allowed_by_user: true, max_weight_kg: 2 } });
    expectValid('item-create', payload);
    const created = await h.call('pro-1', 'POST', '/items', { body: payload });
    expectValid('item-create-response', created.body);
    const image = { url: host.url('/ok.jpg'), order: 0 };
    expectValid('image-add', image);
    expectValid('image-add-response', (await h.call('pro-1', 'POST', `/items/${created.body.id}/images`, { body: image })).body);
    const update = { item: { title: 'Renamed' } };
    expectValid('item-update', update);
    expectValid('item-detail', (await h.call('pro-1', 'PUT', `/items/${created.body.id}`, { body: update })).body);
    for (const path of ['/items', '/items/inactive']) {
      let since: string | undefined;
      do {
        const page = await h.call('pro-1', 'GET', since ? `${path}?since=${since}` : path);
        expectValid('item-list-page', page.body);
        for (const item of page.body.items) {
          expectValid('item-listed', item);
          expectValid('item-detail', (await h.call('pro-1', 'GET', `/items/${item.id}`)).body);
        }
        since = page.body.meta?.pagination?.next ?? undefined;
      } while (since);
    }
    const limits = (await h.call('pro-1', 'GET', '/items/limits')).body;
    for (const entry of Array.isArray(limits) ? limits : limits.limits) expectValid('limit-entry', entry);
    const sold = await h.call('pro-1', 'PUT', `/items/${created.body.id}/sold`);
    if (sold.status === 200) expectValid('item-detail', sold.body);
    for (const refused of [
      await h.call('pro-1', 'GET', '/items/categories/1/attributes'),
      await h.call('pro-1', 'GET', '/items/nope'),
      await h.call('pro-1', 'POST', '/items', { body: {} }),
      await h.call('pro-1', 'PUT', `/items/${created.body.id}/sold`),
    ]) {
      expectValid('error', refused.body);
      // GEN-ERR-2: every code is one of the spec's twelve.
      expectValid('error-code', refused.body.code);
    }
  });
}
