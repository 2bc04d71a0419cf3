/**
 * GET /items and GET /items/inactive as a property: for any number of items
 * the run creates (some beyond the quota, some hidden by hand), walking the
 * pages through meta.pagination.next ends and yields every item exactly once;
 * `inactive` is {flag: true} on hidden items and absent on active ones; the
 * inactive list holds hidden items only. Works for any page size and wrapper.
 */
import fc from 'fast-check';
import { test } from '../../fixtures/index.js';
import { freshPayload, leased, readOnly } from './support/bind.js';
import { assertProperty } from './support/fc-options.js';
import { sampleDraft } from './support/generators.js';
import type { ItemsApi } from './support/items-api.js';
import { hasNoInactiveField, isHidden, repeatedIds } from './support/paging.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

/** At most this many items per run: with a small quota, several are born hidden. */
const MAX_N = 7;

interface Shape {
  n: number;
  /** Which of the run's items to inactivate by hand, when active (Pro). */
  hide: boolean[];
}

const shapes: fc.Arbitrary<Shape> = fc
  .integer({ min: 1, max: MAX_N })
  .chain((n) => fc.record({ n: fc.constant(n), hide: fc.array(fc.boolean(), { minLength: n, maxLength: n }) }));

async function checkLists(items: ItemsApi, ours: readonly string[], hiddenByHand: ReadonlySet<string>): Promise<void> {
  const { judge } = items;
  const allWalk = await items.walkPaged('/items', ['ITEM-PAGE-1', 'ITEM-PAGE-2']);
  const hiddenWalk = await items.walkPaged('/items/inactive', ['ITEM-HIDDEN-2']);
  const [all, hidden] = [allWalk.entries, hiddenWalk.entries];
  const twice = repeatedIds(all);
  const missing = ours.filter((id) => !all.some((e) => e.id === id));
  // An item lost or repeated across several pages is the paging's fault; on a single page, the list's.
  const whole = twice.size === 0 && missing.length === 0;
  await judge.verify(whole, {
    title: `GET /items, walked page by page (${allWalk.pages} page${allWalk.pages === 1 ? '' : 's'}), yields every item of the account exactly once`,
    requirements: whole ? ['ITEM-LIST-1', 'ITEM-PAGE-2'] : [allWalk.pages > 1 ? 'ITEM-PAGE-2' : 'ITEM-LIST-1'],
    expected: `the run's ${ours.length} item(s) among ${all.length} entries, no id twice`,
    actual: `missing: ${missing.join(', ') || 'none'}; repeated: ${[...twice.keys()].join(', ') || 'none'}`,
  });
  const hiddenIds = new Set(hidden.map((e) => e.id));
  const hiddenTwice = repeatedIds(hidden);
  const notThere = [...hiddenByHand].filter((id) => !hiddenIds.has(id));
  const wholeHidden = hiddenTwice.size === 0 && notThere.length === 0;
  await judge.verify(wholeHidden, {
    title: `GET /items/inactive, walked page by page (${hiddenWalk.pages} page${hiddenWalk.pages === 1 ? '' : 's'}), yields every hidden item exactly once`,
    requirements: wholeHidden ? ['ITEM-HIDDEN-1', 'ITEM-HIDDEN-2'] : [hiddenWalk.pages > 1 ? 'ITEM-HIDDEN-2' : 'ITEM-HIDDEN-1'],
    expected: `the items hidden by hand (${[...hiddenByHand].join(', ') || 'none'}) each once`,
    actual: `missing: ${notThere.join(', ') || 'none'}; repeated: ${[...hiddenTwice.keys()].join(', ') || 'none'}`,
  });
  const unflagged = hidden.filter((e) => !isHidden(e)).map((e) => `${e.id} (inactive: ${JSON.stringify(e.inactive)})`);
  await judge.verify(unflagged.length === 0, {
    title: 'every item of GET /items/inactive is hidden: inactive {flag: true}',
    requirements: ['ITEM-HIDDEN-1', 'ITEM-HIDDEN-3'],
    expected: 'inactive: {flag: true} on every entry',
    actual: unflagged.join('; '),
  });
  for (const e of all) {
    const isHiddenItem = hiddenIds.has(e.id);
    await judge.verify(isHiddenItem ? isHidden(e) : hasNoInactiveField(e), {
      title: `GET /items shows ${isHiddenItem ? 'hidden' : 'active'} item ${e.id} as such`,
      requirements: [isHiddenItem ? 'ITEM-LIST-2' : 'ITEM-LIST-4'],
      expected: isHiddenItem ? 'inactive: {flag: true} (it is in GET /items/inactive)' : 'no inactive field at all (not null, not {flag: false})',
      actual: `inactive: ${JSON.stringify(e.inactive)}`,
    });
  }
}

test.describe('lists and paging', { tag: '@items' }, () => {
  test('[ITEM-LIST-1][ITEM-LIST-2][ITEM-LIST-3][ITEM-LIST-4][ITEM-PAGE-1][ITEM-PAGE-2][ITEM-HIDDEN-1][ITEM-HIDDEN-2][ITEM-HIDDEN-3] walking GET /items and GET /items/inactive yields each item exactly once, flagged as the spec says, for any number of items', async ({ api, sessions, track, imageHost, settings }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const { items } = await leased({ api, sessions, track }, 'pro', testInfo);
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const maxN = Math.min(MAX_N, settings.maxItems);
    await assertProperty(
      fc.asyncProperty(shapes, async ({ n, hide }) => {
        const ours: string[] = [];
        const hiddenByHand = new Set<string>();
        try {
          for (let i = 0; i < Math.min(n, maxN); i++) ours.push(await items.createOk(freshPayload(draft, imageHost), ['ITEM-LIST-1']));
          for (const [i, id] of ours.entries()) {
            if (!hide[i]) continue;
            // Items born hidden (beyond the quota) cannot be inactivated: a refusal is fine here, the model checks it.
            const res = await items.operate(id, 'inactivate');
            if (res.status >= 200 && res.status <= 299) hiddenByHand.add(id);
          }
          await checkLists(items, ours, hiddenByHand);
        } finally {
          for (const id of ours) await items.remove(id);
        }
      }),
      { numRuns: 4, timeLimitMs: 20_000, grep: '[ITEM-LIST-1]', examples: [[{ n: maxN, hide: Array.from({ length: maxN }, (_, i) => i === 0) } satisfies Shape]] },
    );
  });
});
