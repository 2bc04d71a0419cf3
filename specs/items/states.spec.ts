/**
 * The item's states (spec "States and transitions"): sold and delete from
 * every state they apply to, reserve and unreserve, and what a sold or deleted
 * item leaves behind. Success statuses are not shown: any 2xx, body or not.
 * The account may hold items of its own and any limit: each check first makes
 * sure it has the free slots its items need (specs/shared/items/room.ts).
 *
 * Every create is an item on the account (docs/FIXTURES.md, "Footprint"): the
 * states are walked on four items, the fewest that end in every state sold and
 * delete apply to; the inferred SHOULD rules about the same items (a read's
 * inactive flag, a sold item leaving the lists and refusing activate and sold,
 * a reservation keeping its slot) are judged softly on them, each charged to
 * its own rule.
 */
import { expectRefusedSoft, expectStatus, partKey, soft, test, verify } from '../fixtures.js';
import { standingOf } from '../shared/items/account-state.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi, StateOperation } from '../shared/items/items-api.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

test.describe('item states', { tag: '@items' }, () => {
  let items: ItemsApi;
  /** Makes sure the account has `n` free slots (the items the test creates are active), else skips as not exercised. */
  let room: (n: number) => Promise<void>;
  let create: () => Promise<string>;

  test.beforeEach(async ({ track, imageHost, settings, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const lease = await leaseItems('pro');
    items = lease.items;
    room = async (n) => void (await needRoom({ settings, track }, items, lease.session, leaf!.id, { min: n, why: `${n} active item(s) of the run` }));
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    create = () => items.createOk(freshPayload(draft, imageHost), ['ITEM-CREATE-1']);
  });

  const operate = async (id: string, operation: StateOperation, requirements: string[], what: string) => {
    const res = await items.operate(id, operation);
    await expectStatus(res, '2xx', requirements, `PUT /items/${id}/${operation} of ${what} answers a 2xx`);
  };

  /** ITEM-READ-2 (a SHOULD, judged softly): GET /items/{id} flags a hidden item inactive {flag: true}, an active one not at all. */
  const readShows = async (id: string, isHidden: boolean) => {
    const res = await items.readOk(id);
    const body = (res.json ?? {}) as Record<string, unknown>;
    const ok = isHidden ? JSON.stringify(body.inactive) === JSON.stringify({ flag: true }) : !Object.hasOwn(body, 'inactive');
    await soft.verify(ok, {
      title: `GET /items/${id} shows the ${isHidden ? 'hidden' : 'active'} item as such`,
      requirements: ['ITEM-READ-2'],
      expected: isHidden ? 'inactive: {flag: true}' : 'no inactive field',
      actual: `inactive: ${JSON.stringify(body.inactive)}`,
      exchange: res,
    });
  };

  test('[ITEM-STATE-1][ITEM-STATE-2][ITEM-STATE-3][ITEM-DELETE-1][ITEM-DELETE-2][ITEM-DELETE-3][ITEM-READ-2][ITEM-LIST-5][ITEM-STATE-6][ITEM-QUOTA-9] sold answers a 2xx on an active and an inactive item, which then leave both lists and refuse activate and sold; reserve and unreserve of an active item answer a 2xx and leave used as it was; delete answers a 2xx on an active, an inactive and a sold item, which are then gone; a read flags a hidden item only', async () => {
    await room(4);
    const [active, hidden, toDelete, hiddenToDelete] = [await create(), await create(), await create(), await create()];
    await readShows(active, false);
    await operate(hidden, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    await operate(hiddenToDelete, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    await readShows(hidden, true);
    // The control of the activate refused on a sold item below: activate of an inactive item with a free slot
    // answers a 2xx (the slots freed above; a sold item frees one more, so a slot kept by sold cannot hide it).
    await operate(hiddenToDelete, 'activate', ['ITEM-PRO-2'], 'an inactive item with a free slot');
    await operate(hiddenToDelete, 'inactivate', ['ITEM-PRO-1'], 'an active item');
    // The sold of an active item is also the control of the sold refused on a sold item.
    await operate(active, 'sold', ['ITEM-STATE-1'], 'an active item');
    await operate(hidden, 'sold', ['ITEM-STATE-2'], 'an inactive item');
    for (const id of [active, hidden]) {
      const standing = await standingOf(items, id);
      await soft.verify(standing === 'unlisted', {
        title: `the sold item ${id} is gone from both lists`,
        requirements: ['ITEM-LIST-5'],
        expected: 'in neither list',
        actual: `listed as ${standing}`,
      });
    }
    // ITEM-STATE-6 is a SHOULD: judged softly, so a finding never hides the rules below; nor does an answer that
    // cannot be judged (a 429 after the retries, a 401 to a dead token): not exercised for ITEM-STATE-6 only.
    for (const operation of ['activate', 'sold'] as const) {
      await expectRefusedSoft(() => items.operate(active, operation), ['ITEM-STATE-6'], `PUT /items/${active}/${operation} of a sold item is refused`);
    }
    // Reserve and unreserve of the item about to be deleted while active: it is active again after them.
    const used = async () => (await items.limitEntries()).entries.reduce((sum, e) => sum + e.used, 0);
    const usedBefore = await used();
    for (const operation of ['reserve', 'unreserve'] as const) {
      await operate(toDelete, operation, [partKey('ITEM-STATE-3', operation)], operation === 'reserve' ? 'an active item' : 'a reserved item');
      const now = await used();
      // ITEM-QUOTA-9 is a SHOULD: judged softly.
      await soft.verify(now === usedBefore, {
        title: `after ${operation}, used is unchanged`,
        requirements: ['ITEM-QUOTA-9'],
        expected: `used ${usedBefore} in total`,
        actual: `used ${now}`,
      });
    }
    for (const [id, state] of [[toDelete, 'active'], [hiddenToDelete, 'inactive'], [active, 'sold']] as const) {
      const res = await items.remove(id);
      await expectStatus(res, '2xx', ['ITEM-DELETE-1', partKey('ITEM-DELETE-3', state)], `DELETE /items/${id} of a ${state} item answers a 2xx`);
      const read = await items.read(id);
      await expectStatus(read, '4xx', ['ITEM-DELETE-2'], `GET /items/${id} after its DELETE is refused`);
      const standing = await standingOf(items, id);
      await verify(standing === 'unlisted', {
        title: `the deleted ${state} item ${id} is in neither GET /items nor GET /items/inactive`,
        requirements: ['ITEM-DELETE-2'],
        expected: 'in neither list',
        actual: `listed as ${standing}`,
      });
    }
  });
});
