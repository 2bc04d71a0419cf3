import type { Reply, RequestContext, Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import { notFound, sellerOf, visibleTo } from './seller.js';
import { publicView, type ShippingRequest, type TransactionStore } from './store.js';

/** Finds a shipping request the caller may see, else the group's 404. */
export function findRequest(store: TransactionStore, seam: Seam, ctx: RequestContext): ShippingRequest {
  const seller = sellerOf(ctx, seam);
  const id = ctx.params.requestId;
  // The evasion answers every id it gave as unknown.
  const request = seam.evasion('own-ids-404') ? undefined : store.requests.get(id);
  if (request && (visibleTo(request.seller, seller) || seam.defect('other-seller-request-visible'))) return request;
  throw notFound('shipping request', id);
}

/** GET /transactions/requests/pending and GET /transactions/requests/{requestId}. */
export function registerRequestRoutes(router: Router, store: TransactionStore, seam: Seam): void {
  router.add('GET', '/transactions/requests/pending', (ctx): Reply => {
    const seller = sellerOf(ctx, seam);
    const requests = seam.defect('pending-request-not-listed')
      ? []
      : [...store.requests.values()].filter((r) => r.status === 'pending' && visibleTo(r.seller, seller)).map(publicView);
    return { status: 200, body: { requests } };
  });

  router.add('GET', '/transactions/requests/:requestId', (ctx): Reply => {
    if (seam.defect('unknown-request-answers-500') && !store.requests.has(ctx.params.requestId)) {
      return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'request lookup failed' } };
    }
    const request = findRequest(store, seam, ctx);
    if (seam.defect('request-read-empty-body')) return { status: 200, body: {} };
    return { status: 200, body: publicView(request) };
  });
}
