/**
 * Reading list responses whose wrapper the spec does not show.
 *
 * The spec names `meta.pagination.next` on paged lists (GET /items,
 * GET /items/inactive) but never the field that holds the entries, and says
 * outright that the wrapper of GET /items/limits is "not shown"; GET /webhooks
 * and the pending transactions lists show none either. So every reasonable
 * shape is accepted: a bare array, or an object holding the list under any key.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const looksLikeEntries = (list: unknown[]): boolean =>
  list.length > 0 && list.every((entry) => isObject(entry) && 'id' in entry);

/**
 * The entries of a list response:
 * - a bare array is the list;
 * - in a wrapper object, its single array-valued property is the list;
 * - with several array-valued properties, the one whose entries are objects
 *   with an `id` (when exactly one is); when all of them are empty, `[]`.
 * Returns undefined when no list can be found, or the choice is ambiguous.
 */
export function extractList(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  const arrays = Object.values(body).filter((v): v is unknown[] => Array.isArray(v));
  if (arrays.length === 1) return arrays[0];
  if (arrays.length === 0) return undefined;
  const withIds = arrays.filter(looksLikeEntries);
  if (withIds.length === 1) return withIds[0];
  if (arrays.every((a) => a.length === 0)) return [];
  return undefined;
}

/** Name of the wrapper's property holding the list (for messages), or undefined for a bare array or none. */
export function listKey(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const list = extractList(body);
  if (list === undefined) return undefined;
  return Object.keys(body).find((k) => body[k] === list);
}

/**
 * The token to pass as `since` for the next page: `meta.pagination.next` when it
 * is a non-empty string. Undefined on the last page: next absent, null or "",
 * `meta.pagination` null (the real service's last page carries
 * `"meta": {"pagination": null}`) or absent, no `meta` at all, and a bare array,
 * which cannot carry one.
 */
export function nextPageToken(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const meta = body.meta;
  if (!isObject(meta)) return undefined;
  const pagination = meta.pagination;
  if (!isObject(pagination)) return undefined;
  const next = pagination.next;
  return typeof next === 'string' && next !== '' ? next : undefined;
}
