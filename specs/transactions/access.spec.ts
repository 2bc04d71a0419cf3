/**
 * Checks of the transactions group: the bearer on every operation, the pending
 * transactions list, and unknown identifiers. Statuses of the group are not
 * shown: success is any 2xx, a refusal any 4xx; the error body is not shown
 * either (GEN-ERR-5), so it is never asserted here.
 *
 * One reason per refusal (judging/refusal.ts): each refused call follows its
 * control. Without a bearer: the same call with a valid token, which must not be
 * refused alike (support of specs/auth, bearer-control.ts). An unknown id: the
 * read of an id the account holds (support/known-ids.ts: from its pending list,
 * else made through the control API, else not applicable) answers a 2xx. A 429
 * after the retries, or a 401 to a token a re-check did not prove alive, cannot
 * be judged: not exercised, with its code (judging/refusal.ts).
 */
import { randomUUID } from 'node:crypto';
import { expectControl, expectRefused, expectStatus, type Sessions, skipWhenUnjudged, test } from '../fixtures.js';
import { fillPath, listOperations } from '../../schemas/operations.js';
import { bearerRefusalUnproven } from '../shared/bearer-control.js';
import { knownRequestId, knownTransactionId } from './support/known-ids.js';
import { transactionsOf } from './support/shipping.js';

const anyPlan = (sessions: Sessions) => sessions.shared(sessions.accounts('pro').length > 0 ? 'pro' : 'basic');

/** A plausible body per operation, so the bearer is the only thing missing. */
function bodyFor(path: string): unknown {
  if (path.includes('/accept/')) return { transaction_id: randomUUID() };
  if (path.endsWith('/status')) return { status: 'in_transit' };
  return {};
}

test.describe('transactions: access', { tag: '@transactions' }, () => {
  test('[TX-AUTH-1] every transactions, disputes and deliveries operation called without a bearer token is refused with a 4xx', async ({ api, sessions }) => {
    const operations = listOperations().filter((op) => op.group === 'transactions');
    const session = await anyPlan(sessions);
    const unproven: string[] = [];
    for (const op of operations) {
      const values = Object.fromEntries(op.pathParams.map((name) => [name, randomUUID()]));
      const call = { method: op.method, path: fillPath(op, values), body: op.hasBody ? bodyFor(op.path) : undefined };
      // The control: the same call with a valid token (random ids: nothing is changed). A probe only, unjudged.
      const control = await api.request(session, { ...call, skipChecks: ['not-a-server-error', 'response-schema', 'documented-success-status', 'error-body-shape', 'json-content-type'] });
      const res = await api.request(null, call);
      const why = bearerRefusalUnproven(res, control, `${op.method} ${op.path}`);
      if (why !== undefined) {
        unproven.push(why);
        continue;
      }
      await expectStatus(res, '4xx', ['TX-AUTH-1'], `${op.method} ${op.path} without a bearer token is refused with a 4xx`);
    }
    test.info().annotations.push({ type: 'operations', description: operations.map((op) => `${op.method} ${op.path}`).join(', ') });
    // The rule is judged on the operations whose refusal the control told to be the bearer's; the others are listed.
    if (unproven.length > 0) test.info().annotations.push({ type: 'operations not judged', description: unproven.join('; ') });
    if (unproven.length === operations.length) skipWhenUnjudged(unproven);
  });

  test('[TX-TXN-1] GET /transactions/pending answers a 2xx', async ({ api, sessions }) => {
    const res = await transactionsOf({ api, session: await anyPlan(sessions) }).pendingTransactions();
    await expectStatus(res, '2xx', ['TX-TXN-1'], 'GET /transactions/pending answers a 2xx');
  });

  test('[TX-REQ-4] GET /transactions/requests/{requestId} of an id that does not exist is refused with a 4xx', { tag: '@should' }, async ({ seller }) => {
    const tx = transactionsOf(seller);
    const known = await knownRequestId(seller);
    await expectControl(await tx.request(known), '2xx', ['TX-REQ-2'], 'GET /transactions/requests/{a request of the account} answers a 2xx');
    const res = await tx.request(randomUUID());
    await expectRefused(res, ['TX-REQ-4'], 'GET /transactions/requests/{unknown id} is refused with a 4xx');
  });

  test('[TX-TXN-3] GET /transactions/{transactionId} of an id that does not exist is refused with a 4xx', { tag: '@should' }, async ({ seller }) => {
    const tx = transactionsOf(seller);
    const known = await knownTransactionId(seller);
    await expectControl(await tx.transaction(known), '2xx', ['TX-TXN-2'], 'GET /transactions/{a transaction of the account} answers a 2xx');
    const res = await tx.transaction(randomUUID());
    await expectRefused(res, ['TX-TXN-3'], 'GET /transactions/{unknown id} is refused with a 4xx');
  });
});
