/**
 * A declared page size (SC_PAGE_SIZE, issue 32 item 3): the embedded run declares the reference's own; the list
 * check crosses a page boundary in both lists whatever the page size, within SC_MAX_ITEMS (specs/shared/items/page-crossing.ts); a first
 * page other than the declared size is a finding, and the defect page-8-drops-boundary-item hides from a list
 * that never passes 10 entries: only the declaration makes the check see it.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_PAGE_SIZE, pageSizeOf } from '../../reference/config.js';
import type { ItemRecord } from '../../reference/items/model.js';
import { pageOf } from '../../reference/items/paging.js';
import { Seam } from '../../reference/seam.js';
import { loadSettings } from '../../settings/settings.js';
import { fillToCross, pageSizeMismatch } from '../../specs/shared/items/page-crossing.js';

test('the embedded run declares the page size the reference serves: its option, its variants and its defect', () => {
  const declared = (env: Record<string, string>) => loadSettings(env).declared.pageSize;
  expect(declared({})).toBe(3);
  expect(declared({ REFERENCE_PAGE_SIZE: '5' })).toBe(5);
  expect(declared({ REFERENCE_VARIANTS: 'page-size-1' })).toBe(1);
  expect(declared({ REFERENCE_VARIANTS: 'page-size-10' })).toBe(10);
  expect(declared({ REFERENCE_DEFECT: 'page-8-drops-boundary-item' })).toBe(8);
  // Every variant at once: page-size-1 wins, as the reference's own reading does.
  expect(declared({ REFERENCE_VARIANTS: 'page-size-10,page-size-1' })).toBe(1);
});

/** A target's two lists for the crossing: pages of `pageSize`, `own` entries of the account's (`ownHidden` of them hidden), a Pro quota of `quota` active items (items past it are born hidden). */
function fakeLists(pageSize: number, own: number, ownHidden: number, quota: number) {
  const items = new Map<string, boolean>();
  let next = 0;
  const active = () => own - ownHidden + [...items.values()].filter((h) => !h).length;
  const lists = {
    reads: 0,
    spansPages: async (path: '/items' | '/items/inactive') => {
      lists.reads++;
      const hidden = ownHidden + [...items.values()].filter((h) => h).length;
      return (path === '/items' ? own + items.size : hidden) > pageSize;
    },
    add: async () => {
      const id = `i${next++}`;
      items.set(id, active() >= quota);
      return id;
    },
    hide: async (id: string) => {
      if (items.get(id) !== false) return false;
      items.set(id, true);
      return true;
    },
  };
  return { lists, items };
}

test('the crossing hides the run\'s items, then adds hidden ones, until both lists span pages: pages of 40 on an empty account', async () => {
  const { lists, items } = fakeLists(40, 0, 0, 100);
  const ours: string[] = [];
  const hidden = new Set<string>();
  expect(await fillToCross(lists, ours, hidden, 50)).toEqual({ changed: true });
  expect(items.size).toBe(41);
  expect(hidden.size).toBe(41);
});

test('the crossing costs nothing on an account that spans pages already, and hides before it adds', async () => {
  const spanning = fakeLists(10, 30, 15, 100);
  expect(await fillToCross(spanning.lists, [], new Set(), 50)).toEqual({ changed: false });
  expect(spanning.items.size).toBe(0);
  // The reference's pages of 3: the check's 4 items, one hidden by hand; hiding the other 3 crosses both lists.
  const ref = fakeLists(3, 0, 0, 100);
  const ours = [await ref.lists.add(), await ref.lists.add(), await ref.lists.add(), await ref.lists.add()];
  await ref.lists.hide(ours[0]);
  const hidden = new Set([ours[0]]);
  expect(await fillToCross(ref.lists, ours, hidden, 50)).toEqual({ changed: true });
  expect(ref.items.size).toBe(4);
  expect(hidden.size).toBe(4);
  // Items born hidden past the quota count as they are: a refused inactivation is no failure of the crossing.
  const full = fakeLists(5, 0, 0, 2);
  expect(await fillToCross(full.lists, [], new Set(), 50)).toEqual({ changed: true });
  expect(full.items.size).toBe(6);
});

test('a page too large for SC_MAX_ITEMS stops the crossing, bounded, naming the setting', async () => {
  const { lists, items } = fakeLists(40, 0, 0, 100);
  const crossing = await fillToCross(lists, [], new Set(), 20);
  expect(crossing.unreached).toMatch(/20 item\(s\) of the run's, 20 hidden by hand: crossing their page needs more than SC_MAX_ITEMS=20/);
  expect(items.size).toBe(20);
  expect(lists.reads).toBeLessThan(100);
});

test('a first page other than the declared size, while more entries follow, is told; a list that fits one page is not', () => {
  const walk = (entries: number, firstPage: number, pages: number) => ({ entries: Array.from({ length: entries }), firstPage, pages });
  expect(pageSizeMismatch('/items', walk(11, 10, 2), 10)).toBeUndefined();
  expect(pageSizeMismatch('/items', walk(10, 10, 1), 10)).toBeUndefined();
  expect(pageSizeMismatch('/items', walk(11, 3, 4), 10)).toMatch(/declares pages of 10 .* page 1 of GET \/items held 3 of its 11 entries \(4 pages\)/);
  expect(pageSizeMismatch('/items/inactive', walk(11, 11, 1), 10)).toMatch(/held 11 of its 11 entries \(1 page\)/);
});

test('page-8-drops-boundary-item: a list of today\'s size walks whole on its one page; one of page size + 1 loses its ninth entry', () => {
  const seam = new Seam('page-8-drops-boundary-item', []);
  const size = pageSizeOf(DEFAULT_PAGE_SIZE, [], 'page-8-drops-boundary-item');
  const walk = (n: number) => {
    const items = Array.from({ length: n }, (_, i) => ({ seq: i + 1 }) as ItemRecord);
    const seen: number[] = [];
    let since: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = pageOf(seam, items, 'all', since, size);
      seen.push(...page.items.map((item) => item.seq));
      if (page.next === null) break;
      since = page.next;
    }
    return seen.length;
  };
  // The undeclared check's Pro account: 2 entries of its own and 4 of the run's.
  expect(walk(6)).toBe(6);
  // Declared 8: 9 entries, the ninth lost at the boundary.
  expect(walk(9)).toBe(8);
});
