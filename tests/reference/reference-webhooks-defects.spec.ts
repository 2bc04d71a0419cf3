import { expect, test } from '@playwright/test';
import { verifySignature } from '../../lib/signature.js';
import { serve } from './reference-fixture.js';
import {
  answers,
  type Receiver,
  type Received,
  type Script,
  sleep,
  startReceiver,
  startWebhooks,
  type WebhooksRig,
} from './reference-webhooks-harness.js';

/** Subscribes, emits, and checks what arrived. */
type Case = (rig: WebhooksRig, receiver: Receiver) => Promise<void>;

const ts = (r: Received) => r.headers['x-service-timestamp'] as string;
const sig = (r: Received) => r.headers['x-service-signature'] as string;
const verify = (r: Received, token: string) => verifySignature(r.raw, ts(r), sig(r), token);
const emit = (rig: WebhooksRig, username = 'pro-1', type = 'ITEM_LISTED') => rig.bus.emit({ username, type, data: {} });

/**
 * Subscribes pro-1 to ITEM_LISTED at the receiver's `path`, which answers as
 * `script` says, emits one ITEM_LISTED and waits for `count` notifications.
 */
async function deliver(
  rig: WebhooksRig,
  receiver: Receiver,
  { path = '/h', count = 1, script, timeoutMs }: { path?: string; count?: number; script?: Script; timeoutMs?: number } = {},
): Promise<{ id: string; token: string; got: Received[] }> {
  if (script) receiver.script = script;
  const subscription = await rig.subscribe('pro-1', `${receiver.base}${path}`, ['ITEM_LISTED']);
  emit(rig);
  return { ...subscription, got: await receiver.waitFor(count, timeoutMs) };
}

/** A defect seen in the one notification `deliver` brings (to `path`), checked by `see`. */
const inNotification =
  (see: (got: Received, token: string) => void, path?: string): Case =>
  async (rig, receiver) => {
    const { token, got } = await deliver(rig, receiver, { path });
    see(got[0], token);
  };

const signatureInvalid = (got: Received, token: string) => expect(verify(got, token).valid).toBe(false);

/** A notification answered as `script` says is delivered once, never again. */
const notRetried =
  (script: Script): Case =>
  async (rig, receiver) => {
    await deliver(rig, receiver, { script });
    await sleep(400);
    expect(receiver.received).toHaveLength(1);
  };

/** The first attempt is refused with a 500, the second accepted. */
const failOnce: Script = (n) => (n === 0 ? 500 : 200);

