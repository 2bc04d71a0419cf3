import { type DefectInfo, declareFor } from './types.js';

const transactions = declareFor('transactions');

/** Deviations of the transactions group. Each name is read with `seam.defect(name)` where it happens. */
export const TRANSACTIONS_DEFECTS = {
  // Read by the frame's bearer check (reference/server.ts), which lets transactions,
  // disputes and deliveries calls through without a valid bearer; the handlers then
  // serve them with no owner filter (reference/transactions/seller.ts).
  'transactions-without-bearer': transactions(
    'transactions, disputes and deliveries operations answer without a valid bearer token instead of 401',
    ['TX-AUTH-1', 'GEN-AUTH-1', 'GEN-AUTH-2'],
  ),
  // Shipping requests (reference/transactions/request-routes.ts)
  'pending-request-not-listed': transactions('GET /transactions/requests/pending leaves out the pending request of a purchase', ['TX-REQ-1']),
  'request-read-empty-body': transactions('GET /transactions/requests/{id} answers 200 with an empty object, without the requestId', ['TX-REQ-2']),
  'unknown-request-answers-500': transactions('an unknown requestId answers 500 instead of 404', ['TX-REQ-4', 'GEN-ERR-3']),
  'other-seller-request-visible': transactions("GET /transactions/requests/{id} answers another seller's request instead of 404", ['TX-REQ-5']),
  // Accepting (reference/transactions/accept.ts)
  'transaction-id-ignored': transactions(
    "accepting makes the server's own transaction id instead of the client's transaction_id",
    ['TX-ACCEPT-1', 'TX-ACCEPT-2'],
  ),
  'accept-without-transaction-id': transactions('accepting without transaction_id succeeds instead of 400', ['TX-ACCEPT-4']),
  'accept-leaves-request-pending': transactions('an accepted request stays pending and in the pending list', ['TX-REQ-3']),
  'accept-non-pending-allowed': transactions('accepting a request that is no longer pending succeeds instead of 409 INVALID_STATUS', ['TX-ACCEPT-5']),
  // Transactions, deliveries, disputes (reference/transactions/transaction-routes.ts)
  'pending-transactions-route-shadowed': transactions(
    "GET /transactions/pending answers 404, as if 'pending' were a transaction id",
    ['TX-TXN-1'],
  ),
  'unknown-transaction-answers-200': transactions('GET /transactions/{id} of an unknown id answers 200 with an empty object', ['TX-TXN-3']),
  'delivery-register-refused': transactions('POST /transactions/{id}/delivery/register answers 409 for an accepted transaction', ['TX-DELIVERY-1']),
  'delivery-status-refused': transactions('PATCH /deliveries/{id}/status answers 400 whatever the status', ['TX-DELIVERY-2']),
  'dispute-not-readable': transactions('GET /disputes/{id} answers 404 for a dispute that exists', ['TX-DISPUTE-1']),
} satisfies Record<string, DefectInfo>;
