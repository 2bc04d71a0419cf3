import { expect, test } from '@playwright/test';
import { serve } from './reference-fixture.js';
import { startTransactions, type TransactionsRig } from './reference-transactions-harness.js';
import { answers } from './reference-webhooks-harness.js';

/** Each transactions defect, by name, switches the behaviour as its description says. */
const defects: Record<string, (rig: TransactionsRig) => Promise<void>> = {
  'transaction-id-ignored': async (rig) => {
    const requestId = rig.purchase('pro-1');
    const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, {
      user: 'pro-1',
      body: { transaction_id: 'mine' },
    });
    expect(answer.body.transactionId).not.toBe('mine');
    expect((await rig.api.call('GET', '/transactions/mine', { user: 'pro-1' })).status).toBe(404);
  },
  'accept-without-transaction-id': async (rig) => {
    const requestId = rig.purchase('pro-1');
    const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, { user: 'pro-1', body: {} });
    expect(answer.status).toBe(201);
  },
  'accept-leaves-request-pending': async (rig) => {
    const { requestId } = await rig.transaction('pro-1');
    const pending = await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' });
    expect(pending.body.requests.map((r: { requestId: string }) => r.requestId)).toEqual([requestId]);
  },
  'accept-non-pending-allowed': async (rig) => {
    const { requestId } = await rig.transaction('pro-1');
    const again = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, {
      user: 'pro-1',
      body: { transaction_id: 'second' },
    });
    expect(again.status).toBe(201);
  },
  'pending-request-not-listed': async (rig) => {
    rig.purchase('pro-1');
    expect((await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' })).body.requests).toEqual([]);
  },
  'other-seller-request-visible': async (rig) => {
    const requestId = rig.purchase('pro-2');
    expect((await rig.api.call('GET', `/transactions/requests/${requestId}`, { user: 'pro-1' })).status).toBe(200);
  },
  'unknown-request-answers-500': answers(500, 'GET', '/transactions/requests/nope'),
  'request-read-empty-body': async (rig) => {
    const requestId = rig.purchase('pro-1');
    const read = await rig.api.call('GET', `/transactions/requests/${requestId}`, { user: 'pro-1' });
    expect(read.body).toEqual({});
  },
  'pending-transactions-route-shadowed': async (rig) => {
    await rig.transaction('pro-1');
    expect((await rig.api.call('GET', '/transactions/pending', { user: 'pro-1' })).status).toBe(404);
  },
  'unknown-transaction-answers-200': answers(200, 'GET', '/transactions/nope'),
  'delivery-register-refused': async (rig) => {
    const { transactionId } = await rig.transaction('pro-1');
    expect((await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' })).status).toBe(409);
  },
  'delivery-status-refused': async (rig) => {
    const { transactionId } = await rig.transaction('pro-1');
    const reg = await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' });
    const patch = await rig.api.call('PATCH', `/deliveries/${reg.body.deliveryId}/status`, { user: 'pro-1', body: { status: 'delivered' } });
    expect(patch.status).toBe(400);
  },
  'dispute-not-readable': async (rig) => {
    const { transactionId } = await rig.transaction('pro-1');
    const { dispute_id } = rig.service.openDispute(transactionId);
    expect((await rig.api.call('GET', `/disputes/${dispute_id}`, { user: 'pro-1' })).status).toBe(404);
  },
  'transactions-without-bearer': async (rig) => {
    // The frame lets the call through without a session; the handlers then serve it.
    rig.purchase('pro-3');
    const answer = await rig.api.call('GET', '/transactions/requests/pending');
    expect(answer.status).toBe(200);
    expect(answer.body.requests).toHaveLength(1);
  },
};

const withRig = (options: { defect?: string; variants?: string[] }, run: (rig: TransactionsRig) => Promise<void>) =>
  serve(() => startTransactions(options), (rig) => rig.close(), run);

test.describe('reference transactions: defects and variants', () => {
  test('accept-answers-200 (variant)', () =>
    withRig({ variants: ['accept-answers-200'] }, async (rig) => {
      const requestId = rig.purchase('pro-1');
      const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/post-office`, {
        user: 'pro-1',
        body: { transaction_id: 'v-1' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.transactionId).toBe('v-1');
    }));
  for (const [defect, run] of Object.entries(defects)) test(defect, () => withRig({ defect }, run));
});
