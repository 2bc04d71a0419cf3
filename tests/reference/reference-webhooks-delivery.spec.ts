import { expect, test } from '@playwright/test';
import { verifySignature } from '../../lib/signature.js';
import { validate } from '../../schemas/index.js';
import { type Receiver, type Received, sleep, startReceiver, startWebhooks, type WebhooksRig } from './reference-webhooks-harness.js';

/** The reference's dispatcher: signed notifications, bounded retries, filtering, rotation, deletion. */
test.describe('reference webhooks: delivery', () => {
  let rig: WebhooksRig;
  let receiver: Receiver;
  test.beforeEach(async () => {
    rig = await startWebhooks({ retryMs: [50, 100, 150], timeoutMs: 300 });
    receiver = await startReceiver();
  });
  test.afterEach(async () => {
    await rig.close();
    await receiver.close();
  });

  const verify = (r: Received, token: string) =>
    verifySignature(r.raw, r.headers['x-service-timestamp'] as string, r.headers['x-service-signature'] as string, token);

  test('a notification is a signed JSON POST to the URL exactly as subscribed', async () => {
    const url = `${receiver.base}/hooks/in?user=pro-1&tag=a%20b&empty=`;
    const { token } = await rig.subscribe('pro-1', url, ['SALE_COMPLETED']);
    const before = Date.now();
    rig.bus.emit({ username: 'pro-1', type: 'SALE_COMPLETED', data: { item_id: 'item-7' } });
    const [got] = await receiver.waitFor(1);
    expect(got.target).toBe('/hooks/in?user=pro-1&tag=a%20b&empty=');
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(got, token)).toEqual({ valid: true, encoding: 'hex' });
    expect(got.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(validate('notification', got.json)).toEqual({ valid: true, errors: [] });
    expect(got.json).toMatchObject({ type: 'SALE_COMPLETED', data: { item_id: 'item-7' } });
    expect(got.json.occurred_on).toBeGreaterThanOrEqual(before);
    expect(got.json.occurred_on).toBeLessThanOrEqual(Date.now());
    expect(Number(got.headers['x-service-timestamp'])).toBeGreaterThanOrEqual(got.json.occurred_on);
  });

  test('the emitter is not blocked: emit returns before any delivery', async () => {
    receiver.script = () => 'hang';
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    const start = Date.now();
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    expect(Date.now() - start).toBeLessThan(50);
    expect(receiver.received).toHaveLength(0);
    await receiver.waitFor(1);
  });

  test('two notifications sent in the same millisecond still carry different timestamps', async () => {
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED', 'SALE_COMPLETED']);
    for (let i = 0; i < 5; i++) rig.bus.emit({ username: 'pro-1', type: i % 2 ? 'ITEM_LISTED' : 'SALE_COMPLETED', data: { item_id: 'x' } });
    const all = await receiver.waitFor(5);
    expect(new Set(all.map((r) => r.headers['x-service-timestamp'])).size).toBe(5);
  });

  test('one event sent at once to twelve subscriptions carries twelve different timestamps', async () => {
    for (let i = 0; i < 12; i++) await rig.subscribe('pro-1', `${receiver.base}/h${i}`, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    const all = await receiver.waitFor(12);
    expect(new Set(all.map((r) => r.headers['x-service-timestamp'])).size).toBe(12);
  });

  test('a 500 then a 200 gives one retry with the same id, a new timestamp and a valid signature', async () => {
    receiver.script = (n) => (n === 0 ? 500 : 200);
    const { token } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_INACTIVATED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_INACTIVATED', data: { item_id: 'i1' } });
    const [first, second] = await receiver.waitFor(2);
    expect(second.json.id).toBe(first.json.id);
    expect(second.json.occurred_on).toBe(first.json.occurred_on);
    expect(Number(second.headers['x-service-timestamp'])).toBeGreaterThan(Number(first.headers['x-service-timestamp']));
    expect(verify(first, token).valid).toBe(true);
    expect(verify(second, token).valid).toBe(true);
    await sleep(400);
    expect(receiver.received).toHaveLength(2);
  });

  test('retries are bounded: 1 attempt + one per configured delay, then given up', async () => {
    receiver.script = () => 503;
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    const all = await receiver.waitFor(4);
    await sleep(500);
    expect(receiver.received).toHaveLength(4);
    const stamps = all.map((r) => Number(r.headers['x-service-timestamp']));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(new Set(stamps).size).toBe(4);
    expect(new Set(all.map((r) => r.json.id)).size).toBe(1);
  });

  test('a receiver that does not answer in time is retried', async () => {
    receiver.script = (n) => (n === 0 ? 'hang' : 200);
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    const [first, second] = await receiver.waitFor(2, 3000);
    expect(second.json.id).toBe(first.json.id);
    expect(second.at - first.at).toBeGreaterThanOrEqual(300);
  });

  test('a connection refused is a failed attempt, not a crash', async () => {
    const gone = await startReceiver();
    const url = `${gone.base}/h`;
    await gone.close();
    await rig.subscribe('pro-1', url, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    await sleep(500);
    expect((await rig.api.call('GET', '/webhooks', { user: 'pro-1' })).status).toBe(200);
  });

  test('only subscribed types of the event account are delivered', async () => {
    await rig.subscribe('pro-1', `${receiver.base}/one?u=pro-1`, ['SALE_COMPLETED']);
    await rig.subscribe('pro-1', `${receiver.base}/two?u=pro-1`, ['ITEM_LISTED', 'SALE_COMPLETED']);
    await rig.subscribe('pro-2', `${receiver.base}/other?u=pro-2`, ['SALE_COMPLETED', 'ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    rig.bus.emit({ username: 'pro-1', type: 'SALE_COMPLETED', data: { item_id: 'x' } });
    await receiver.waitFor(3);
    await sleep(200);
    const seen = receiver.received.map((r) => `${r.target} ${r.json.type}`).sort();
    expect(seen).toEqual(['/one?u=pro-1 SALE_COMPLETED', '/two?u=pro-1 ITEM_LISTED', '/two?u=pro-1 SALE_COMPLETED']);
  });

  test('after a rotation, notifications are signed with the new token only', async () => {
    const { id, token: old } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    const { body } = await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' });
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    const [got] = await receiver.waitFor(1);
    expect(verify(got, body.token).valid).toBe(true);
    expect(verify(got, old).valid).toBe(false);
  });

  test('a rotation between attempts signs the retry with the token current at that attempt', async () => {
    receiver.script = (n) => (n === 0 ? 500 : 200);
    const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    await receiver.waitFor(1);
    const rotated = (await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' })).body.token;
    const [, retry] = await receiver.waitFor(2);
    expect(verify(retry, rotated).valid).toBe(true);
  });

  test('after DELETE nothing more is delivered, pending retries included', async () => {
    receiver.script = () => 500;
    const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    await receiver.waitFor(1);
    expect((await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' })).status).toBe(204);
    const count = receiver.received.length;
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_LISTED', data: {} });
    await sleep(600);
    expect(receiver.received).toHaveLength(count);
  });

  test("an event's given id is the notification id; otherwise each event gets a fresh one", async () => {
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['CHAT_LEAD_CREATED']);
    rig.bus.emit({ username: 'pro-1', type: 'CHAT_LEAD_CREATED', data: {}, id: 'control-given-id' });
    rig.bus.emit({ username: 'pro-1', type: 'CHAT_LEAD_CREATED', data: {} });
    rig.bus.emit({ username: 'pro-1', type: 'CHAT_LEAD_CREATED', data: {} });
    const all = await receiver.waitFor(3);
    const ids = all.map((r) => r.json.id);
    expect(ids).toContain('control-given-id');
    expect(new Set(ids).size).toBe(3);
  });
});

/** The variant timestamp-from-clock: each send stamped with the clock alone (WH-SIG-8 a finding, WH-SIG-4 kept). */
test('timestamp-from-clock (variant): each request carries the clock at its send, and a retry a timestamp of its own', async () => {
  const rig = await startWebhooks({ variants: ['timestamp-from-clock'], retryMs: [50], timeoutMs: 300 });
  const receiver = await startReceiver();
  try {
    receiver.script = (n) => (n === 0 ? 500 : 200);
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_INACTIVATED']);
    const before = Date.now();
    rig.bus.emit({ username: 'pro-1', type: 'ITEM_INACTIVATED', data: { item_id: 'i1' } });
    const [first, retry] = (await receiver.waitFor(2)).map((r) => Number(r.headers['x-service-timestamp']));
    expect(first).toBeGreaterThanOrEqual(before);
    // The retry waits its delay (50 ms), so the clock alone gives it a later timestamp.
    expect(retry).toBeGreaterThanOrEqual(first + 50);
    expect(retry).toBeLessThanOrEqual(Date.now());
  } finally {
    await rig.close();
    await receiver.close();
  }
});
