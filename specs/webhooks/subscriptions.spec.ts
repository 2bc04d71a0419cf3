/**
 * Webhook subscriptions with the statuses the spec shows (Endpoints > Webhooks):
 * create 201 {id, token}; list 200 (id, url, token, events); PUT 204 without a
 * body; DELETE 204 without a body; PATCH …/token 200 {id, token (new)}.
 * The list wrapper is not shown: a bare array or any wrapper is read (schemas/lists.ts).
 * No event is provoked here: the receiver URLs only need to be valid addresses.
 */
import { type ApiResponse, expectStatus, partKey, test, verify } from '../fixtures.js';
import { describeEntry, listed, sameSet } from './support/subscriptions.js';

/**
 * The spec shows PUT and DELETE answering 204 with no body: both proven by one part of the rule (`no-content`;
 * the controls elsewhere judge the status alone, the rule's bare ID, which passes no part).
 */
async function noContent(res: ApiResponse, operation: string, requirement: string): Promise<void> {
  await expectStatus(res, 204, [requirement], `${operation} answers 204`);
  await verify(res.text === '', {
    title: `${operation} answers without a body`,
    requirements: [requirement],
    expected: 'no body',
    actual: `a body of ${res.text.length} characters`,
    exchange: res,
  });
}

test.describe('webhook subscriptions', { tag: '@webhooks' }, () => {
  test('[WH-SUB-1][WH-SUB-2][WH-SUB-3] a created webhook answers 201 with id and token and is listed with its id, url, token and events', async ({ receiver, webhooks }) => {
    const hook = await receiver.newHook({ user: 'sub-1' });
    const events = ['ITEM_INACTIVATED', 'SALE_COMPLETED'];
    const webhook = await webhooks.create(hook.url, events);
    await verify(webhook.id.length > 0 && webhook.token.length > 0, {
      title: 'POST /webhooks answers a non-empty id and token',
      requirements: ['WH-SUB-1'],
      expected: 'non-empty strings',
      actual: `id of ${webhook.id.length} characters, token of ${webhook.token.length}`,
    });
    const { res, entries } = await webhooks.list();
    const entry = listed(entries, webhook.id);
    await verify(entry !== undefined && entry.url === hook.url && Array.isArray(entry.events) && sameSet(entry.events, events), {
      title: 'GET /webhooks lists the created webhook with its url and events as created',
      requirements: ['WH-SUB-2'],
      expected: `an entry {id: ${webhook.id}, url: the subscribed url, events: ${events.join(', ')}}`,
      actual: describeEntry(entry),
      exchange: res,
    });
    await verify(entry?.token === webhook.token, {
      title: 'GET /webhooks lists the token returned on create',
      requirements: ['WH-SUB-3', 'WH-SUB-2'],
      expected: 'the token of the create answer',
      actual: typeof entry?.token === 'string' ? 'another token' : 'no token',
      exchange: res,
    });
  });

  test('[WH-SUB-4] PUT /webhooks/{id} answers 204 without a body and the list shows the new url and events', async ({ receiver, webhooks }) => {
    const [first, second] = [await receiver.newHook(), await receiver.newHook({ user: 'sub-4' })];
    const webhook = await webhooks.create(first.url, ['ITEM_INACTIVATED']);
    const events = ['SALE_COMPLETED', 'CHAT_LEAD_CREATED'];
    const res = await webhooks.put(webhook.id, { url: second.url, events });
    await noContent(res, 'PUT /webhooks/{id}', partKey('WH-SUB-4', 'no-content'));
    const { res: list, entries } = await webhooks.list(['WH-SUB-4']);
    const entry = listed(entries, webhook.id);
    await verify(entry?.url === second.url && Array.isArray(entry?.events) && sameSet(entry.events, events), {
      title: 'after PUT, GET /webhooks shows the new url and events',
      requirements: [partKey('WH-SUB-4', 'applied')],
      expected: `url: the new url, events: ${events.join(', ')}`,
      actual: describeEntry(entry),
      exchange: list,
    });
  });

  test('[WH-SUB-6] DELETE /webhooks/{id} answers 204 without a body and the webhook leaves the list', async ({ webhooks, hook }) => {
    const webhook = await webhooks.create(hook.url, ['ITEM_INACTIVATED']);
    const res = await webhooks.delete(webhook.id);
    await noContent(res, 'DELETE /webhooks/{id}', partKey('WH-SUB-6', 'no-content'));
    const { res: list, entries } = await webhooks.list(['WH-SUB-6']);
    await verify(listed(entries, webhook.id) === undefined, {
      title: 'after DELETE, GET /webhooks no longer lists the webhook',
      requirements: [partKey('WH-SUB-6', 'gone')],
      expected: `no entry with id ${webhook.id}`,
      actual: describeEntry(listed(entries, webhook.id)),
      exchange: list,
    });
  });

  test('[WH-SUB-7][WH-SUB-3] PATCH /webhooks/{id}/token answers 200 with the id and a new token, which the list then shows', async ({ webhooks, hook }) => {
    const webhook = await webhooks.create(hook.url, ['ITEM_INACTIVATED']);
    // The spec's request column says "none": no body is sent.
    const res = await webhooks.rotate(webhook.id);
    const body = res.json as { id?: unknown; token?: unknown } | undefined;
    await expectStatus(res, 200, ['WH-SUB-7'], 'PATCH /webhooks/{id}/token answers 200');
    await verify(body?.id === webhook.id, {
      title: 'PATCH /webhooks/{id}/token answers the webhook id',
      requirements: [partKey('WH-SUB-7', 'id')],
      expected: `id ${webhook.id}`,
      actual: `id ${JSON.stringify(body?.id)}`,
      exchange: res,
    });
    await verify(typeof body?.token === 'string' && body.token !== '' && body.token !== webhook.token, {
      title: 'PATCH /webhooks/{id}/token answers a new token',
      requirements: [partKey('WH-SUB-7', 'new-token')],
      expected: 'a non-empty token different from the one returned on create',
      actual: typeof body?.token !== 'string' ? 'no token' : body.token === webhook.token ? 'the same token as before' : 'an empty token',
      exchange: res,
    });
    const { res: list, entries } = await webhooks.list(['WH-SUB-3']);
    const entry = listed(entries, webhook.id);
    await verify(entry?.token === body?.token, {
      title: 'after rotation, GET /webhooks lists the new token',
      requirements: ['WH-SUB-3'],
      expected: 'the token of the rotation answer',
      actual: entry === undefined ? 'the webhook is not listed' : entry.token === webhook.token ? 'the old token' : 'another token',
      exchange: list,
    });
  });
});
