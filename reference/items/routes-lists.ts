import type { Router } from '../core/http.js';
import { callerOf, type ItemsParts } from './context.js';
import type { ItemRecord } from './model.js';
import { type ListKind, pageOf } from './paging.js';
import { listedView } from './view.js';

/**
 * GET /items (active and hidden items; sold and deleted ones are gone from the
 * marketplace) and GET /items/inactive (hidden only), both paged.
 * Wrapper: `{items: [...], meta: {pagination: {next}}}`; `next` is null on the last page
 * (`pagination` itself is null there under the variant `pagination-null`).
 */
export function registerListRoutes(router: Router, parts: ItemsParts): void {
  const { seam, store } = parts;

  const inList = (list: ListKind, item: ItemRecord): boolean => {
    if (list === 'inactive') {
      if (item.state === 'active' && seam.defect('inactive-list-has-active')) return true;
      return item.state === 'inactive';
    }
    if (item.state === 'inactive' && seam.defect('inactive-missing-from-list')) return false;
    if (item.state === 'sold' && seam.defect('sold-still-listed')) return true;
    return item.state === 'active' || item.state === 'inactive';
  };

  const list = (kind: ListKind, path: string) =>
    router.add('GET', path, (ctx) => {
      const caller = callerOf(ctx, parts);
      const items = store.itemsOf(caller).filter((item) => inList(kind, item));
      const page = pageOf(seam, items, kind, ctx.query.get('since'), parts.pageSize);
      // The last page: {next: null} by default; {} or a null pagination under the variants.
      let pagination: { next?: string | null } | null = { next: page.next };
      if (page.next === null && seam.variant('page-next-absent')) pagination = {};
      if (page.next === null && seam.variant('pagination-null')) pagination = null;
      return { status: 200, body: { items: page.items.map((i) => listedView(i, seam)), meta: { pagination } } };
    });

  list('all', '/items');
  list('inactive', '/items/inactive');
}
