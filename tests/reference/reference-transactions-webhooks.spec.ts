import { expect, test } from '@playwright/test';
import { verifySignature } from '../../lib/signature.js';
import { EventBus } from '../../reference/core/events.js';
import { Seam } from '../../reference/seam.js';
import { TransactionsService } from '../../reference/transactions/index.js';
import { WebhooksService } from '../../reference/webhooks/index.js';
import { validate } from '../../schemas/index.js';
import { startApi, startReceiver } from './reference-webhooks-harness.js';

/** Both parts on one bus: the transactions group's events reach the seller's webhooks as signed notifications. */
test('a purchase, an accept and a dispute notify the seller, signed, with ids in data', async () => {
  const bus = new EventBus();
  const seam = new Seam(undefined, []);
  const options = { port: 0, variants: [], webhookRetryMs: [50], itemLimit: 5, pageSize: 3 };
  const webhooks = new WebhooksService({ seam, options, bus, deliveryTimeoutMs: 500 });
  const transactions = new TransactionsService({ seam, options, bus, items: { ownerOf: (id) => (id === 'item-1' ? 'pro-1' : undefined) } });
  const api = await startApi((router) => {
    webhooks.registerRoutes(router);
    transactions.registerRoutes(router);
  });
  const receiver = await startReceiver();
  try {
    const events = ['SALE_COMPLETED', 'DELIVERY_REQUEST_STARTED', 'TRANSACTION_CREATED', 'DISPUTE_CREATED'];
    const created = await api.call('POST', '/webhooks', { user: 'pro-1', body: { url: `${receiver.base}/n?user=pro-1`, events } });
    const { request_id } = transactions.purchase('item-1');
    await api.call('POST', `/transactions/requests/${request_id}/accept/home-pickup`, { user: 'pro-1', body: { transaction_id: 't-1' } });
    const { dispute_id } = transactions.openDispute('t-1');
    const got = await receiver.waitFor(4);
    for (const r of got) {
      expect(r.target).toBe('/n?user=pro-1');
      const check = verifySignature(r.raw, r.headers['x-service-timestamp'] as string, r.headers['x-service-signature'] as string, created.body.token);
      expect(check.valid).toBe(true);
      expect(validate('notification', r.json).valid).toBe(true);
    }
    const byType = Object.fromEntries(got.map((r) => [r.json.type, r.json.data]));
    expect(byType).toEqual({
      SALE_COMPLETED: { item_id: 'item-1' },
      DELIVERY_REQUEST_STARTED: { request_id, item_id: 'item-1' },
      TRANSACTION_CREATED: { transaction_id: 't-1', request_id, item_id: 'item-1' },
      DISPUTE_CREATED: { dispute_id, transaction_id: 't-1' },
    });
  } finally {
    webhooks.close();
    await api.close();
    await receiver.close();
  }
});

/** The events a purchase, an accept and a dispute put on the bus, with when each came (ms after the purchase). */
async function eventsOfFlow(seam: Seam, waitMs: number): Promise<{ type: string; afterMs: number }[]> {
  const bus = new EventBus();
  const options = { port: 0, variants: [], webhookRetryMs: [50], itemLimit: 5, pageSize: 3 };
  const transactions = new TransactionsService({ seam, options, bus, items: { ownerOf: (id) => (id === 'item-1' ? 'pro-1' : undefined) } });
  const api = await startApi((router) => transactions.registerRoutes(router));
  const seen: { type: string; afterMs: number }[] = [];
  const start = Date.now();
  bus.subscribe((e) => seen.push({ type: e.type, afterMs: Date.now() - start }));
  try {
    const { request_id } = transactions.purchase('item-1');
    await api.call('POST', `/transactions/requests/${request_id}/accept/home-pickup`, { user: 'pro-1', body: { transaction_id: 't-1' } });
    transactions.openDispute('t-1');
    await new Promise((r) => setTimeout(r, waitMs));
    return seen;
  } finally {
    await api.close();
  }
}

/** WH-EVT-9 … WH-EVT-11: each defect drops its one event, the others still sent (the check charges each rule alone). */
for (const [defect, dropped] of [
  ['no-delivery-request-started-event', 'DELIVERY_REQUEST_STARTED'],
  ['no-transaction-created-event', 'TRANSACTION_CREATED'],
  ['no-dispute-created-event', 'DISPUTE_CREATED'],
] as const) {
  test(`${defect}: the flow sends no ${dropped}, and every other event`, async () => {
    const types = (await eventsOfFlow(new Seam(defect, []), 0)).map((e) => e.type);
    const all = ['DELIVERY_REQUEST_STARTED', 'SALE_COMPLETED', 'TRANSACTION_CREATED', 'DISPUTE_CREATED'];
    expect(types).toEqual(all.filter((t) => t !== dropped));
  });
}

test('action-events-late (variant): the three events an action causes leave 1 s after it, SALE_COMPLETED at once', async () => {
  const events = await eventsOfFlow(new Seam(undefined, ['action-events-late']), 1400);
  expect(events.map((e) => e.type)).toEqual(['SALE_COMPLETED', 'DELIVERY_REQUEST_STARTED', 'TRANSACTION_CREATED', 'DISPUTE_CREATED']);
  expect(events[0].afterMs).toBeLessThan(500);
  for (const e of events.slice(1)) expect(e.afterMs).toBeGreaterThanOrEqual(990);
});
