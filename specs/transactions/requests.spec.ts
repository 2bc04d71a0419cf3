/**
 * Shipping requests: "A request is pending from the moment a buyer purchases the
 * item until the seller accepts it." The purchase is the buyer's act, so it goes
 * through the control API; the item is a tagged one of a leased Pro account.
 * A refused read by another seller has its control, the same read by the
 * request's seller (fixtures/refusal.ts: a 401 or 429 is no refusal of the read).
 */
import { expectControl, expectRefused, notApplicable, test, verify } from '../fixtures.js';
import { expectReadHolds, listHolds, purchase, requestPath } from './support/shipping.js';

const PENDING_REQUESTS = '/transactions/requests/pending';

test.describe('transactions: shipping requests', { tag: '@transactions' }, () => {
  test('[TX-REQ-1][TX-REQ-2] a purchase makes a pending shipping request that the pending list holds and GET /transactions/requests/{id} answers', async ({ api, control, seller }) => {
    const { session } = seller;
    const { requestId } = await purchase({ ...seller, control });
    const { res, holds } = await listHolds({ api, session }, PENDING_REQUESTS, requestId, ['TX-REQ-1']);
    await verify(holds, {
      title: 'the pending shipping requests hold the request of the purchase',
      requirements: ['TX-REQ-1'],
      expected: `the requestId ${requestId} in the list (any wrapper)`,
      actual: 'a list without it',
      exchange: res,
    });
    await expectReadHolds({ api, session }, requestPath(requestId), requestId, ['TX-REQ-2'], 'GET /transactions/requests/{requestId}');
  });

  test('[TX-REQ-5] another seller neither reads nor lists a shipping request', { tag: '@should' }, async ({ api, sessions, control, hasProAndBasic, seller }) => {
    test.skip(!hasProAndBasic, notApplicable('accounts', 'needs a pro and a basic account (SC_ACCOUNTS)'));
    const { session } = seller;
    const { requestId } = await purchase({ ...seller, control });
    const stranger = await sessions.pooled('basic');
    await expectControl(await api.get(session, requestPath(requestId)), '2xx', ['TX-REQ-2'], "the seller's GET of its shipping request answers a 2xx");
    const read = await api.get(stranger, requestPath(requestId));
    await expectRefused(read, ['TX-REQ-5'], "GET of another seller's shipping request is refused with a 4xx");
    const { res, holds } = await listHolds({ api, session: stranger }, PENDING_REQUESTS, requestId, ['TX-REQ-5']);
    await verify(!holds, {
      title: "another seller's pending list does not hold the request",
      requirements: ['TX-REQ-5'],
      expected: `no ${requestId}`,
      actual: 'the request is listed',
      exchange: res,
    });
  });
});
