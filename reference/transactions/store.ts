import { randomUUID } from 'node:crypto';

/**
 * The records of the transactions group, in memory. The spec shows only the
 * identifiers (requestId, transactionId, disputeId, deliveryId) and that a
 * delivery has a tracking status; every other field is the reference's choice,
 * listed in docs/SANDBOX.md ("The reference's choices"). `seller` is internal: it is never answered.
 */
export interface ShippingRequest {
  requestId: string;
  seller: string;
  item_id: string;
  /** pending until the seller accepts it (spec: States > Shipping request and transaction). */
  status: 'pending' | 'accepted';
  created_at: number;
  /** The transaction the accept created. */
  transactionId?: string;
}

/** The two accept operations, named after their path segment. */
export type DeliveryMethod = 'home-pickup' | 'post-office';

export interface Transaction {
  transactionId: string;
  seller: string;
  requestId: string;
  item_id: string;
  /** Transitions are not shown by the spec: a transaction stays pending in the reference. */
  status: 'pending';
  delivery_method: DeliveryMethod;
  created_at: number;
  deliveryId?: string;
}

/** The tracking statuses the reference accepts (the spec does not list them). */
export const DELIVERY_STATUSES = ['registered', 'in_transit', 'delivered', 'returned'] as const;

export interface Delivery {
  deliveryId: string;
  seller: string;
  transactionId: string;
  status: string;
  updated_at: number;
}

export interface Dispute {
  disputeId: string;
  seller: string;
  transactionId: string;
  /** Named by the DISPUTE_CREATED event; later states are not shown by the spec. */
  status: 'created';
  created_at: number;
}

/** Every record without the internal `seller` field: what the API answers. */
export function publicView<T extends { seller: string }>(record: T): Omit<T, 'seller'> {
  const { seller: _seller, ...rest } = record;
  return rest;
}

/** The fields a delivery and a dispute take from their transaction. */
const ofTransaction = ({ seller, transactionId }: Transaction) => ({ seller, transactionId });

export class TransactionStore {
  readonly requests = new Map<string, ShippingRequest>();
  readonly transactions = new Map<string, Transaction>();
  readonly deliveries = new Map<string, Delivery>();
  readonly disputes = new Map<string, Dispute>();

  addRequest(seller: string, itemId: string): ShippingRequest {
    const request: ShippingRequest = { requestId: randomUUID(), seller, item_id: itemId, status: 'pending', created_at: Date.now() };
    this.requests.set(request.requestId, request);
    return request;
  }

  addTransaction(request: ShippingRequest, transactionId: string, method: DeliveryMethod): Transaction {
    const transaction: Transaction = {
      transactionId,
      seller: request.seller,
      requestId: request.requestId,
      item_id: request.item_id,
      status: 'pending',
      delivery_method: method,
      created_at: Date.now(),
    };
    this.transactions.set(transactionId, transaction);
    return transaction;
  }

  addDelivery(transaction: Transaction): Delivery {
    const delivery: Delivery = { deliveryId: randomUUID(), ...ofTransaction(transaction), status: 'registered', updated_at: Date.now() };
    this.deliveries.set(delivery.deliveryId, delivery);
    transaction.deliveryId = delivery.deliveryId;
    return delivery;
  }

  addDispute(transaction: Transaction): Dispute {
    const dispute: Dispute = { disputeId: randomUUID(), ...ofTransaction(transaction), status: 'created', created_at: Date.now() };
    this.disputes.set(dispute.disputeId, dispute);
    return dispute;
  }
}
