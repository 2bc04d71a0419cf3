import { ApiError } from '../core/errors.js';
import type { RequestContext } from '../core/http.js';
import type { Seam } from '../seam.js';

/**
 * The seller behind the bearer, or undefined for "no owner filter": that only
 * happens under the `transactions-without-bearer` defect, when the frame lets a
 * call through without a session and the handlers then serve every seller's records.
 */
export function sellerOf(ctx: RequestContext, seam: Seam): string | undefined {
  if (ctx.username) return ctx.username;
  if (seam.defect('transactions-without-bearer')) return undefined;
  throw new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required');
}

/** Whether `seller` may see a record of `owner` (another seller's record answers like an unknown one). */
export function visibleTo(owner: string, seller: string | undefined): boolean {
  return seller === undefined || owner === seller;
}

/** The one 404 of the group: unknown ids and other sellers' ids look the same. */
export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `no ${what} '${id}' for this seller`);
}
