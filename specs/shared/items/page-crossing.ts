/**
 * How many items the list check (specs/items/lists.spec.ts) adds so that its
 * lists cross a real page boundary on a target that declares its page size
 * (SC_PAGE_SIZE), and how a walk compares with that declaration. Pure.
 *
 * The spec shows no page size ("Page size of paged lists: not shown", ITEM-PAGE-3,
 * an open point): undeclared, the check adds its few items and judges the paging
 * on whatever pages they fill, saying so when that is one page. Declared, GET
 * /items must hold page size + 1 entries: the account's own entries count, so the
 * cost is page size + 1 − what the account already lists. The check adds at most
 * CROSSING_EXTRA_ITEMS beyond its own few (and never more than SC_MAX_ITEMS): a
 * larger page is crossed on an account that already lists enough, as real
 * accounts do, and otherwise judged on one page with the cause noted.
 * GET /items/inactive is crossed with the same items, hidden (a hidden item is
 * in both lists), when the account's own hidden entries make up the rest: no
 * item is added for the hidden list alone.
 */

/**
 * The items the check may add beyond its own few to cross a declared page: a whole run with the default settings
 * creates at most FOOTPRINT_BUDGET (80) items (docs/FIXTURES.md, "Footprint"), and the embedded run, whose quota
 * model draws its creates, made 75 to 77 with the list check's 4: 3 more keep every run within it, the variants'
 * (page-size-10: 9 needed on the reference's Pro account, not crossed) included.
 */
export const CROSSING_EXTRA_ITEMS = 3;

/** What the lists held before the run added its items. */
export interface ListCounts {
  all: number;
  hidden: number;
}

export type CrossingPlan =
  /** Add `items` items; the lists then cross no boundary the check knows of (none declared, or too many needed). */
  | { cross: false; items: number; why: string }
  /**
   * Add `items` items, so that GET /items holds `pageSize` + 1 entries, then hide enough of them that GET
   * /items/inactive does too; `hidden` says why it cannot, when the account's own hidden entries are too few.
   */
  | { cross: true; items: number; pageSize: number; hidden?: string };

/** `least`: the items the check adds in any case (every count from one to it is walked: the property's counts). */
export function crossingPlan(pageSize: number | undefined, before: ListCounts | undefined, least: number, maxItems: number): CrossingPlan {
  const floor = Math.min(least, maxItems);
  if (pageSize === undefined || before === undefined) return { cross: false, items: floor, why: 'no page size declared (SC_PAGE_SIZE)' };
  const needed = Math.max(least, pageSize + 1 - before.all);
  const most = Math.min(maxItems, least + CROSSING_EXTRA_ITEMS);
  if (needed > most) {
    const bound = most === maxItems ? `SC_MAX_ITEMS=${maxItems}` : `the ${most} the check adds at most (its ${least} and ${CROSSING_EXTRA_ITEMS} more: the run's footprint budget)`;
    return { cross: false, items: floor, why: `crossing the declared page size ${pageSize} needs ${needed} items of the run's beside the account's ${before.all} entries, above ${bound}` };
  }
  const forHidden = pageSize + 1 - before.hidden;
  if (forHidden <= needed) return { cross: true, items: needed, pageSize };
  const hidden = `crossing it needs ${forHidden} hidden items of the run's beside the account's ${before.hidden}, ${forHidden - needed} more than GET /items needs: not added (the run's footprint)`;
  return { cross: true, items: needed, pageSize, hidden };
}

/**
 * Why a walk's first page does not hold the declared size while more entries follow, or undefined when it does (or
 * the list fits on one declared page). A mismatch breaks no sentence of the spec, only the target's own setting: noted.
 */
export function pageSizeMismatch(path: string, walk: { entries: readonly unknown[]; pages: number; firstPage: number }, pageSize: number): string | undefined {
  if (walk.entries.length <= pageSize || walk.firstPage === pageSize) return undefined;
  return `the target declares pages of ${pageSize} (SC_PAGE_SIZE), but page 1 of GET ${path} held ${walk.firstPage} of its ${walk.entries.length} entries (${walk.pages} page${walk.pages === 1 ? '' : 's'})`;
}
