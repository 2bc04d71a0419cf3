/**
 * GET /items and GET /items/inactive as a property: as the run adds its items
 * one by one (some beyond the quota, some hidden by hand), walking the pages
 * through meta.pagination.next after each one ends and yields every item
 * exactly once; `inactive` is {flag: true} on hidden items and absent on
 * active ones; the inactive list holds hidden items only. Works for any page
 * size and wrapper.
 *
 * Every count from one item to MAX_N is walked in one run, so each count costs
 * one item, not a run of its own (docs/FIXTURES.md, "Footprint"); which items
 * are hidden by hand is drawn. With the control API the limit leaves
 * FREE_SLOTS free (restored after the test), so the last items are born hidden
 * unless earlier ones were hidden by hand.
 *
 * The spec shows no page size. When the target declares one (SC_PAGE_SIZE), the
 * check adds items until GET /items holds page size + 1 entries, hides its own
 * until GET /items/inactive does when they can (specs/shared/items/page-crossing.ts),
 * and walks both once more: the paging rules are then judged across a real boundary, and
 * a first page that does not hold the declared size is noted (a `declared`
 * annotation): it breaks the target's own setting, no sentence of the spec.
 * A walk of one page is said in its title and in a `single-page` annotation,
 * never failed.
 */
import fc from 'fast-check';
import { partKey, test, verify } from '../fixtures.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { assertProperty } from '../shared/property.js';
import { hidePatterns } from './support/hide-patterns.js';
import { sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { type CrossingPlan, crossingPlan, pageSizeMismatch } from '../shared/items/page-crossing.js';
import { hasNoInactiveField, isHidden, repeatedIds, type WalkResult } from '../shared/items/paging.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

/** The items a run adds when no page size is declared: more than the reference's page of 3, so the last walks cross a page boundary there. */
const MAX_N = 4;
/** Free slots the control API leaves: the items added after them are born hidden. */
const FREE_SLOTS = 2;

/** Which of the run's items to hide by hand: some, never all (support/hide-patterns.ts). */
const hides = hidePatterns(MAX_N);

/** How a walk's pages read in a title: a single page says that no boundary was crossed. */
const pagesOf = (walk: WalkResult) => (walk.pages === 1 ? '1 page: no page boundary crossed' : `${walk.pages} pages`);

/**
 * The paging rules a whole walk judges: their part `across-pages` (catalog `parts`) only when the walk crossed a
 * page boundary. A walk of one page holds nothing about a next page: it judges no part of them, and the rules stay
 * not exercised unless another walk crossed one (a PASS is proof).
 */
const acrossPages = (walk: WalkResult, ...rules: string[]): string[] => (walk.pages > 1 ? rules.map((rule) => partKey(rule, 'across-pages')) : []);

async function checkLists(items: ItemsApi, ours: readonly string[], hiddenByHand: ReadonlySet<string>): Promise<{ allWalk: WalkResult; hiddenWalk: WalkResult }> {
  const allWalk = await items.walkPaged('/items');
  const hiddenWalk = await items.walkPaged('/items/inactive');
  const [all, hidden] = [allWalk.entries, hiddenWalk.entries];
  const twice = repeatedIds(all);
  const missing = ours.filter((id) => !all.some((e) => e.id === id));
  // An item lost or repeated across several pages is the paging's fault; on a single page, the list's. Every item
  // once through the tokens also shows that each next led to the next page (ITEM-PAGE-1); the walks themselves
  // charge a list that never ends to its paging rule alone (items-api.ts LIST_RULES).
  const whole = twice.size === 0 && missing.length === 0;
  await verify(whole, {
    title: `GET /items, walked page by page (${pagesOf(allWalk)}), yields every item of the account exactly once`,
    requirements: whole ? ['ITEM-LIST-1', ...acrossPages(allWalk, 'ITEM-PAGE-1', 'ITEM-PAGE-2')] : [allWalk.pages > 1 ? 'ITEM-PAGE-2' : 'ITEM-LIST-1'],
    expected: `the run's ${ours.length} item(s) among ${all.length} entries, no id twice`,
    actual: `missing: ${missing.join(', ') || 'none'}; repeated: ${[...twice.keys()].join(', ') || 'none'}`,
  });
  const hiddenIds = new Set(hidden.map((e) => e.id));
  const hiddenTwice = repeatedIds(hidden);
  const notThere = [...hiddenByHand].filter((id) => !hiddenIds.has(id));
  const wholeHidden = hiddenTwice.size === 0 && notThere.length === 0;
  await verify(wholeHidden, {
    title: `GET /items/inactive, walked page by page (${pagesOf(hiddenWalk)}), yields every hidden item exactly once`,
    requirements: wholeHidden ? ['ITEM-HIDDEN-1', ...acrossPages(hiddenWalk, 'ITEM-HIDDEN-2')] : [hiddenWalk.pages > 1 ? 'ITEM-HIDDEN-2' : 'ITEM-HIDDEN-1'],
    expected: `the items hidden by hand (${[...hiddenByHand].join(', ') || 'none'}) each once`,
    actual: `missing: ${notThere.join(', ') || 'none'}; repeated: ${[...hiddenTwice.keys()].join(', ') || 'none'}`,
  });
  const unflagged = hidden.filter((e) => !isHidden(e)).map((e) => `${e.id} (inactive: ${JSON.stringify(e.inactive)})`);
  await verify(unflagged.length === 0, {
    title: 'every item of GET /items/inactive is hidden: inactive {flag: true}',
    requirements: ['ITEM-HIDDEN-1', 'ITEM-HIDDEN-3'],
    expected: 'inactive: {flag: true} on every entry',
    actual: unflagged.join('; '),
  });
  for (const e of all) {
    const isHiddenItem = hiddenIds.has(e.id);
    await verify(isHiddenItem ? isHidden(e) : hasNoInactiveField(e), {
      title: `GET /items shows ${isHiddenItem ? 'hidden' : 'active'} item ${e.id} as such`,
      requirements: [isHiddenItem ? 'ITEM-LIST-2' : 'ITEM-LIST-4'],
      expected: isHiddenItem ? 'inactive: {flag: true} (it is in GET /items/inactive)' : 'no inactive field at all (not null, not {flag: false})',
      actual: `inactive: ${JSON.stringify(e.inactive)}`,
    });
  }
  return { allWalk, hiddenWalk };
}

/**
 * Hides the run's items still active until GET /items/inactive holds `pageSize` + 1 entries (a refusal leaves the
 * list shorter: the last walk then says it stayed on one page). Returns the items it hid.
 */
async function hideToCross(items: ItemsApi, ours: readonly string[], pageSize: number): Promise<string[]> {
  const listed = new Set((await items.walk('/items/inactive')).map((e) => e.id));
  const hid: string[] = [];
  for (const id of ours) {
    if (listed.size + hid.length > pageSize) break;
    if (listed.has(id)) continue;
    const res = await items.operate(id, 'inactivate');
    if (res.status >= 200 && res.status <= 299) hid.push(id);
  }
  return hid;
}

/**
 * The last walks against the plan, noted on the check, never judged: a first page that does not hold the declared
 * size contradicts the target's own setting, no sentence of the spec (as a declared image maximum never reached,
 * specs/items/image-maximum.spec.ts); a walk of one page says the paging rules were judged on a single page.
 */
function noteWalks(plan: CrossingPlan, pageSize: number | undefined, walks: { allWalk: WalkResult; hiddenWalk: WalkResult }): void {
  const info = test.info();
  for (const [path, walk] of [['/items', walks.allWalk], ['/items/inactive', walks.hiddenWalk]] as const) {
    const mismatch = pageSize === undefined ? undefined : pageSizeMismatch(path, walk, pageSize);
    if (mismatch) info.annotations.push({ type: 'declared', description: mismatch });
    if (walk.pages > 1) continue;
    const hiddenShort = path === '/items/inactive' && plan.cross ? plan.hidden : undefined;
    const why = !plan.cross ? plan.why : (hiddenShort ?? `its ${walk.entries.length} entries fit on one page although the target declares pages of ${plan.pageSize}`);
    info.annotations.push({ type: 'single-page', description: `GET ${path}: the paging rules judged on a single page (${walk.entries.length} entries): ${why}` });
  }
}

test.describe('lists and paging', { tag: '@items' }, () => {
  test('[ITEM-LIST-1][ITEM-LIST-2][ITEM-LIST-3][ITEM-LIST-4][ITEM-PAGE-1][ITEM-PAGE-2][ITEM-HIDDEN-1][ITEM-HIDDEN-2][ITEM-HIDDEN-3] walking GET /items and GET /items/inactive yields each item exactly once, flagged as the spec says, for any number of items', async ({ track, imageHost, settings, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items, session } = await leaseItems('pro');
    // Only a saving and some items born hidden: without the control API the account's own room serves as it is.
    await needRoom({ settings, track }, items, session, leaf!.id, { min: 0, prefer: FREE_SLOTS, trim: true, why: 'some items born hidden beyond the quota' });
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    // With a declared page size, what the account already lists counts toward page size + 1 (a set-up read).
    const pageSize = settings.declared.pageSize;
    const before = pageSize === undefined ? undefined : { all: (await items.walk('/items')).length, hidden: (await items.walk('/items/inactive')).length };
    const plan = crossingPlan(pageSize, before, MAX_N, settings.maxItems);
    await assertProperty(
      fc.asyncProperty(hides, async (hide) => {
        const ours: string[] = [];
        const hiddenByHand = new Set<string>();
        try {
          let walks: Awaited<ReturnType<typeof checkLists>> | undefined;
          for (let i = 0; i < plan.items; i++) {
            const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-LIST-1']);
            ours.push(id);
            if (hide[i]) {
              // Items born hidden (beyond the quota) cannot be inactivated: a refusal is fine here, the model checks it.
              const res = await items.operate(id, 'inactivate');
              if (res.status >= 200 && res.status <= 299) hiddenByHand.add(id);
            }
            // Every count up to MAX_N is walked; the items beyond it only fill the lists up to the declared page size.
            if (i < MAX_N) walks = await checkLists(items, ours, hiddenByHand);
          }
          if (plan.cross) {
            if (plan.hidden === undefined) for (const id of await hideToCross(items, ours, plan.pageSize)) hiddenByHand.add(id);
            walks = await checkLists(items, ours, hiddenByHand);
          }
          if (walks) noteWalks(plan, pageSize, walks);
        } finally {
          for (const id of ours) await items.remove(id);
        }
      }),
      { settings, numRuns: 1, timeLimitMs: 20_000 },
    );
  });
});
