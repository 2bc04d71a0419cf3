import { expect, test } from '@playwright/test';
import { startTransactions, type TransactionsRig } from './reference-transactions-harness.js';

/** Each transactions defect (and the accept variant) switches the behaviour as its description says. */
const cases: Record<string, { defect?: string; variants?: string[]; run: (rig: TransactionsRig) => Promise<void> }> = {
  'accept-answers-200 (variant)': {
    variants: ['accept-answers-200'],
    run: async (rig) => {
      const requestId = rig.purchase('pro-1');
      const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/post-office`, {
        user: 'pro-1',
        body: { transaction_id: 'v-1' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.transactionId).toBe('v-1');
    },
  },
  'transaction-id-ignored': {
    defect: 'transaction-id-ignored',
    run: async (rig) => {
      const requestId = rig.purchase('pro-1');
      const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, {
        user: 'pro-1',
        body: { transaction_id: 'mine' },
      });
      expect(answer.body.transactionId).not.toBe('mine');
      expect((await rig.api.call('GET', '/transactions/mine', { user: 'pro-1' })).status).toBe(404);
    },
  },
  'accept-without-transaction-id': {
    defect: 'accept-without-transaction-id',
    run: async (rig) => {
      const requestId = rig.purchase('pro-1');
      const answer = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, { user: 'pro-1', body: {} });
      expect(answer.status).toBe(201);
    },
  },
  'accept-leaves-request-pending': {
    defect: 'accept-leaves-request-pending',
    run: async (rig) => {
      const { requestId } = await rig.transaction('pro-1');
      const pending = await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' });
      expect(pending.body.requests.map((r: { requestId: string }) => r.requestId)).toEqual([requestId]);
    },
  },
  'accept-non-pending-allowed': {
    defect: 'accept-non-pending-allowed',
    run: async (rig) => {
      const { requestId } = await rig.transaction('pro-1');
      const again = await rig.api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, {
        user: 'pro-1',
        body: { transaction_id: 'second' },
      });
      expect(again.status).toBe(201);
    },
  },
  'pending-request-not-listed': {
    defect: 'pending-request-not-listed',
    run: async (rig) => {
      rig.purchase('pro-1');
      expect((await rig.api.call('GET', '/transactions/requests/pending', { user: 'pro-1' })).body.requests).toEqual([]);
    },
  },
  'other-seller-request-visible': {
    defect: 'other-seller-request-visible',
    run: async (rig) => {
      const requestId = rig.purchase('pro-2');
      expect((await rig.api.call('GET', `/transactions/requests/${requestId}`, { user: 'pro-1' })).status).toBe(200);
    },
  },
  'unknown-request-answers-500': {
    defect: 'unknown-request-answers-500',
    run: async (rig) => {
      expect((await rig.api.call('GET', '/transactions/requests/nope', { user: 'pro-1' })).status).toBe(500);
    },
  },
  'request-read-empty-body': {
    defect: 'request-read-empty-body',
    run: async (rig) => {
      const requestId = rig.purchase('pro-1');
      const read = await rig.api.call('GET', `/transactions/requests/${requestId}`, { user: 'pro-1' });
      expect(read.body).toEqual({});
    },
  },
  'pending-transactions-route-shadowed': {
    defect: 'pending-transactions-route-shadowed',
    run: async (rig) => {
      await rig.transaction('pro-1');
      expect((await rig.api.call('GET', '/transactions/pending', { user: 'pro-1' })).status).toBe(404);
    },
  },
  'unknown-transaction-answers-200': {
    defect: 'unknown-transaction-answers-200',
    run: async (rig) => {
      expect((await rig.api.call('GET', '/transactions/nope', { user: 'pro-1' })).status).toBe(200);
    },
  },
  'delivery-register-refused': {
    defect: 'delivery-register-refused',
    run: async (rig) => {
      const { transactionId } = await rig.transaction('pro-1');
      expect((await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' })).status).toBe(409);
    },
  },
  'delivery-status-refused': {
    defect: 'delivery-status-refused',
    run: async (rig) => {
      const { transactionId } = await rig.transaction('pro-1');
      const reg = await rig.api.call('POST', `/transactions/${transactionId}/delivery/register`, { user: 'pro-1' });
      const patch = await rig.api.call('PATCH', `/deliveries/${reg.body.deliveryId}/status`, { user: 'pro-1', body: { status: 'delivered' } });
      expect(patch.status).toBe(400);
    },
  },
  'dispute-not-readable': {
    defect: 'dispute-not-readable',
    run: async (rig) => {
      const { transactionId } = await rig.transaction('pro-1');
      const { dispute_id } = rig.service.openDispute(transactionId);
      expect((await rig.api.call('GET', `/disputes/${dispute_id}`, { user: 'pro-1' })).status).toBe(404);
    },
  },
  'transactions-without-bearer': {
    defect: 'transactions-without-bearer',
    run: async (rig) => {
      // The frame lets the call through without a session; the handlers then serve it.
      rig.purchase('pro-3');
      const answer = await rig.api.call('GET', '/transactions/requests/pending');
      expect(answer.status).toBe(200);
      expect(answer.body.requests).toHaveLength(1);
    },
  },
};

test.describe('reference transactions: defects and variants', () => {
  for (const [name, c] of Object.entries(cases)) {
    test(name, async () => {
      const rig = await startTransactions({ defect: c.defect, variants: c.variants });
      try {
        await c.run(rig);
      } finally {
        await rig.close();
      }
    });
  }
});
