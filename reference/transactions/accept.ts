import { randomUUID } from 'node:crypto';
import { emitCaused } from '../core/caused-events.js';
import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { Reply, Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import { findRequest } from './request-routes.js';
import { type DeliveryMethod, publicView, type TransactionStore } from './store.js';
import { parseTransactionId } from './validation.js';

/**
 * POST /transactions/requests/{requestId}/accept/home-pickup and /accept/post-office.
 * The client generates the transaction's id and passes it as `transaction_id`
 * (the spec's one stated detail of this group); the transaction is created under it.
 * Order of refusals: unknown request 404, bad body 400, request no longer pending
 * 409 INVALID_STATUS, transaction_id already in use 409 TRANSACTION_ID_IN_USE.
 */
export function registerAcceptRoutes(router: Router, store: TransactionStore, seam: Seam, bus: EventBus): void {
  for (const method of ['home-pickup', 'post-office'] as const satisfies readonly DeliveryMethod[]) {
    router.add('POST', `/transactions/requests/:requestId/accept/${method}`, (ctx): Reply => {
      const request = findRequest(store, seam, ctx);
      const given = parseTransactionId(ctx.body, seam.defect('accept-without-transaction-id'));
      if (request.status !== 'pending' && !seam.defect('accept-non-pending-allowed')) {
        throw new ApiError(409, 'INVALID_STATUS', `shipping request '${request.requestId}' is ${request.status}, not pending`);
      }
      const transactionId = given === undefined || seam.defect('transaction-id-ignored') ? randomUUID() : given;
      if (store.transactions.has(transactionId)) {
        throw new ApiError(409, 'TRANSACTION_ID_IN_USE', `transaction_id '${transactionId}' is already in use`);
      }
      const transaction = store.addTransaction(request, transactionId, method);
      request.transactionId = transactionId;
      if (!seam.defect('accept-leaves-request-pending')) request.status = 'accepted';
      if (!seam.defect('no-transaction-created-event')) {
        emitCaused(bus, seam, {
          username: request.seller,
          type: 'TRANSACTION_CREATED',
          data: { transaction_id: transactionId, request_id: request.requestId, item_id: request.item_id },
        });
      }
      return { status: seam.variant('accept-answers-200') ? 200 : 201, body: publicView(transaction) };
    });
  }
}