/** Each delivery defect, by name, switches the dispatcher's behaviour as described. */
const defects: Record<string, Case> = {
  'no-retry': notRetried(() => 500),
  'retry-new-id': async (rig, receiver) => {
    const [a, b] = (await deliver(rig, receiver, { count: 2, script: failOnce })).got;
    expect(b.json.id).not.toBe(a.json.id);
  },
  'retry-same-timestamp': async (rig, receiver) => {
    const [a, b] = (await deliver(rig, receiver, { count: 2, script: failOnce })).got;
    expect(ts(b)).toBe(ts(a));
  },
  'timestamp-follows-clock': async (rig, receiver) => {
    // One event to twelve subscriptions, sent at once: some in one millisecond share a timestamp (the faithful
    // dispatcher never repeats one: reference-webhooks-delivery.spec.ts, the same event to twelve subscriptions).
    for (let i = 0; i < 12; i++) await rig.subscribe('pro-1', `${receiver.base}/h${i}`, ['ITEM_LISTED']);
    emit(rig);
    expect(new Set((await receiver.waitFor(12)).map(ts)).size).toBeLessThan(12);
  },
  'timestamp-in-seconds': inNotification((got) => expect(Number(ts(got))).toBeLessThan(1e12)),
  'occurred-on-seconds': inNotification((got) => expect(got.json.occurred_on).toBeLessThan(1e12)),
  'query-string-dropped': inNotification((got) => expect(got.target).toBe('/h'), '/h?user=pro-1'),
  'events-not-filtered': async (rig, receiver) => {
    await rig.subscribe('pro-1', `${receiver.base}/h`, ['SALE_COMPLETED']);
    emit(rig, 'pro-1', 'ITEM_LISTED');
    expect((await receiver.waitFor(1))[0].json.type).toBe('ITEM_LISTED');
  },
  'notify-other-accounts': async (rig, receiver) => {
    await rig.subscribe('pro-2', `${receiver.base}/h?u=pro-2`, ['ITEM_LISTED']);
    emit(rig, 'pro-1');
    expect((await receiver.waitFor(1))[0].target).toBe('/h?u=pro-2');
  },
  'notify-after-delete': async (rig, receiver) => {
    const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' });
    emit(rig);
    await receiver.waitFor(1);
  },
  'signature-without-timestamp': inNotification(signatureInvalid),
  'signature-wrong-key': inNotification(signatureInvalid),
  'signature-over-reformatted-body': inNotification(signatureInvalid),
  'signature-old-key-after-rotation': async (rig, receiver) => {
    const { id, token: old, got } = await deliver(rig, receiver);
    expect(verify(got[0], old).valid).toBe(true);
    const fresh = (await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' })).body.token;
    emit(rig);
    const [, after] = await receiver.waitFor(2);
    expect(verify(after, fresh).valid).toBe(false);
    expect(verify(after, old).valid).toBe(true);
  },
  'signature-encoding-alternates': async (rig, receiver) => {
    // One event to four subscriptions: every signature verifies, in hex and base64 both (WH-SIG-9 breaks, WH-SIG-2 holds).
    const tokens = new Map<string, string>();
    for (let i = 0; i < 4; i++) tokens.set(`/h${i}`, (await rig.subscribe('pro-1', `${receiver.base}/h${i}`, ['ITEM_LISTED'])).token);
    emit(rig);
    const encodings = (await receiver.waitFor(4)).map((got) => verify(got, tokens.get(got.target) ?? ''));
    expect(encodings.every((r) => r.valid)).toBe(true);
    expect(new Set(encodings.map((r) => r.encoding))).toEqual(new Set(['hex', 'base64']));
  },
  'put-url-ignored': async (rig, receiver) => {
    const { id } = await rig.subscribe('pro-1', `${receiver.base}/old`, ['ITEM_LISTED']);
    const body = { url: `${receiver.base}/new`, events: ['ITEM_LISTED'] };
    expect((await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body })).status).toBe(204);
    emit(rig);
    expect((await receiver.waitFor(1))[0].target).toBe('/old');
  },
  'put-partial-body-accepted': async (rig) => {
    const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/h', ['ITEM_LISTED']);
    const put = await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body: { url: 'http://127.0.0.1:9/x' } });
    expect(put.status).toBe(204);
  },
  'unknown-webhook-delete-answers-204': answers(204, 'DELETE', '/webhooks/nope'),
  'dispute-cancelled-name-refused': answers(400, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/h', events: ['DISPUTE_CANCELLED_BY_SERVICE'] }),
  'notification-content-type-text': inNotification((got) => expect(got.headers['content-type']).toBe('text/plain')),
  'notification-id-is-webhook-id': async (rig, receiver) => {
    const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
    emit(rig);
    emit(rig);
    const [a, b] = await receiver.waitFor(2);
    expect([a.json.id, b.json.id]).toEqual([id, id]);
  },
  'duplicate-after-success': async (rig, receiver) => {
    const [a, b] = (await deliver(rig, receiver, { count: 2 })).got;
    expect(b.json.id).toBe(a.json.id);
    await sleep(300);
    expect(receiver.received).toHaveLength(2);
  },
  'retry-only-after-5xx': notRetried((n) => (n === 0 ? 404 : 200)),
  'only-200-confirms': async (rig, receiver) => {
    const [a, b] = (await deliver(rig, receiver, { count: 2, script: () => 202 })).got;
    expect(b.json.id).toBe(a.json.id);
  },
  'delivery-timeout-short': async (rig, receiver) => {
    // The first attempt is never answered: given up after 250 ms, not the usual 3 s, it comes again at once.
    const [a, b] = (await deliver(rig, receiver, { count: 2, timeoutMs: 1500, script: (n) => (n === 0 ? 'hang' : 200) })).got;
    expect(b.json.id).toBe(a.json.id);
    expect(b.at - a.at).toBeLessThan(1000);
  },
  'query-reencoded-as-uri': inNotification((got) => expect(got.target).toBe('/h?user=a&b+c%20d'), '/h?user=a%26b%2Bc%20d'),
  'timestamp-header-missing': inNotification((got) => {
    expect(got.headers['x-service-timestamp']).toBeUndefined();
    expect(sig(got)).toMatch(/^[0-9a-f]{64}$/);
  }),
  'put-answers-200-body': async (rig) => {
    const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/h', ['ITEM_LISTED']);
    const put = await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body: { url: 'http://127.0.0.1:9/x', events: ['ITEM_LISTED'] } });
    expect(put.status).toBe(200);
    expect(put.body.id).toBe(id);
  },
  'unknown-event-accepted': answers(201, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/h', events: ['NOT_AN_EVENT'] }),
};

/** Runs `run` against a fresh webhooks part (fast retries) and a fresh receiver, closing both whatever it did. */
const withRig = (options: { defect?: string; variants?: string[] }, run: Case) =>
  serve(
    () => startWebhooks({ ...options, retryMs: [50, 100] }),
    (rig) => rig.close(),
    (rig) => serve(startReceiver, (receiver) => receiver.close(), (receiver) => run(rig, receiver)),
  );

test.describe('reference webhooks: delivery defects', () => {
  test('signature-base64 (variant)', () =>
    withRig({ variants: ['signature-base64'] }, inNotification((got, token) => expect(verify(got, token)).toEqual({ valid: true, encoding: 'base64' }))));
  test('signature-base64url (variant)', () =>
    withRig(
      { variants: ['signature-base64url'] },
      inNotification((got, token) => {
        expect(sig(got)).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(verify(got, token)).toEqual({ valid: true, encoding: 'base64' });
      }),
    ));
  for (const [defect, run] of Object.entries(defects)) test(defect, () => withRig({ defect }, run));
});
