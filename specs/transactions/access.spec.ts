/**
 * Checks of the transactions group that need no control API: the bearer on every
 * operation, the pending transactions list, and unknown identifiers. Statuses
 * of the group are not shown: success is any 2xx, a refusal any 4xx; the error
 * body is not shown either (GEN-ERR-5), so it is never asserted here.
 */
import { randomUUID } from 'node:crypto';
import { expectStatus, type Sessions, test } from '../../fixtures/index.js';
import { fillPath, listOperations } from '../../schemas/operations.js';
import { transactionPath } from './support/shipping.js';

const anyPlan = (sessions: Sessions) => sessions.shared(sessions.accounts('pro').length > 0 ? 'pro' : 'basic');

/** A plausible body per operation, so the bearer is the only thing missing. */
function bodyFor(path: string): unknown {
  if (path.includes('/accept/')) return { transaction_id: randomUUID() };
  if (path.endsWith('/status')) return { status: 'in_transit' };
  return {};
}

test.describe('transactions: access', { tag: '@transactions' }, () => {
  test('[TX-AUTH-1] every transactions, disputes and deliveries operation called without a bearer token is refused with a 4xx', async ({ api }) => {
    const operations = listOperations().filter((op) => op.group === 'transactions');
    for (const op of operations) {
      const values = Object.fromEntries(op.pathParams.map((name) => [name, randomUUID()]));
      const path = fillPath(op, values);
      const res = await api.request(null, { method: op.method, path, body: op.hasBody ? bodyFor(op.path) : undefined });
      await expectStatus(res, '4xx', ['TX-AUTH-1'], `${op.method} ${op.path} without a bearer token is refused with a 4xx`);
    }
    test.info().annotations.push({ type: 'operations', description: operations.map((op) => `${op.method} ${op.path}`).join(', ') });
  });

  test('[TX-TXN-1] GET /transactions/pending answers a 2xx', async ({ api, sessions }) => {
    const res = await api.get(await anyPlan(sessions), '/transactions/pending');
    await expectStatus(res, '2xx', ['TX-TXN-1'], 'GET /transactions/pending answers a 2xx');
  });

  test('[TX-REQ-4] GET /transactions/requests/{requestId} of an id that does not exist is refused with a 4xx', { tag: '@should' }, async ({ api, sessions }) => {
    const res = await api.get(await anyPlan(sessions), `/transactions/requests/${randomUUID()}`);
    await expectStatus(res, '4xx', ['TX-REQ-4'], 'GET /transactions/requests/{unknown id} is refused with a 4xx');
  });

  test('[TX-TXN-3] GET /transactions/{transactionId} of an id that does not exist is refused with a 4xx', { tag: '@should' }, async ({ api, sessions }) => {
    const res = await api.get(await anyPlan(sessions), transactionPath(randomUUID()));
    await expectStatus(res, '4xx', ['TX-TXN-3'], 'GET /transactions/{unknown id} is refused with a 4xx');
  });
});
