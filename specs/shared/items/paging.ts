/**
 * Walking a paged list (GET /items, GET /items/inactive) through
 * `meta.pagination.next` passed back as `since`. Any page size and any wrapper
 * are accepted (schemas/lists.ts); the walk is bounded, and a token that comes
 * back a second time ends it at once, so a server that ignores `since` is told
 * apart from a long list without looping a thousand times. A page ends the
 * list when it gives no next token: next absent, null or "", `meta.pagination`
 * null (the real service's documented last page) or absent, or no `meta`.
 */
import type { ItemListed } from '../../../schemas/types.js';
import { extractList, nextPageToken } from '../../../schemas/lists.js';

/** More pages than any account a conformance run touches could need. */
export const MAX_PAGES = 1000;

export interface WalkResult {
  entries: ItemListed[];
  pages: number;
  /** How many entries the first page held (the declared page size is compared with it: specs/items/lists.spec.ts). */
  firstPage: number;
  /** What went wrong, in one sentence; undefined for a walk that ended properly. */
  problem?: string;
  /**
   * Whose fault the problem is: `list`, a page that holds no list (the list's answer rule); `paging`, a walk
   * that did not end (a next seen before, or the bound reached: the list's paging rule). items-api.ts names the rule.
   */
  fault?: 'list' | 'paging';
}

/** Fetches one page: the first with `since` undefined. Returns the parsed JSON body. */
export type FetchPage = (since: string | undefined) => Promise<unknown>;

export async function walkPages(fetchPage: FetchPage, maxPages = MAX_PAGES): Promise<WalkResult> {
  const entries: ItemListed[] = [];
  const seenTokens = new Map<string, number>();
  let since: string | undefined;
  let firstPage = 0;
  for (let page = 1; page <= maxPages; page++) {
    const body = await fetchPage(since);
    const list = extractList(body);
    if (!list) return { entries, pages: page, firstPage, fault: 'list', problem: `page ${page} holds no list of items (neither a bare array nor one array in an object)` };
    entries.push(...(list as ItemListed[]));
    if (page === 1) firstPage = list.length;
    const next = nextPageToken(body);
    if (next === undefined) return { entries, pages: page, firstPage };
    const earlier = seenTokens.get(next);
    if (earlier !== undefined) {
      return {
        entries,
        pages: page,
        firstPage,
        fault: 'paging',
        problem: `pagination did not end: page ${page} gave the same meta.pagination.next as page ${earlier}, so passing it as since cannot lead anywhere new`,
      };
    }
    seenTokens.set(next, page);
    since = next;
  }
  return { entries, pages: maxPages, firstPage, fault: 'paging', problem: `pagination did not end within ${maxPages} pages` };
}

/** Ids listed more than once, with their count. */
export function repeatedIds(entries: readonly { id: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  return new Map([...counts].filter(([, n]) => n > 1));
}

/** Hidden per the spec: `inactive` present as an object with flag true. */
export const isHidden = (entry: { inactive?: unknown }): boolean =>
  typeof entry.inactive === 'object' && entry.inactive !== null && (entry.inactive as { flag?: unknown }).flag === true;

/** Active per the spec: no `inactive` field at all (not null, not {flag: false}). */
export const hasNoInactiveField = (entry: object): boolean => !Object.hasOwn(entry, 'inactive');
