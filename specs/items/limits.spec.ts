/**
 * GET /items/limits (spec "Listing limit entry"): the entries' shape whatever
 * the wrapper, available = total − used, and `used` following the account's
 * active items, counting the ones it held before the run.
 */
import { expectSchema, expectStatus, partKey, test, verify } from '../fixtures.js';
import { activeCount } from '../shared/items/account-state.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { sampleDraft } from '../shared/items/generators.js';
import { entryFor, type ItemsApi } from '../shared/items/items-api.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

/**
 * The `used` of the entry counting the category, checked against the active items GET /items lists, a walk that must
 * list `known`, the items of the check still there (an item the list lost is its failure, not ITEM-LIMITS-3's).
 */
async function usedMatches(items: ItemsApi, categoryId: number, after: string, known: string[] = []): Promise<{ used: number; total: number }> {
  const active = await activeCount(items, known);
  const { res, entries } = await items.limitEntries();
  const entry = entryFor(entries, categoryId);
  await verify(entry?.used === active, {
    title: `${after}, used counts the account's active items`,
    requirements: ['ITEM-LIMITS-3'],
    expected: `used ${active} (active items in GET /items, including the account's own)`,
    actual: entry ? `used ${entry.used}` : `no entry for category ${categoryId}`,
    exchange: res,
  });
  return { used: entry?.used ?? 0, total: entry?.total ?? 0 };
}

test.describe('limits', { tag: '@items' }, () => {
  // The other part of GEN-VER-3, the direct-integrator session, is judged in specs/auth/direct-reuse.spec.ts.
  test('[GEN-VER-3] the list additions of version 0.0.1 answer 200: GET /items/limits and GET /items/inactive', async ({ api, sessions }) => {
    const session = await sessions.shared(sessions.anyAccount('pro').plan);
    for (const [path, part] of [['/items/limits', 'limits'], ['/items/inactive', 'inactive']] as const) {
      await expectStatus(await api.get(session, path), 200, [partKey('GEN-VER-3', part)], `GET ${path} answers 200`);
    }
  });

  test('[ITEM-LIMITS-1][ITEM-LIMITS-2] GET /items/limits answers entries with total, used, available and category_ids, available being total minus used', async ({ readItems }) => {
    const items = readItems;
    const { res, entries } = await items.limitEntries();
    for (const [i, entry] of entries.entries()) {
      await expectSchema(entry, 'limit-entry', ['ITEM-LIMITS-1'], `limit entry ${i} has numeric total, used, available and an array category_ids`);
      await verify(entry.available === entry.total - entry.used && entry.used >= 0 && entry.available >= 0, {
        title: `limit entry ${i}: available is total minus used, none negative`,
        requirements: ['ITEM-LIMITS-2'],
        expected: `available ${entry.total - entry.used}`,
        actual: `total ${entry.total}, used ${entry.used}, available ${entry.available}`,
        exchange: res,
      });
    }
  });

  test('[ITEM-LIMITS-3] used follows the account’s active items: the ones it held, +1 on an active create, −1 on sold and on delete', async ({ track, imageHost, settings, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items, session } = await leaseItems('basic');
    await needRoom({ settings, track }, items, session, leaf!.id, { min: 1, why: 'an active create' });
    const start = await usedMatches(items, leaf!.id, 'at the start');
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    for (const end of ['sold', 'delete'] as const) {
      const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-LIMITS-3']);
      const created = await usedMatches(items, leaf!.id, 'after an active create', [id]);
      await verify(created.used === start.used + 1, {
        title: 'an active create adds one to used',
        requirements: [partKey('ITEM-LIMITS-3', 'create')],
        expected: `used ${start.used + 1}`,
        actual: `used ${created.used}`,
      });
      const res = end === 'sold' ? await items.operate(id, 'sold') : await items.remove(id);
      await expectStatus(res, '2xx', [end === 'sold' ? 'ITEM-STATE-1' : 'ITEM-DELETE-1']);
      const after = await usedMatches(items, leaf!.id, `after ${end}`);
      await verify(after.used === start.used, {
        title: `${end} of an active item takes one from used`,
        requirements: [partKey('ITEM-LIMITS-3', end)],
        expected: `used ${start.used}`,
        actual: `used ${after.used}`,
      });
    }
  });
});
