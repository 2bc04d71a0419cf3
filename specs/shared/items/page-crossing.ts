/**
 * How the list check (specs/items/lists.spec.ts) brings GET /items and GET
 * /items/inactive across a real page boundary, and how a walk compares with a
 * declared page size.
 *
 * The spec shows no page size ("Page size of paged lists: not shown", ITEM-PAGE-3,
 * an open point), and the rules about a next page (ITEM-PAGE-1, ITEM-PAGE-2,
 * ITEM-HIDDEN-2) are judged only across a boundary (their part `across-pages`):
 * a walk of one page says nothing of a next one. So the check reads no page size
 * at all: it hides its own items, and adds hidden ones, until the first page of
 * each list gives a next page, within SC_MAX_ITEMS of the run's on the account
 * (pages of 40, the real service's, on an empty account: 41 items). The account's
 * own entries count: an account that already spans pages costs nothing. A page
 * too large for SC_MAX_ITEMS leaves the paging rules not exercised, the setting
 * named. A hidden item is in both lists, so hiding crosses both with the same items.
 */

/** What the crossing needs of the target and of the check. */
export interface CrossingLists {
  /** Whether the list's first page gives a next page (a set-up read). */
  spansPages(path: '/items' | '/items/inactive'): Promise<boolean>;
  /** Adds one item of the run's (tracked for deletion); its id. */
  add(): Promise<string>;
  /** Inactivates the item; false when refused (born hidden beyond the quota, …): it stays as it is. */
  hide(id: string): Promise<boolean>;
}

/** What the crossing did: whether the lists changed (walk them again), and why it stopped short, when it did. */
export interface Crossing {
  changed: boolean;
  unreached?: string;
}

/**
 * Hides the run's items (`ours`, those hidden by hand in `hidden`), then adds hidden ones, until both lists span
 * pages; at most `most` items of the run's in all. Bounded: each step hides one untried item or adds one.
 */
export async function fillToCross(lists: CrossingLists, ours: string[], hidden: Set<string>, most: number): Promise<Crossing> {
  const tried = new Set(hidden);
  let changed = false;
  for (let step = 0; step <= 2 * most + ours.length; step++) {
    if ((await lists.spansPages('/items')) && (await lists.spansPages('/items/inactive'))) return { changed };
    let id = ours.find((x) => !tried.has(x));
    if (id === undefined) {
      if (ours.length >= most) break;
      id = await lists.add();
      ours.push(id);
    }
    tried.add(id);
    changed = true;
    if (await lists.hide(id)) hidden.add(id);
  }
  return {
    changed,
    unreached: `GET /items and GET /items/inactive did not both span two pages with ${ours.length} item(s) of the run's, ${hidden.size} hidden by hand: crossing their page needs more than SC_MAX_ITEMS=${most} items (raise SC_MAX_ITEMS)`,
  };
}

/**
 * Why a walk's first page does not hold the declared size while more entries follow, or undefined when it does (or
 * the list fits on one declared page). A mismatch breaks no sentence of the spec, only the target's own setting: noted.
 */
export function pageSizeMismatch(path: string, walk: { entries: readonly unknown[]; pages: number; firstPage: number }, pageSize: number): string | undefined {
  if (walk.entries.length <= pageSize || walk.firstPage === pageSize) return undefined;
  return `the target declares pages of ${pageSize} (SC_PAGE_SIZE), but page 1 of GET ${path} held ${walk.firstPage} of its ${walk.entries.length} entries (${walk.pages} page${walk.pages === 1 ? '' : 's'})`;
}
