/**
 * Accepting a shipping request: "the client generates and passes a
 * `transaction_id`", and "Accepting creates a shipping transaction". The
 * transaction must exist under the client's id; the request is then no longer
 * pending. Which state the new transaction is in is not shown, so its presence
 * in GET /transactions/pending is not asserted (catalog, TX-TXN-1).
 *
 * One reason per refusal (judging/refusal.ts): a refused accept has its
 * control, an accept of the same request that differs in the one property (for
 * TX-ACCEPT-5, the first accept of the request; for TX-ACCEPT-4, the same accept
 * with a transaction_id, sent after the refused one: the request can be accepted
 * once, so the exact twin comes second, and its verdict is judged first).
 */
import { randomUUID } from 'node:crypto';
import { expectControl, expectRefused, expectStatus, test, verify } from '../fixtures.js';
import { holdsId } from '../shared/json-search.js';
import { ACCEPT_REQUIREMENT, accept, listHolds, purchase, transactionsOf } from './support/shipping.js';
import type { AcceptMethod } from './support/transactions-api.js';

const PENDING_REQUESTS = 'GET /transactions/requests/pending';

test.describe('transactions: accepting a request', { tag: '@transactions' }, () => {
  for (const method of ['home-pickup', 'post-office'] as const satisfies readonly AcceptMethod[]) {
    const id = ACCEPT_REQUIREMENT[method];
    test(`[${id}][TX-ACCEPT-3][TX-TXN-2][TX-REQ-3] accepting by ${method} with a client transaction_id creates the transaction under that id, and the request leaves the pending list`, async ({ control, seller }) => {
      const tx = transactionsOf(seller);
      const { requestId } = await purchase({ ...seller, control });
      const { transactionId, res: accepted } = await accept(tx, requestId, method);
      const read = await tx.transaction(transactionId);
      // An accept that answers under the client's id while the read of that id fails breaks the read (TX-TXN-2);
      // an accept that answers under an id of its own ignored the client's (the accept rule).
      const readRules = holdsId(accepted.json, transactionId) ? ['TX-TXN-2'] : [id];
      await expectStatus(read, '2xx', readRules, 'GET /transactions/{the client transaction_id} answers a 2xx');
      await verify(holdsId(read.json, transactionId) || holdsId(accepted.json, transactionId), {
        title: 'the transaction is known under the client transaction_id',
        requirements: readRules,
        expected: `${transactionId} in the read of the transaction or in the accept answer`,
        actual: 'neither holds it',
        exchange: read,
      });
      const res = await tx.pendingRequests();
      const holds = await listHolds(res, requestId, ['TX-REQ-3'], PENDING_REQUESTS);
      await verify(!holds, {
        title: 'the accepted request is no longer pending',
        requirements: ['TX-REQ-3'],
        expected: `no ${requestId} among the pending shipping requests`,
        actual: 'it is still listed',
        exchange: res,
      });
    });
  }

  test('[TX-ACCEPT-4] an accept without transaction_id is refused with a 4xx and the request stays pending', { tag: '@should' }, async ({ control, seller }) => {
    const tx = transactionsOf(seller);
    const { requestId } = await purchase({ ...seller, control });
    const res = await tx.accept(requestId, 'post-office', {});
    const list = await tx.pendingRequests();
    const holds = await listHolds(list, requestId, ['TX-ACCEPT-4'], PENDING_REQUESTS);
    const judgeRefusal = async () => {
      await expectRefused(res, ['TX-ACCEPT-4'], 'POST …/accept/post-office without transaction_id is refused with a 4xx');
      await verify(holds, {
        title: 'after a refused accept the request is still pending',
        requirements: ['TX-ACCEPT-4'],
        expected: `${requestId} among the pending shipping requests`,
        actual: 'it is no longer listed',
        exchange: list,
      });
    };
    // Accepted without the id, or no longer pending: the rule has failed, and the request is not there for the control.
    if ((res.status >= 200 && res.status <= 299) || !holds) await judgeRefusal();
    const twin = await tx.accept(requestId, 'post-office', { transaction_id: randomUUID() });
    await expectControl(twin, '2xx', ['TX-ACCEPT-2'], 'the same accept with a transaction_id answers a 2xx');
    await judgeRefusal();
  });

  test('[TX-ACCEPT-5] accepting a request that was already accepted is refused with a 4xx', { tag: '@should' }, async ({ control, seller }) => {
    const tx = transactionsOf(seller);
    const { requestId } = await purchase({ ...seller, control });
    await accept(tx, requestId, 'home-pickup'); // the control: the same request, pending, is accepted
    const again = await tx.accept(requestId, 'post-office', { transaction_id: randomUUID() });
    await expectRefused(again, ['TX-ACCEPT-5'], 'a second accept of the same request is refused with a 4xx');
  });
});
