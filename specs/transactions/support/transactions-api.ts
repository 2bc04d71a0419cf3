/**
 * The transactions group's client (as items-api.ts is the items group's and
 * Webhooks the webhooks group's): every operation of shipping requests,
 * transactions, deliveries and disputes for one account, each path built here
 * and only here. Unjudged: the checks judge the answers (the spec shows no
 * status for this group: success is any 2xx, a refusal any 4xx).
 *
 *   const tx = new TransactionsApi(api, seller.session);
 *   const read = await tx.request(requestId);            // GET /transactions/requests/{requestId}
 */
import type { ApiCallOptions, ApiClient, ApiResponse, Session } from '../../../fixtures/index.js';

export type AcceptMethod = 'home-pickup' | 'post-office';

/** A path of segments, each percent-encoded: ids come from the target. */
const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

export class TransactionsApi {
  constructor(
    private readonly api: ApiClient,
    readonly session: Session,
  ) {}

  /** The same operations for another account of the test (a stranger). */
  as(session: Session): TransactionsApi {
    return new TransactionsApi(this.api, session);
  }

  /** GET /transactions/requests/pending. */
  pendingRequests(options?: ApiCallOptions): Promise<ApiResponse> {
    return this.api.get(this.session, path('transactions', 'requests', 'pending'), options);
  }

  /** GET /transactions/requests/{requestId}. */
  request(requestId: string): Promise<ApiResponse> {
    return this.api.get(this.session, path('transactions', 'requests', requestId));
  }

  /** POST /transactions/requests/{requestId}/accept/{method} with the body given (the spec: a client transaction_id). */
  accept(requestId: string, method: AcceptMethod, body: unknown): Promise<ApiResponse> {
    return this.api.post(this.session, path('transactions', 'requests', requestId, 'accept', method), body);
  }

  /** GET /transactions/pending. */
  pendingTransactions(options?: ApiCallOptions): Promise<ApiResponse> {
    return this.api.get(this.session, path('transactions', 'pending'), options);
  }

  /** GET /transactions/{transactionId}. */
  transaction(transactionId: string): Promise<ApiResponse> {
    return this.api.get(this.session, path('transactions', transactionId));
  }

  /** POST /transactions/{transactionId}/delivery/register with {} (the spec shows no body: the catalog's decision, TX-DELIVERY-1). */
  registerDelivery(transactionId: string): Promise<ApiResponse> {
    return this.api.post(this.session, path('transactions', transactionId, 'delivery', 'register'), {});
  }

  /** PATCH /deliveries/{deliveryId}/status with {status}. */
  updateDeliveryStatus(deliveryId: string, status: string): Promise<ApiResponse> {
    return this.api.patch(this.session, path('deliveries', deliveryId, 'status'), { status });
  }

  /** GET /disputes/{disputeId}. */
  dispute(disputeId: string): Promise<ApiResponse> {
    return this.api.get(this.session, path('disputes', disputeId));
  }
}
