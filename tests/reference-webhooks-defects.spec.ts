import { expect, test } from '@playwright/test';
import { verifySignature } from '../lib/signature.js';
import { type Receiver, type Received, sleep, startReceiver, startWebhooks, type WebhooksRig } from './reference-webhooks-harness.js';

/** Each delivery defect (and the signature variant) switches the dispatcher's behaviour as described. */
interface Case {
  defect?: string;
  variants?: string[];
  script?: (n: number) => number | 'hang';
  /** Subscribes, emits, and checks what arrived. */
  run: (rig: WebhooksRig, receiver: Receiver) => Promise<void>;
}

const ts = (r: Received) => r.headers['x-service-timestamp'] as string;
const sig = (r: Received) => r.headers['x-service-signature'] as string;
const emit = (rig: WebhooksRig, username = 'pro-1', type = 'ITEM_LISTED') => rig.bus.emit({ username, type, data: {} });

const cases: Record<string, Case> = {
  'signature-base64 (variant)': {
    variants: ['signature-base64'],
    run: async (rig, receiver) => {
      const { token } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(verifySignature(got.raw, ts(got), sig(got), token)).toEqual({ valid: true, encoding: 'base64' });
    },
  },
  'no-retry': {
    defect: 'no-retry',
    script: () => 500,
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      await receiver.waitFor(1);
      await sleep(400);
      expect(receiver.received).toHaveLength(1);
    },
  },
  'retry-new-id': {
    defect: 'retry-new-id',
    script: (n) => (n === 0 ? 500 : 200),
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [a, b] = await receiver.waitFor(2);
      expect(b.json.id).not.toBe(a.json.id);
    },
  },
  'retry-same-timestamp': {
    defect: 'retry-same-timestamp',
    script: (n) => (n === 0 ? 500 : 200),
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [a, b] = await receiver.waitFor(2);
      expect(ts(b)).toBe(ts(a));
    },
  },
  'timestamp-in-seconds': {
    defect: 'timestamp-in-seconds',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(Number(ts(got))).toBeLessThan(1e12);
    },
  },
  'occurred-on-seconds': {
    defect: 'occurred-on-seconds',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      expect((await receiver.waitFor(1))[0].json.occurred_on).toBeLessThan(1e12);
    },
  },
  'query-string-dropped': {
    defect: 'query-string-dropped',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h?user=pro-1`, ['ITEM_LISTED']);
      emit(rig);
      expect((await receiver.waitFor(1))[0].target).toBe('/h');
    },
  },
  'events-not-filtered': {
    defect: 'events-not-filtered',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['SALE_COMPLETED']);
      emit(rig, 'pro-1', 'ITEM_LISTED');
      expect((await receiver.waitFor(1))[0].json.type).toBe('ITEM_LISTED');
    },
  },
  'notify-other-accounts': {
    defect: 'notify-other-accounts',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-2', `${receiver.base}/h?u=pro-2`, ['ITEM_LISTED']);
      emit(rig, 'pro-1');
      expect((await receiver.waitFor(1))[0].target).toBe('/h?u=pro-2');
    },
  },
  'notify-after-delete': {
    defect: 'notify-after-delete',
    run: async (rig, receiver) => {
      const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' });
      emit(rig);
      await receiver.waitFor(1);
    },
  },
  'signature-without-timestamp': {
    defect: 'signature-without-timestamp',
    run: async (rig, receiver) => {
      const { token } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(verifySignature(got.raw, ts(got), sig(got), token).valid).toBe(false);
    },
  },
  'signature-wrong-key': {
    defect: 'signature-wrong-key',
    run: async (rig, receiver) => {
      const { token } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(verifySignature(got.raw, ts(got), sig(got), token).valid).toBe(false);
    },
  },
  'signature-over-reformatted-body': {
    defect: 'signature-over-reformatted-body',
    run: async (rig, receiver) => {
      const { token } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(verifySignature(got.raw, ts(got), sig(got), token).valid).toBe(false);
    },
  },
  'signature-old-key-after-rotation': {
    defect: 'signature-old-key-after-rotation',
    run: async (rig, receiver) => {
      const { id, token: old } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [before] = await receiver.waitFor(1);
      expect(verifySignature(before.raw, ts(before), sig(before), old).valid).toBe(true);
      const fresh = (await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' })).body.token;
      emit(rig);
      const [, after] = await receiver.waitFor(2);
      expect(verifySignature(after.raw, ts(after), sig(after), fresh).valid).toBe(false);
      expect(verifySignature(after.raw, ts(after), sig(after), old).valid).toBe(true);
    },
  },
  'put-url-ignored': {
    defect: 'put-url-ignored',
    run: async (rig, receiver) => {
      const { id } = await rig.subscribe('pro-1', `${receiver.base}/old`, ['ITEM_LISTED']);
      const body = { url: `${receiver.base}/new`, events: ['ITEM_LISTED'] };
      expect((await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body })).status).toBe(204);
      emit(rig);
      expect((await receiver.waitFor(1))[0].target).toBe('/old');
    },
  },
  'put-partial-body-accepted': {
    defect: 'put-partial-body-accepted',
    run: async (rig) => {
      const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/h', ['ITEM_LISTED']);
      const put = await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body: { url: 'http://127.0.0.1:9/x' } });
      expect(put.status).toBe(204);
    },
  },
  'unknown-webhook-delete-answers-204': {
    defect: 'unknown-webhook-delete-answers-204',
    run: async (rig) => {
      expect((await rig.api.call('DELETE', '/webhooks/nope', { user: 'pro-1' })).status).toBe(204);
    },
  },
  'dispute-cancelled-name-refused': {
    defect: 'dispute-cancelled-name-refused',
    run: async (rig) => {
      const body = { url: 'http://127.0.0.1:9/h', events: ['DISPUTE_CANCELLED_BY_SERVICE'] };
      expect((await rig.api.call('POST', '/webhooks', { user: 'pro-1', body })).status).toBe(400);
    },
  },
  'notification-content-type-text': {
    defect: 'notification-content-type-text',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      expect((await receiver.waitFor(1))[0].headers['content-type']).toBe('text/plain');
    },
  },
  'notification-id-is-webhook-id': {
    defect: 'notification-id-is-webhook-id',
    run: async (rig, receiver) => {
      const { id } = await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      emit(rig);
      const [a, b] = await receiver.waitFor(2);
      expect([a.json.id, b.json.id]).toEqual([id, id]);
    },
  },
  'duplicate-after-success': {
    defect: 'duplicate-after-success',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [a, b] = await receiver.waitFor(2);
      expect(b.json.id).toBe(a.json.id);
      await sleep(300);
      expect(receiver.received).toHaveLength(2);
    },
  },
  'retry-only-after-5xx': {
    defect: 'retry-only-after-5xx',
    script: (n) => (n === 0 ? 404 : 200),
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      await receiver.waitFor(1);
      await sleep(400);
      expect(receiver.received).toHaveLength(1);
    },
  },
  'only-200-confirms': {
    defect: 'only-200-confirms',
    script: () => 202,
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [a, b] = await receiver.waitFor(2);
      expect(b.json.id).toBe(a.json.id);
    },
  },
  'delivery-timeout-short': {
    defect: 'delivery-timeout-short',
    // The first attempt is never answered: given up after 250 ms, not the usual 3 s, it comes again at once.
    script: (n) => (n === 0 ? 'hang' : 200),
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [a, b] = await receiver.waitFor(2, 1500);
      expect(b.json.id).toBe(a.json.id);
      expect(b.at - a.at).toBeLessThan(1000);
    },
  },
  'query-reencoded-as-uri': {
    defect: 'query-reencoded-as-uri',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h?user=a%26b%2Bc%20d`, ['ITEM_LISTED']);
      emit(rig);
      expect((await receiver.waitFor(1))[0].target).toBe('/h?user=a&b+c%20d');
    },
  },
  'timestamp-header-missing': {
    defect: 'timestamp-header-missing',
    run: async (rig, receiver) => {
      await rig.subscribe('pro-1', `${receiver.base}/h`, ['ITEM_LISTED']);
      emit(rig);
      const [got] = await receiver.waitFor(1);
      expect(got.headers['x-service-timestamp']).toBeUndefined();
      expect(sig(got)).toMatch(/^[0-9a-f]{64}$/);
    },
  },
  'put-answers-200-body': {
    defect: 'put-answers-200-body',
    run: async (rig) => {
      const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/h', ['ITEM_LISTED']);
      const put = await rig.api.call('PUT', `/webhooks/${id}`, { user: 'pro-1', body: { url: 'http://127.0.0.1:9/x', events: ['ITEM_LISTED'] } });
      expect(put.status).toBe(200);
      expect(put.body.id).toBe(id);
    },
  },
  'unknown-event-accepted': {
    defect: 'unknown-event-accepted',
    run: async (rig) => {
      const body = { url: 'http://127.0.0.1:9/h', events: ['NOT_AN_EVENT'] };
      expect((await rig.api.call('POST', '/webhooks', { user: 'pro-1', body })).status).toBe(201);
    },
  },
};

test.describe('reference webhooks: delivery defects', () => {
  for (const [name, c] of Object.entries(cases)) {
    test(name, async () => {
      const rig = await startWebhooks({ defect: c.defect, variants: c.variants, retryMs: [50, 100] });
      const receiver = await startReceiver(c.script);
      try {
        await c.run(rig, receiver);
      } finally {
        await rig.close();
        await receiver.close();
      }
    });
  }
});
