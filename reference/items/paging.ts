import type { Seam } from '../seam.js';
import type { ItemRecord } from './model.js';
import { invalid } from './refusal.js';

/**
 * Pages of GET /items and GET /items/inactive. The token names the list and the
 * creation number of the last item given, so the next page starts right after
 * it: an item created, sold or deleted between two calls never shifts another
 * item across a page boundary. The token is opaque to clients (base64url JSON).
 */
export type ListKind = 'all' | 'inactive';

interface Token {
  list: ListKind;
  after: number;
}

export function encodeToken(token: Token): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(seam: Seam, since: string, list: ListKind): Token {
  const refuse = () => invalid(seam, 'INVALID_BODY_REQUEST', `since '${since}' is not a page token of this list`);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(since)) throw refuse();
  let token: unknown;
  try {
    token = JSON.parse(Buffer.from(since, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  // The defect takes whatever the token decodes to for a token: JSON null then fails on `.after` (a 500).
  if (seam.defect('page-token-unchecked')) return { list, after: (token as Token).after };
  const t = token as Partial<Token> | null;
  if (typeof t !== 'object' || t === null || t.list !== list || !Number.isSafeInteger(t.after) || (t.after as number) < 0) {
    throw refuse();
  }
  return { list, after: t.after as number };
}

export interface Page {
  items: ItemRecord[];
  /** null on the last page. */
  next: string | null;
}

/**
 * One page of `items` (already in creation order). `since` absent or empty
 * asks for the first page; anything else must be a token this list gave out.
 */
export function pageOf(seam: Seam, items: ItemRecord[], list: ListKind, since: string | null, size: number): Page {
  const ignored = seam.defect('page-token-ignored') || (list === 'inactive' && seam.defect('inactive-page-token-ignored-pages-of-10'));
  const given = since !== null && since !== '' && !ignored;
  const after = given ? decodeToken(seam, since, list).after : 0;
  let rest = items.filter((item) => item.seq > after);
  // page-8-drops-boundary-item does so on pages of 8 (reference/config.ts pageSizeOf): only a list longer than 8 shows it.
  if (given && (seam.defect('page-drops-boundary-item') || seam.defect('page-8-drops-boundary-item'))) rest = rest.slice(1);
  const page = rest.slice(0, size);
  // The defect's next is the same on every page and never null: the token after the list's first page.
  if (seam.defect('page-next-repeats')) return { items: page, next: encodeToken({ list, after: items.slice(0, size).at(-1)?.seq ?? 0 }) };
  const more = rest.length > size;
  return { items: page, next: more ? encodeToken({ list, after: page[page.length - 1].seq }) : null };
}
