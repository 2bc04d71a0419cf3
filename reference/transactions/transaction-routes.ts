import { ApiError } from '../core/errors.js';
import type { Reply, RequestContext, Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import { notFound, sellerOf, visibleTo } from './seller.js';
import { publicView, type Transaction, type TransactionStore } from './store.js';
import { parseDeliveryStatus } from './validation.js';

/**
 * GET /transactions/pending, GET /transactions/{transactionId},
 * POST /transactions/{transactionId}/delivery/register,
 * PATCH /deliveries/{deliveryId}/status and GET /disputes/{disputeId}.
 */
export function registerTransactionRoutes(router: Router, store: TransactionStore, seam: Seam): void {
  const findTransaction = (ctx: RequestContext): Transaction => {
    const seller = sellerOf(ctx, seam);
    // The evasion answers every id it gave as unknown (here, deliveries and disputes).
    const transaction = seam.evasion('own-ids-404') ? undefined : store.transactions.get(ctx.params.transactionId);
    if (!transaction || !visibleTo(transaction.seller, seller)) throw notFound('shipping transaction', ctx.params.transactionId);
    return transaction;
  };

  router.add('GET', '/transactions/pending', (ctx): Reply => {
    const seller = sellerOf(ctx, seam);
    // As if `/transactions/:transactionId` had been matched first: 'pending' read as an id.
    if (seam.defect('pending-transactions-route-shadowed')) throw notFound('shipping transaction', 'pending');
    const transactions = [...store.transactions.values()]
      .filter((t) => t.status === 'pending' && visibleTo(t.seller, seller))
      .map(publicView);
    return { status: 200, body: { transactions } };
  });

  router.add('GET', '/transactions/:transactionId', (ctx): Reply => {
    if (seam.defect('unknown-transaction-answers-200') && !store.transactions.has(ctx.params.transactionId)) {
      return { status: 200, body: {} };
    }
    return { status: 200, body: publicView(findTransaction(ctx)) };
  });

  router.add('POST', '/transactions/:transactionId/delivery/register', (ctx): Reply => {
    const transaction = findTransaction(ctx);
    if (seam.defect('delivery-register-refused')) {
      throw new ApiError(409, 'INVALID_STATUS', `transaction '${transaction.transactionId}' is not ready for a delivery`);
    }
    // One delivery per transaction: registering again is a state conflict, not a second parcel.
    if (transaction.deliveryId !== undefined) {
      throw new ApiError(409, 'INVALID_STATUS', `transaction '${transaction.transactionId}' already has delivery '${transaction.deliveryId}'`);
    }
    return { status: 201, body: publicView(store.addDelivery(transaction)) };
  });

  router.add('PATCH', '/deliveries/:deliveryId/status', (ctx): Reply => {
    const seller = sellerOf(ctx, seam);
    const delivery = seam.evasion('own-ids-404') ? undefined : store.deliveries.get(ctx.params.deliveryId);
    if (!delivery || !visibleTo(delivery.seller, seller)) throw notFound('delivery', ctx.params.deliveryId);
    if (seam.defect('delivery-status-refused')) throw new ApiError(400, 'INVALID_BODY_REQUEST', 'unknown status');
    // Any listed status may follow any other: the spec shows no transitions.
    delivery.status = parseDeliveryStatus(ctx.body);
    delivery.updated_at = Date.now();
    return { status: 200, body: publicView(delivery) };
  });

  router.add('GET', '/disputes/:disputeId', (ctx): Reply => {
    const seller = sellerOf(ctx, seam);
    const dispute = seam.evasion('own-ids-404') ? undefined : store.disputes.get(ctx.params.disputeId);
    if (!dispute || !visibleTo(dispute.seller, seller) || seam.defect('dispute-not-readable')) {
      throw notFound('dispute', ctx.params.disputeId);
    }
    return { status: 200, body: publicView(dispute) };
  });
}
