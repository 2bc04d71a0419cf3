/**
 * The reference's quota rule and state operations, in process (ItemsService on
 * its own Router): creates past the limit, slots freed and taken, Pro-only
 * operations, reservations, events, setLimit, racing creates, and a
 * fast-check model of the whole rule.
 */
import { expect, test } from './reference-fixture.js';
import fc from 'fast-check';
import { LIMIT_ENFORCED_AFTER_MS } from '../../reference/items/store.js';
import { createPayload, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
test.beforeAll(({ imageHost }) => {
  host = imageHost;
});

const create = async (h: ItemsHarness, who: string): Promise<string> => {
  const answer = await h.call(who, 'POST', '/items', { body: createPayload(host.url('/ok.jpg')) });
  expect(answer.status).toBe(201);
  return answer.body.id;
};
const isInactive = async (h: ItemsHarness, who: string, id: string) => (await h.call(who, 'GET', `/items/${id}`)).body.inactive?.flag === true;
const put = (h: ItemsHarness, who: string, id: string, op: string) => h.call(who, 'PUT', `/items/${id}/${op}`);

test('a create beyond the quota answers 201 and the item is inactive; only active creates emit ITEM_LISTED', async () => {
  const h = new ItemsHarness({ itemLimit: 3 });
  const ids = [await create(h, 'basic-1'), await create(h, 'basic-1'), await create(h, 'basic-1')];
  expect(await isInactive(h, 'basic-1', ids[1])).toBe(false);
  expect(await isInactive(h, 'basic-1', ids[2])).toBe(true);
  expect(await h.limits('basic-1')).toMatchObject({ total: 3, used: 3, available: 0 });
  expect(h.events.map((e) => e.type)).toEqual(['ITEM_LISTED', 'ITEM_LISTED']);
  expect((await h.walk('basic-1', '/items/inactive')).ids).toEqual([ids[2]]);
});

test('the variant create-inactive-emits-event also emits ITEM_INACTIVATED for an item born inactive', async () => {
  const h = new ItemsHarness({ itemLimit: 1, variants: ['create-inactive-emits-event'] });
  const id = await create(h, 'basic-1');
  expect(h.events).toEqual([{ username: 'basic-1', type: 'ITEM_INACTIVATED', data: { item_id: id } }]);
});

test('the variant full-accounts: every account starts at its limit (20 at most), with hidden items; its first create is born inactive and emits ITEM_INACTIVATED', async () => {
  const h = new ItemsHarness({ itemLimit: 5, variants: ['full-accounts'] });
  expect(await h.limits('pro-1')).toMatchObject({ total: 5, used: 5, available: 0 });
  expect((await h.walk('pro-1', '/items/inactive')).ids).toHaveLength(2);
  const id = await create(h, 'pro-1');
  expect(await isInactive(h, 'pro-1', id)).toBe(true);
  expect(h.events).toEqual([{ username: 'pro-1', type: 'ITEM_INACTIVATED', data: { item_id: id } }]);
  // A limit above 20 (large-limits: 1000) gets seeded-accounts' amounts, so a run with every variant on stays short.
  const large = new ItemsHarness({ variants: ['full-accounts', 'large-limits'] });
  expect(await large.limits('basic-1')).toMatchObject({ total: 1000, used: 3 });
});

test('sold, delete and inactivate each free a slot; activate takes one and is refused without one', async () => {
  const h = new ItemsHarness({ itemLimit: 2 });
  const a = await create(h, 'pro-1');
  const b = await create(h, 'pro-1'); // beyond: inactive
  expect(await isInactive(h, 'pro-1', b)).toBe(true);
  expect(await put(h, 'pro-1', b, 'activate')).toEqual({ status: 409, body: { code: 'INVALID_STATUS', message: expect.any(String) } });
  expect((await put(h, 'pro-1', a, 'sold')).status).toBe(200);
  expect((await h.limits('pro-1')).used).toBe(1);
  const activated = await put(h, 'pro-1', b, 'activate');
  expect(activated.status).toBe(200);
  expect(activated.body.inactive).toBeUndefined();
  expect((await h.limits('pro-1')).used).toBe(2);
  expect((await h.call('pro-1', 'DELETE', `/items/${b}`)).status).toBe(204);
  expect((await h.limits('pro-1')).used).toBe(1);
  const c = await create(h, 'pro-1');
  const inactivated = await put(h, 'pro-1', c, 'inactivate');
  expect(inactivated.body.inactive).toEqual({ flag: true });
  expect((await h.limits('pro-1')).used).toBe(1);
  expect(h.events.at(-1)).toEqual({ username: 'pro-1', type: 'ITEM_INACTIVATED', data: { item_id: c } });
  expect((await h.call('pro-1', 'GET', `/items/${a}`)).body).toMatchObject({ sold: true });
});

test('activate and inactivate need Pro: 403 USER_UNAUTHORIZED on a basic account', async () => {
  const h = new ItemsHarness({ itemLimit: 1 });
  const seed = (await h.call('basic-1', 'GET', '/items')).body.items[0].id;
  const hidden = await create(h, 'basic-1');
  for (const [id, op] of [
    [seed, 'inactivate'],
    [hidden, 'activate'],
  ]) {
    expect(await put(h, 'basic-1', id, op)).toEqual({ status: 403, body: { code: 'USER_UNAUTHORIZED', message: expect.any(String) } });
  }
  expect(await isInactive(h, 'basic-1', seed)).toBe(false);
});

test('invalid transitions answer 409 INVALID_STATUS', async () => {
  const h = new ItemsHarness();
  const id = await create(h, 'pro-2');
  const steps: [string, number][] = [
    ['activate', 409],
    ['unreserve', 409],
    ['reserve', 200],
    ['reserve', 409],
    ['unreserve', 200],
    ['inactivate', 200],
    ['inactivate', 409],
    ['reserve', 409],
    ['sold', 200],
    ['sold', 409],
    ['activate', 409],
  ];
  for (const [op, status] of steps) expect({ op, status: (await put(h, 'pro-2', id, op)).status }).toEqual({ op, status });
  expect((await h.call('pro-2', 'PUT', `/items/${id}`, { body: { item: { title: 'x' } } })).status).toBe(409);
  expect((await h.call('pro-2', 'DELETE', `/items/${id}`)).status).toBe(204);
  expect((await put(h, 'pro-2', id, 'sold')).status).toBe(404);
});

test('a reserved item stays active and counted', async () => {
  const h = new ItemsHarness();
  const id = await create(h, 'basic-2');
  const before = await h.limits('basic-2');
  const reserved = await put(h, 'basic-2', id, 'reserve');
  expect(reserved.body).toMatchObject({ reserved: true });
  expect(reserved.body.inactive).toBeUndefined();
  expect(await h.limits('basic-2')).toEqual(before);
  await put(h, 'basic-2', id, 'unreserve');
  expect(await h.limits('basic-2')).toEqual(before);
});

test('the variant item-ops-204 answers the state operations with 204 and no body', async () => {
  const h = new ItemsHarness({ variants: ['item-ops-204'] });
  const id = await create(h, 'pro-1');
  for (const op of ['reserve', 'unreserve', 'inactivate', 'activate', 'sold']) {
    expect(await put(h, 'pro-1', id, op)).toEqual({ status: 204, body: undefined });
  }
});

test('setLimit below the active count inactivates the newest active items, each with ITEM_INACTIVATED', async () => {
  const h = new ItemsHarness();
  const ids = [await create(h, 'pro-4'), await create(h, 'pro-4'), await create(h, 'pro-4')];
  h.events.length = 0;
  expect(h.service.setLimit('pro-4', 2)).toBe(2);
  expect(h.events.map((e) => e.data.item_id)).toEqual([ids[2], ids[1]]);
  expect(await h.limits('pro-4')).toMatchObject({ total: 2, used: 2, available: 0 });
  expect(h.service.setLimit('pro-4', 10)).toBe(10);
  expect(await isInactive(h, 'pro-4', ids[2])).toBe(true);
  expect(() => h.service.setLimit('nobody', 3)).toThrow(/no account/);
  expect(() => h.service.setLimit('pro-4', -1)).toThrow(/integer/);
});

test('limit-enforced-later (variant): a lowered limit is applied 400 ms after the call, with the limit then in force', async () => {
  const h = new ItemsHarness({ variants: ['limit-enforced-later'] });
  const ids = [await create(h, 'pro-4'), await create(h, 'pro-4'), await create(h, 'pro-4')];
  const { used } = await h.limits('pro-4');
  h.events.length = 0;
  expect(h.service.setLimit('pro-4', used - 1)).toBe(used - 1);
  expect(h.events).toHaveLength(0);
  expect((await h.limits('pro-4')).used).toBe(used);
  await new Promise((r) => setTimeout(r, LIMIT_ENFORCED_AFTER_MS + 200));
  expect(h.events.map((e) => e.data.item_id)).toEqual([ids[2]]);
  expect((await h.limits('pro-4')).used).toBe(used - 1);
  // Lowered, then raised before the moment comes: nothing is inactivated.
  h.service.setLimit('pro-4', used - 2);
  h.service.setLimit('pro-4', used);
  await new Promise((r) => setTimeout(r, LIMIT_ENFORCED_AFTER_MS + 200));
  expect(h.events).toHaveLength(1);
});

test('parallel creates at the last free slot: exactly one becomes active', async () => {
  const h = new ItemsHarness({ itemLimit: 2 });
  const ids = await Promise.all(Array.from({ length: 6 }, () => create(h, 'basic-4')));
  const states = await Promise.all(ids.map((id) => isInactive(h, 'basic-4', id)));
  expect(states.filter((inactive) => !inactive)).toHaveLength(1);
  expect(await h.limits('basic-4')).toMatchObject({ total: 2, used: 2, available: 0 });
});

test('model: whatever the sequence, used = active items ≤ limit and available = total − used', async () => {
  test.setTimeout(60_000);
  type Op = { kind: 'create' | 'sold' | 'delete' | 'inactivate' | 'activate' | 'reserve'; pick: number } | { kind: 'limit'; total: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constantFrom('create', 'sold', 'delete', 'inactivate', 'activate', 'reserve'), pick: fc.nat(20) }) as fc.Arbitrary<Op>,
    fc.record({ kind: fc.constant('limit' as const), total: fc.integer({ min: 0, max: 4 }) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
      const h = new ItemsHarness({ itemLimit: 3 });
      let limit = 3;
      for (const step of ops) {
        if (step.kind === 'limit') {
          limit = h.service.setLimit('pro-1', step.total);
        } else if (step.kind === 'create') {
          await create(h, 'pro-1');
        } else {
          const { ids } = await h.walk('pro-1');
          if (ids.length === 0) continue;
          const id = ids[step.pick % ids.length];
          const answer = step.kind === 'delete' ? await h.call('pro-1', 'DELETE', `/items/${id}`) : await put(h, 'pro-1', id, step.kind);
          expect([200, 204, 409]).toContain(answer.status);
        }
        const all = (await h.call('pro-1', 'GET', '/items?')).body;
        const { ids } = await h.walk('pro-1');
        const inactive = (await h.walk('pro-1', '/items/inactive')).ids;
        const limits = await h.limits('pro-1');
        expect(all.items.length).toBeLessThanOrEqual(3);
        expect(limits.used).toBe(ids.length - inactive.length);
        expect(limits.used).toBeLessThanOrEqual(limit);
        expect(limits.available).toBe(limits.total - limits.used);
      }
    }),
    { numRuns: 40, interruptAfterTimeLimit: 40_000 },
  );
});
