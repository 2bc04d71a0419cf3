import type { ReferenceOptions } from '../config.js';
import { emitCaused } from '../core/caused-events.js';
import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import { registerAcceptRoutes } from './accept.js';
import { registerRequestRoutes } from './request-routes.js';
import { TransactionStore } from './store.js';
import { registerTransactionRoutes } from './transaction-routes.js';

export { DELIVERY_STATUSES } from './store.js';

export interface TransactionsDeps {
  seam: Seam;
  options: ReferenceOptions;
  bus: EventBus;
  /** The items part: who sells an item (undefined for an unknown item). */
  items: { ownerOf(itemId: string): string | undefined };
}

/**
 * The transactions group of the reference: shipping requests, their acceptance
 * into transactions, deliveries and disputes, plus the buyer-side actions the
 * control API needs (a purchase, a dispute).
 */
export class TransactionsService {
  private readonly store = new TransactionStore();

  constructor(private readonly deps: TransactionsDeps) {}

  registerRoutes(router: Router): void {
    const { seam, bus } = this.deps;
    registerRequestRoutes(router, this.store, seam);
    registerAcceptRoutes(router, this.store, seam, bus);
    registerTransactionRoutes(router, this.store, seam);
  }

  /**
   * A buyer purchases the item (control API POST /purchases): a pending shipping
   * request appears for its seller. Emits DELIVERY_REQUEST_STARTED
   * `{request_id, item_id}` and SALE_COMPLETED `{item_id}` (our reading: the spec
   * ties no operation to these events; a purchase is both a sale and the start of
   * a delivery request). Unknown item: 404.
   */
  purchase(itemId: string): { request_id: string } {
    const seller = typeof itemId === 'string' && itemId !== '' ? this.deps.items.ownerOf(itemId) : undefined;
    if (seller === undefined) throw new ApiError(404, 'NOT_FOUND', `no item '${String(itemId).slice(0, 128)}'`);
    const request = this.store.addRequest(seller, itemId);
    const { bus, seam } = this.deps;
    if (!seam.defect('no-delivery-request-started-event')) {
      emitCaused(bus, seam, { username: seller, type: 'DELIVERY_REQUEST_STARTED', data: { request_id: request.requestId, item_id: itemId } });
    }
    bus.emit({ username: seller, type: 'SALE_COMPLETED', data: { item_id: itemId } });
    return { request_id: request.requestId };
  }

  /** The buyer opens a dispute on a transaction (control API POST /disputes); emits DISPUTE_CREATED. Unknown: 404. */
  openDispute(transactionId: string): { dispute_id: string } {
    const transaction = typeof transactionId === 'string' ? this.store.transactions.get(transactionId) : undefined;
    if (!transaction) throw new ApiError(404, 'NOT_FOUND', `no shipping transaction '${String(transactionId).slice(0, 128)}'`);
    const dispute = this.store.addDispute(transaction);
    if (!this.deps.seam.defect('no-dispute-created-event')) {
      emitCaused(this.deps.bus, this.deps.seam, {
        username: transaction.seller,
        type: 'DISPUTE_CREATED',
        data: { dispute_id: dispute.disputeId, transaction_id: transaction.transactionId },
      });
    }
    return { dispute_id: dispute.disputeId };
  }
}
