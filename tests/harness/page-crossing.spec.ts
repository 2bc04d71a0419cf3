/**
 * A declared page size (SC_PAGE_SIZE, issue 32 item 3): the embedded run declares the reference's own, the list
 * check's plan reaches page size + 1 in both lists at the least cost (specs/shared/items/page-crossing.ts), a first
 * page other than the declared size is a finding, and the defect page-8-drops-boundary-item hides from a list
 * that never passes 10 entries: only the declaration makes the check see it.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_PAGE_SIZE, pageSizeOf } from '../../reference/config.js';
import type { ItemRecord } from '../../reference/items/model.js';
import { pageOf } from '../../reference/items/paging.js';
import { Seam } from '../../reference/seam.js';
import { loadSettings } from '../../settings/settings.js';
import { CROSSING_EXTRA_ITEMS, crossingPlan, pageSizeMismatch } from '../../specs/shared/items/page-crossing.js';

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

test('the plan: undeclared, the few items of today; declared, page size + 1 in GET /items and, hidden, in GET /items/inactive when that costs nothing more', () => {
  expect(crossingPlan(undefined, undefined, 4, 50)).toMatchObject({ cross: false, items: 4 });
  // The reference's Pro account lists 2 of its own, 1 hidden: pages of 3 cost nothing more than today's 4 items.
  expect(crossingPlan(3, { all: 2, hidden: 1 }, 4, 50)).toEqual({ cross: true, items: 4, pageSize: 3 });
  // Pages of 8 (the defect's): GET /items needs 7 of the run's, the most it adds; the hidden list would need 8: not added.
  const eight = crossingPlan(8, { all: 2, hidden: 1 }, 4, 50);
  expect(eight).toMatchObject({ cross: true, items: 7, pageSize: 8 });
  expect('hidden' in eight && eight.hidden).toMatch(/needs 8 hidden items .* 1 more than GET \/items needs/);
  // Pages of 10 (the variant's): 9 needed, above the 4 + CROSSING_EXTRA_ITEMS: one page, the cause said.
  const ten = crossingPlan(10, { all: 2, hidden: 1 }, 4, 50);
  expect(ten).toMatchObject({ cross: false, items: 4 });
  expect('why' in ten && ten.why).toMatch(/needs 9 items .* above the 7 the check adds at most/);
  expect(CROSSING_EXTRA_ITEMS).toBe(3);
  // An account that already lists enough costs only the property's items.
  expect(crossingPlan(10, { all: 30, hidden: 15 }, 4, 50)).toEqual({ cross: true, items: 4, pageSize: 10 });
  // An account that lists 8 of its own, 7 hidden: both lists crossed with the 4 items.
  expect(crossingPlan(10, { all: 8, hidden: 7 }, 4, 50)).toEqual({ cross: true, items: 4, pageSize: 10 });
  // Beyond SC_MAX_ITEMS: the few items, and why no boundary is crossed.
  expect(crossingPlan(5, { all: 0, hidden: 0 }, 4, 5)).toMatchObject({ cross: false, items: 4, why: expect.stringMatching(/needs 6 items .* above SC_MAX_ITEMS=5/) });
  expect(crossingPlan(3, { all: 0, hidden: 0 }, 4, 2)).toMatchObject({ cross: false, items: 2 });
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
