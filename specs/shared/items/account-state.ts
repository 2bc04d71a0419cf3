/**
 * Reading where an item stands from the spec's own lists: hidden items are
 * in GET /items/inactive; every active or hidden item is in GET /items.
 */
import type { ItemsApi } from './items-api.js';
import { isHidden } from './paging.js';

export type Standing = 'active' | 'hidden' | 'unlisted';

export async function standingOf(items: ItemsApi, id: string): Promise<Standing> {
  const hidden = await items.walk('/items/inactive');
  if (hidden.some((e) => e.id === id)) return 'hidden';
  const all = await items.walk('/items');
  const entry = all.find((e) => e.id === id);
  if (!entry) return 'unlisted';
  return isHidden(entry) ? 'hidden' : 'active';
}

/**
 * Active items the account holds now (all of GET /items without inactive {flag: true}). With `known`, the items the
 * check knows are there, the walk must list each (ItemsApi.walkHolding): a count short by an item the list lost is
 * the list's failure, never the caller's rule.
 */
export async function activeCount(items: ItemsApi, known: Iterable<string> = []): Promise<number> {
  return (await items.walkHolding('/items', known)).filter((e) => !isHidden(e)).length;
}
