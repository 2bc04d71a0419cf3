import { ApiError } from '../../reference/core/errors.js';
import { expect, test } from './reference-fixture.js';

/** The reference's transactions group: requests, accept, transactions, deliveries, disputes. */
test.describe('reference transactions', () => {
  test('a purchase makes a pending request for the seller and emits its events', async ({ transactionsRig: rig }) => {
    const requestId = rig.purchase('pro-1');
    const pending = await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' });
    expect(pending.status).toBe(200);
    expect(pending.body.requests).toEqual([expect.objectContaining({ requestId, status: 'pending', item_id: expect.any(String) })]);
    expect((await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-2' })).body.requests).toEqual([]);
    const one = await rig.api.call('GET', `/transactions/requests/${requestId}`, { user: 'pro-1' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ requestId, status: 'pending' });
    expect(one.body.seller).toBeUndefined();
    expect(rig.events.map((e) => [e.username, e.type])).toEqual([
      ['pro-1', 'DELIVERY_REQUEST_STARTED'],
      ['pro-1', 'SALE_COMPLETED'],
    ]);
    expect(rig.events[1].data).toEqual({ item_id: one.body.item_id });
  });

  test('purchase and openDispute refuse unknown ids with ApiError 404', ({ transactionsRig: rig }) => {
    expect(() => rig.service.purchase('no-such-item')).toThrow(ApiError);
    expect(() => rig.service.openDispute('no-such-transaction')).toThrow(ApiError);
  });

  for (const method of ['home-pickup', 'post-office']) {
    test(`accept/${method} creates the transaction under the client's transaction_id`, async ({ transactionsRig: rig }) => {
      const requestId = rig.purchase('pro-1');
      const accept = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/${method}`, {
        user: 'pro-1',
        body: { transaction_id: `my-own-id-${method}` },
      });
      expect(accept.status).toBe(201);
      expect(accept.body).toMatchObject({ transactionId: `my-own-id-${method}`, requestId, status: 'pending', delivery_method: method });
      expect((await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' })).body.requests).toEqual([]);
      const read = await rig.api.call('GET', `/transactions/my-own-id-${method}`, { user: 'pro-1' });
      expect(read.status).toBe(200);
      expect(read.body.transactionId).toBe(`my-own-id-${method}`);
      const list = await rig.api.call('GET', '/transactions/pending', { user: 'pro-1' });
      expect(list.body.transactions.map((t: { transactionId: string }) => t.transactionId)).toEqual([`my-own-id-${method}`]);
      expect(rig.events.at(-1)).toMatchObject({ username: 'pro-1', type: 'TRANSACTION_CREATED', data: { transaction_id: `my-own-id-${method}` } });
    });
  }

  test('accept refusals: 409 INVALID_STATUS, 409 on a reused transaction_id, 400 on a bad body', async ({ transactionsRig: rig }) => {
    const { requestId, transactionId } = await rig.transaction('pro-1');
    const again = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/post-office`, {
      user: 'pro-1',
      body: { transaction_id: 'fresh-id' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATUS');
    const other = rig.purchase('pro-1');
    const reuse = await rig.api.call('POST', `/transactions/requests/${other}/accept/home-pickup`, {
      user: 'pro-1',
      body: { transaction_id: transactionId },
    });
    expect(reuse.status).toBe(409);
    expect(reuse.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    for (const body of [undefined, {}, { transaction_id: 7 }, { transaction_id: '' }, { transaction_id: 'x'.repeat(200) }, [], 'pending']) {
      const answer = await rig.api.call('POST', `/transactions/requests/${other}/accept/home-pickup`, { user: 'pro-1', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('INVALID_BODY_REQUEST');
    }
    // Still pending after the refusals.
    expect((await rig.api.call('GET', `/transactions/requests/${other}`, { user: 'pro-1' })).body.status).toBe('pending');
  });

  test("unknown ids and another seller's records answer 404 {code, message}", async ({ transactionsRig: rig }) => {
    const { requestId, transactionId } = await rig.transaction('pro-2');
    const delivery = await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-2' });
    const dispute = rig.service.openDispute(transactionId).dispute_id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/transactions/requests/${requestId}`],
      ['POST', `/transactions/requests/${requestId}/accept/home-pickup`, { transaction_id: 'x1' }],
      ['GET', `/transactions/${transactionId}`],
      ['POST', `/transactions/${transactionId}/delivery/register`],
      ['PATCH', `/deliveries/${delivery.body.deliveryId}/status`, { status: 'delivered' }],
      ['GET', `/disputes/${dispute}`],
      ['GET', '/transactions/requests/nope'],
      ['GET', '/transactions/nope'],
      ['GET', '/disputes/nope'],
      ['PATCH', '/deliveries/nope/status', { status: 'delivered' }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await rig.api.call(method, path, { user: 'pro-1', body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  test('a delivery is registered once, then its tracking status moves through the documented set', async ({ transactionsRig: rig }) => {
    const { transactionId } = await rig.transaction('pro-1');
    const reg = await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ deliveryId: expect.any(String), transactionId, status: 'registered' });
    const twice = await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' });
    expect(twice.status).toBe(409);
    for (const status of ['in_transit', 'delivered', 'returned', 'registered']) {
      const patch = await rig.api.call('PATCH', `/deliveries/${reg.body.deliveryId}/status`, { user: 'pro-1', body: { status } });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({ deliveryId: reg.body.deliveryId, status });
    }
    for (const body of [undefined, {}, { status: 'lost_in_space' }, { status: 3 }, 'delivered']) {
      const bad = await rig.api.call('PATCH', `/deliveries/${reg.body.deliveryId}/status`, { user: 'pro-1', body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('INVALID_BODY_REQUEST');
    }
  });

  test('openDispute makes a readable dispute and emits DISPUTE_CREATED', async ({ transactionsRig: rig }) => {
    const { transactionId } = await rig.transaction('pro-1');
    const { dispute_id } = rig.service.openDispute(transactionId);
    const read = await rig.api.call('GET', `/disputes/${dispute_id}`, { user: 'pro-1' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ disputeId: dispute_id, transactionId, status: 'created' });
    expect(rig.events.at(-1)).toMatchObject({ username: 'pro-1', type: 'DISPUTE_CREATED', data: { dispute_id, transaction_id: transactionId } });
  });

  test('without a session the handlers answer 401 USER_UNAUTHORIZED (the frame refuses first in the server)', async ({ transactionsRig: rig }) => {
    const answer = await rig.api.call('GET', '/transactions/pending');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('USER_UNAUTHORIZED');
  });
});
