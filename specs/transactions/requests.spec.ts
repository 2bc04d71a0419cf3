/**
 * Shipping requests: "A request is pending from the moment a buyer purchases the
 * item until the seller accepts it." The purchase is the buyer's act, so it goes
 * through the control API; the item is a tagged one of a leased Pro account.
 * A refused read by another seller has its control, the same read by the
 * request's seller (judging/refusal.ts: a 401 or 429 is no refusal of the read).
 */
import { expectControl, expectRefused, notApplicable, test, verify } from '../fixtures.js';
import { expectReadHolds, listHolds, purchase, transactionsOf } from './support/shipping.js';

const PENDING_REQUESTS = 'GET /transactions/requests/pending';

test.describe('transactions: shipping requests', { tag: '@transactions' }, () => {
  test('[TX-REQ-1][TX-REQ-2] a purchase makes a pending shipping request that the pending list holds and GET /transactions/requests/{id} answers', async ({ control, seller }) => {
    const tx = transactionsOf(seller);
    const { requestId } = await purchase({ ...seller, control });
    const res = await tx.pendingRequests();
    const holds = await listHolds(res, requestId, ['TX-REQ-1'], PENDING_REQUESTS);
    await verify(holds, {
      title: 'the pending shipping requests hold the request of the purchase',
      requirements: ['TX-REQ-1'],
      expected: `the requestId ${requestId} in the list (any wrapper)`,
      actual: 'a list without it',
      exchange: res,
    });
    await expectReadHolds(await tx.request(requestId), requestId, ['TX-REQ-2'], 'GET /transactions/requests/{requestId}');
  });

  test('[TX-REQ-5] another seller neither reads nor lists a shipping request', { tag: '@should' }, async ({ sessions, control, hasProAndBasic, seller }) => {
    test.skip(!hasProAndBasic, notApplicable('accounts', 'needs a pro and a basic account (SC_ACCOUNTS)'));
    const tx = transactionsOf(seller);
    const { requestId } = await purchase({ ...seller, control });
    const stranger = tx.as(await sessions.pooled('basic'));
    await expectControl(await tx.request(requestId), '2xx', ['TX-REQ-2'], "the seller's GET of its shipping request answers a 2xx");
    const read = await stranger.request(requestId);
    await expectRefused(read, ['TX-REQ-5'], "GET of another seller's shipping request is refused with a 4xx");
    const res = await stranger.pendingRequests();
    const holds = await listHolds(res, requestId, ['TX-REQ-5'], PENDING_REQUESTS);
    await verify(!holds, {
      title: "another seller's pending list does not hold the request",
      requirements: ['TX-REQ-5'],
      expected: `no ${requestId}`,
      actual: 'the request is listed',
      exchange: res,
    });
  });
});
