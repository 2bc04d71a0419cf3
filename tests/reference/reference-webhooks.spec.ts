import { validate } from '../../schemas/index.js';
import { expect, serve, test } from './reference-fixture.js';
import { answers, startWebhooks, type WebhooksRig } from './reference-webhooks-harness.js';

/** The reference's /webhooks routes: shapes, statuses, ownership and refusals. */
test.describe('reference webhooks: subscription routes', () => {
  test('POST /webhooks answers 201 with an id and a long random token', async ({ webhooksRig: rig }) => {
    const answer = await rig.api.call('POST', '/webhooks', {
      user: 'pro-1',
      body: { url: 'http://127.0.0.1:9/hook?user=pro-1', events: ['SALE_COMPLETED'] },
    });
    expect(answer.status).toBe(201);
    expect(validate('webhook-create-response', answer.body).valid).toBe(true);
    // 32 random bytes, base64url.
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const other = await rig.subscribe('pro-1', 'http://127.0.0.1:9/hook', ['ITEM_LISTED']);
    expect(other.token).not.toBe(answer.body.token);
    expect(other.id).not.toBe(answer.body.id);
  });

  test("GET /webhooks lists the account's webhooks with id, url, token and events", async ({ webhooksRig: rig }) => {
    const mine = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a?x=1', ['SALE_COMPLETED', 'ITEM_LISTED']);
    await rig.subscribe('pro-2', 'http://127.0.0.1:9/b', ['ITEM_LISTED']);
    const answer = await rig.api.call('GET', '/webhooks', { user: 'pro-1' });
    expect(answer.status).toBe(200);
    expect(answer.body.webhooks).toEqual([
      { id: mine.id, url: 'http://127.0.0.1:9/a?x=1', token: mine.token, events: ['SALE_COMPLETED', 'ITEM_LISTED'] },
    ]);
    for (const webhook of answer.body.webhooks) expect(validate('webhook', webhook).valid).toBe(true);
  });

  test('PUT answers 204 without a body and changes url and events', async ({ webhooksRig: rig }) => {
    const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
    const put = await rig.api.call('PUT', `/webhooks/${id}`, {
      user: 'pro-1',
      body: { url: 'https://example.test/b?u=1', events: ['ITEM_INACTIVATED'] },
    });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    const list = await rig.api.call('GET', '/webhooks', { user: 'pro-1' });
    expect(list.body.webhooks[0]).toMatchObject({ id, url: 'https://example.test/b?u=1', events: ['ITEM_INACTIVATED'] });
  });

  test('PATCH /webhooks/{id}/token answers 200 with a new token, then listed', async ({ webhooksRig: rig }) => {
    const { id, token } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
    const patch = await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' });
    expect(patch.status).toBe(200);
    expect(validate('webhook-token-response', patch.body).valid).toBe(true);
    expect(patch.body.id).toBe(id);
    expect(patch.body.token).not.toBe(token);
    const list = await rig.api.call('GET', '/webhooks', { user: 'pro-1' });
    expect(list.body.webhooks[0].token).toBe(patch.body.token);
  });

  test('DELETE answers 204 without a body and the webhook is gone', async ({ webhooksRig: rig }) => {
    const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
    const del = await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await rig.api.call('GET', '/webhooks', { user: 'pro-1' })).body.webhooks).toEqual([]);
    expect((await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' })).status).toBe(404);
  });

  test("an unknown id and another account's webhook both answer 404 {code, message}", async ({ webhooksRig: rig }) => {
    const { id } = await rig.subscribe('pro-2', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
    const body = { url: 'http://127.0.0.1:9/x', events: ['SALE_COMPLETED'] };
    for (const target of [id, 'no-such-webhook']) {
      for (const [method, path, payload] of [
        ['PUT', `/webhooks/${target}`, body],
        ['DELETE', `/webhooks/${target}`, undefined],
        ['PATCH', `/webhooks/${target}/token`, undefined],
      ] as const) {
        const answer = await rig.api.call(method, path, { user: 'pro-1', body: payload });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(validate('error', answer.body).valid).toBe(true);
      }
    }
    // Untouched for its owner.
    expect((await rig.api.call('GET', '/webhooks', { user: 'pro-2' })).body.webhooks).toHaveLength(1);
  });

  test('bad subscription bodies answer 400 INVALID_BODY_REQUEST', async ({ webhooksRig: rig }) => {
    const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
    const bodies: unknown[] = [
      undefined,
      [],
      'text',
      {},
      { url: 'http://127.0.0.1:9/a' },
      { events: ['SALE_COMPLETED'] },
      { url: '/relative', events: ['SALE_COMPLETED'] },
      { url: 'ftp://127.0.0.1/a', events: ['SALE_COMPLETED'] },
      { url: 'not a url', events: ['SALE_COMPLETED'] },
      { url: `http://127.0.0.1/${'a'.repeat(3000)}`, events: ['SALE_COMPLETED'] },
      { url: 42, events: ['SALE_COMPLETED'] },
      { url: 'http://127.0.0.1:9/a', events: [] },
      { url: 'http://127.0.0.1:9/a', events: 'SALE_COMPLETED' },
      { url: 'http://127.0.0.1:9/a', events: ['NOT_AN_EVENT'] },
      { url: 'http://127.0.0.1:9/a', events: ['DISPUTE_CANCELLED_BY_WALLAPOP_PLACEHOLDER'] },
      { url: 'http://127.0.0.1:9/a', events: [7] },
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ['POST', '/webhooks'],
        ['PUT', `/webhooks/${id}`],
      ] as const) {
        const answer = await rig.api.call(method, path, { user: 'pro-1', body });
        expect(answer.status, `${method} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(400);
        expect(answer.body.code).toBe('INVALID_BODY_REQUEST');
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
  });

  test('every event type of the spec can be subscribed, with the neutral dispute name', async ({ webhooksRig: rig }) => {
    const events = [
      ...['SALE_COMPLETED', 'ITEM_BANNED', 'ITEM_OUT_OF_STOCK', 'ITEM_INACTIVATED', 'ITEM_LISTED', 'ITEM_RETURNED'],
      ...['DELIVERY_REQUEST_STARTED', 'DELIVERY_REQUEST_CANCELLED', 'DELIVERY_REQUEST_FAILED', 'DELIVERY_REQUEST_EXPIRED'],
      ...['TRANSACTION_CREATED', 'DISPUTE_CREATED', 'DISPUTE_QUALITY_CHECK_STARTED', 'DISPUTE_QUALITY_CHECK_EXPIRED'],
      ...['DISPUTE_QUALITY_CHECK_APPROVED_BY_SELLER', 'DISPUTE_ISSUE_REPORTED_BY_SELLER', 'DISPUTE_CANCELLED_BY_SERVICE'],
      'CHAT_LEAD_CREATED',
    ];
    const answer = await rig.api.call('POST', '/webhooks', { user: 'pro-1', body: { url: 'http://127.0.0.1:9/a', events } });
    expect(answer.status).toBe(201);
  });
});

test.describe('reference webhooks: variants and route defects', () => {
  const withRig = (options: { defect?: string; variants?: string[] }, check: (rig: WebhooksRig) => Promise<void>) =>
    serve(() => startWebhooks(options), (rig) => rig.close(), check);

  test('webhook-list-bare-array (variant) answers a bare array', () =>
    withRig({ variants: ['webhook-list-bare-array'] }, async (rig) => {
      await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['SALE_COMPLETED']);
      const list = await rig.api.call('GET', '/webhooks', { user: 'pro-1' });
      expect(Array.isArray(list.body)).toBe(true);
      expect(list.body[0].token).toEqual(expect.any(String));
    }));

  /** Each route defect, by name, changes what the routes answer as its description says. */
  const defects: Record<string, (rig: WebhooksRig) => Promise<void>> = {
    'create-answers-200': answers(200, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/a', events: ['ITEM_LISTED'] }),
    'token-not-rotated': async (rig) => {
      const { id, token } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['ITEM_LISTED']);
      expect((await rig.api.call('PATCH', `/webhooks/${id}/token`, { user: 'pro-1' })).body.token).toBe(token);
    },
    'delete-answers-200-body': async (rig) => {
      const { id } = await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['ITEM_LISTED']);
      const del = await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' });
      expect(del.status).toBe(200);
      expect(del.text).not.toBe('');
    },
    'list-without-token': async (rig) => {
      await rig.subscribe('pro-1', 'http://127.0.0.1:9/a', ['ITEM_LISTED']);
      expect((await rig.api.call('GET', '/webhooks', { user: 'pro-1' })).body.webhooks[0].token).toBeUndefined();
    },
    'webhook-other-account-reachable': async (rig) => {
      const { id } = await rig.subscribe('pro-2', 'http://127.0.0.1:9/a', ['ITEM_LISTED']);
      expect((await rig.api.call('DELETE', `/webhooks/${id}`, { user: 'pro-1' })).status).toBe(204);
    },
  };
  for (const [defect, check] of Object.entries(defects)) test(defect, () => withRig({ defect }, check));
});
