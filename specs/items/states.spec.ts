/**
 * The item's states (spec "States and transitions"): sold and delete from
 * every state they apply to, reserve and unreserve, and what a sold or deleted
 * item leaves behind. Success statuses are not shown: any 2xx, body or not.
 * The account may hold items of its own and any limit: each check first makes
 * sure it has the free slots its items need (support/room.ts).
 */
import { test } from '../../fixtures/index.js';
import { standingOf } from './support/account-state.js';
import { expectRefused, freshPayload, leased, readOnly } from './support/bind.js';
import { needRoom } from './support/bind-room.js';
import { sampleDraft } from './support/generators.js';
import type { ItemsApi, StateOperation } from './support/items-api.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

test.describe('item states', { tag: '@items' }, () => {
  let items: ItemsApi;
  /** Makes sure the account has `n` free slots (the items the test creates are active), else skips as not exercised. */
  let room: (n: number) => Promise<void>;
  let create: () => Promise<string>;

  test.beforeEach(async ({ api, sessions, track, imageHost, settings }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const lease = await leased({ api, sessions, track }, 'pro', testInfo);
    items = lease.items;
    room = async (n) => void (await needRoom({ settings, track }, items, lease.session, leaf!.id, { min: n, why: `${n} active item(s) of the run` }));
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    create = () => items.createOk(freshPayload(draft, imageHost), ['ITEM-CREATE-1']);
  });

  const operate = async (id: string, operation: StateOperation, requirements: string[], what: string) => {
    const res = await items.operate(id, operation);
    await items.judge.status(res, '2xx', requirements, `PUT /items/${id}/${operation} of ${what} answers a 2xx`);
  };

  test('[ITEM-STATE-1][ITEM-STATE-2][ITEM-DELETE-1][ITEM-DELETE-2][ITEM-DELETE-3] sold answers a 2xx on an active and an inactive item; delete answers a 2xx on an active, an inactive and a sold item, which are then gone', async () => {
    await room(4);
    const [active, hidden, toDelete, hiddenToDelete] = [await create(), await create(), await create(), await create()];
    await operate(hidden, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    await operate(hiddenToDelete, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    await operate(active, 'sold', ['ITEM-STATE-1'], 'an active item');
    await operate(hidden, 'sold', ['ITEM-STATE-2'], 'an inactive item');
    for (const [id, state] of [[toDelete, 'active'], [hiddenToDelete, 'inactive'], [active, 'sold']]) {
      const res = await items.remove(id);
      await items.judge.status(res, '2xx', ['ITEM-DELETE-1', 'ITEM-DELETE-3'], `DELETE /items/${id} of a ${state} item answers a 2xx`);
      const read = await items.read(id);
      await items.judge.status(read, '4xx', ['ITEM-DELETE-2'], `GET /items/${id} after its DELETE is refused`);
      const standing = await standingOf(items, id);
      await items.judge.verify(standing === 'unlisted', {
        title: `the deleted ${state} item ${id} is in neither GET /items nor GET /items/inactive`,
        requirements: ['ITEM-DELETE-2'],
        expected: 'in neither list',
        actual: `listed as ${standing}`,
      });
    }
  });

  test('[ITEM-STATE-3] reserve on an active item answers a 2xx, then unreserve answers a 2xx', async () => {
    await room(1);
    const id = await create();
    await operate(id, 'reserve', ['ITEM-STATE-3'], 'an active item');
    await operate(id, 'unreserve', ['ITEM-STATE-3'], 'a reserved item');
  });

  test('[ITEM-QUOTA-9] a reserved item keeps counting toward the quota: reserve and unreserve leave used unchanged', { tag: '@should' }, async () => {
    await room(1);
    const id = await create();
    const used = async () => (await items.limitEntries()).entries.reduce((sum, e) => sum + e.used, 0);
    const before = await used();
    for (const operation of ['reserve', 'unreserve'] as const) {
      await operate(id, operation, ['ITEM-STATE-3'], operation === 'reserve' ? 'an active item' : 'a reserved item');
      const now = await used();
      await items.judge.verify(now === before, {
        title: `after ${operation}, used is unchanged`,
        requirements: ['ITEM-QUOTA-9'],
        expected: `used ${before} in total`,
        actual: `used ${now}`,
      });
    }
  });

  test('[ITEM-LIST-5] a sold item is no longer in GET /items or GET /items/inactive', { tag: '@should' }, async () => {
    await room(2);
    const [active, hidden] = [await create(), await create()];
    await operate(hidden, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    for (const id of [active, hidden]) {
      await operate(id, 'sold', ['ITEM-STATE-1', 'ITEM-STATE-2'], 'an item');
      const standing = await standingOf(items, id);
      await items.judge.verify(standing === 'unlisted', {
        title: `the sold item ${id} is gone from both lists`,
        requirements: ['ITEM-LIST-5'],
        expected: 'in neither list',
        actual: `listed as ${standing}`,
      });
    }
  });

  test('[ITEM-STATE-6] activate and sold of a sold item are refused with a 4xx', { tag: '@should' }, async () => {
    await room(2);
    const id = await create();
    // The controls: sold of an active item and, the sold one's slot being free again, activate of an inactive
    // item by this Pro account answer a 2xx; only the sold state is left to refuse them.
    await operate(id, 'sold', ['ITEM-STATE-1'], 'an active item');
    const twin = await create();
    await operate(twin, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    await operate(twin, 'activate', ['ITEM-PRO-2'], 'an inactive item with a free slot');
    for (const operation of ['activate', 'sold'] as const) {
      const res = await items.operate(id, operation);
      await expectRefused(items, res, ['ITEM-STATE-6'], `PUT /items/${id}/${operation} of a sold item is refused`);
    }
  });

  test('[ITEM-READ-2] GET /items/{itemId} carries inactive {flag: true} on a hidden item and no inactive field on an active one', { tag: '@should' }, async () => {
    await room(2);
    const [active, hidden] = [await create(), await create()];
    await operate(hidden, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    for (const [id, isHidden] of [[active, false], [hidden, true]] as const) {
      const res = await items.read(id);
      await items.judge.status(res, 200, ['ITEM-READ-1']);
      const body = (res.json ?? {}) as Record<string, unknown>;
      const ok = isHidden ? JSON.stringify(body.inactive) === JSON.stringify({ flag: true }) : !Object.hasOwn(body, 'inactive');
      await items.judge.verify(ok, {
        title: `GET /items/${id} shows the ${isHidden ? 'hidden' : 'active'} item as such`,
        requirements: ['ITEM-READ-2'],
        expected: isHidden ? 'inactive: {flag: true}' : 'no inactive field',
        actual: `inactive: ${JSON.stringify(body.inactive)}`,
        exchange: res,
      });
    }
  });
});
