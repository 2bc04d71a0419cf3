/**
 * What POST and PUT /webhooks must refuse, and the event types they must accept.
 * Statuses of refusals are not shown: any 4xx (a 2xx, a 5xx or a hang fails);
 * the error body of the webhooks group is not shown either (GEN-ERR-5), so only
 * the status is asserted. A refused create that still made a webhook is cleaned up.
 */
import { randomUUID } from 'node:crypto';
import { type ApiClient, expectStatus, type Session, type Track, test, verify } from '../../fixtures/index.js';
import { getSchema } from '../../schemas/index.js';
import { createWebhook, describeEntry, listed, listWebhooks, registerTokens, sameSet, webhookSession } from './support/subscriptions.js';

/** The subscribable values, from the schema built from the spec's Event types table (one copy of the list). */
const ALL_EVENT_TYPES = (getSchema('event-type') as { enum: string[] }).enum;

/** POST /webhooks that must be refused; a 2xx that made a webhook is tracked so cleanup removes it. */
async function expectCreateRefused(api: ApiClient, session: Session, track: Track, body: unknown, requirements: string[], what: string) {
  const res = await api.post(session, '/webhooks', body);
  registerTokens(res.json);
  const id = (res.json as { id?: unknown } | undefined)?.id;
  if (res.status >= 200 && res.status <= 299 && typeof id === 'string') track.webhook(session, id);
  await expectStatus(res, '4xx', requirements, `POST /webhooks ${what} is refused with a 4xx`);
}

test.describe('webhook subscription refusals', { tag: '@webhooks' }, () => {
  test('[WH-SUB-8] POST /webhooks without url, without events, or with events not an array is refused with a 4xx', async ({ api, sessions, track, receiver }) => {
    const session = await webhookSession(sessions);
    const { url } = await receiver.newHook();
    await expectCreateRefused(api, session, track, { events: ['ITEM_INACTIVATED'] }, ['WH-SUB-8'], 'without url');
    await expectCreateRefused(api, session, track, { url }, ['WH-SUB-8'], 'without events');
    await expectCreateRefused(api, session, track, { url, events: 'ITEM_INACTIVATED' }, ['WH-SUB-8'], 'with events a string, not an array');
  });

  test('[WH-SUB-9] POST and PUT /webhooks with an event type the spec does not list are refused with a 4xx', async ({ api, sessions, track, receiver }) => {
    const session = await webhookSession(sessions);
    const { url } = await receiver.newHook();
    await expectCreateRefused(api, session, track, { url, events: ['ITEM_EXPLODED'] }, ['WH-SUB-9'], 'with the unknown event type ITEM_EXPLODED');
    // The branded spelling is not the value builders use (the spec: "use the neutral name DISPUTE_CANCELLED_BY_SERVICE throughout").
    await expectCreateRefused(api, session, track, { url, events: ['ITEM_INACTIVATED', 'item_inactivated'] }, ['WH-SUB-9'], 'with a lower-case event type');
    const webhook = await createWebhook({ api, session, track }, url, ['ITEM_INACTIVATED']);
    const res = await api.put(session, `/webhooks/${encodeURIComponent(webhook.id)}`, { url, events: ['ITEM_EXPLODED'] });
    await expectStatus(res, '4xx', ['WH-SUB-9'], 'PUT /webhooks/{id} with an unknown event type is refused with a 4xx');
  });

  test('[WH-SUB-5] PUT /webhooks/{id} without url or without events is refused with a 4xx and the webhook is unchanged', async ({
    api,
    sessions,
    track,
    receiver,
  }) => {
    const session = await webhookSession(sessions);
    const [hook, other] = [await receiver.newHook(), await receiver.newHook()];
    const events = ['ITEM_INACTIVATED'];
    const webhook = await createWebhook({ api, session, track }, hook.url, events);
    const path = `/webhooks/${encodeURIComponent(webhook.id)}`;
    const withoutEvents = await api.put(session, path, { url: other.url });
    await expectStatus(withoutEvents, '4xx', ['WH-SUB-5'], 'PUT /webhooks/{id} without events is refused with a 4xx');
    const withoutUrl = await api.put(session, path, { events: ['SALE_COMPLETED'] });
    await expectStatus(withoutUrl, '4xx', ['WH-SUB-5'], 'PUT /webhooks/{id} without url is refused with a 4xx');
    const { res, entries } = await listWebhooks({ api, session }, ['WH-SUB-5']);
    const entry = listed(entries, webhook.id);
    await verify(entry?.url === hook.url && Array.isArray(entry?.events) && sameSet(entry.events, events), {
      title: 'after refused PUTs the webhook keeps its url and events',
      requirements: ['WH-SUB-5'],
      expected: `url: the created url, events: ${events.join(', ')}`,
      actual: describeEntry(entry),
      exchange: res,
    });
  });

  test('[WH-EVT-1] POST /webhooks accepts every event type the spec lists, the dispute-cancelled one by its neutral name', async ({
    api,
    sessions,
    track,
    receiver,
  }) => {
    const session = await webhookSession(sessions);
    const hook = await receiver.newHook();
    await verify(ALL_EVENT_TYPES.length === 18 && ALL_EVENT_TYPES.includes('DISPUTE_CANCELLED_BY_SERVICE'), {
      title: 'the suite knows the eighteen event types of the spec',
      requirements: ['WH-EVT-1'],
      expected: '18 values, the dispute-cancelled one as DISPUTE_CANCELLED_BY_SERVICE',
      actual: ALL_EVENT_TYPES.join(', '),
    });
    // One webhook per value, so a refusal names the value refused.
    for (const type of ALL_EVENT_TYPES) {
      const res = await api.post(session, '/webhooks', { url: hook.url, events: [type] });
      registerTokens(res.json);
      const id = (res.json as { id?: unknown } | undefined)?.id;
      if (res.status >= 200 && res.status <= 299 && typeof id === 'string') track.webhook(session, id);
      await expectStatus(res, 201, ['WH-EVT-1'], `POST /webhooks subscribing ${type} answers 201`);
    }
    await createWebhook({ api, session, track }, hook.url, ALL_EVENT_TYPES);
  });

  test('[WH-SUB-12] POST /webhooks with a url that is not an absolute http(s) URL is refused with a 4xx', { tag: '@should' }, async ({ api, sessions, track }) => {
    // Not in the catalog as its own rule: the spec types `url` as a string that "receives POST
    // notifications"; a value no POST can reach is a SHOULD-level refusal (reported to the lead).
    const session = await webhookSession(sessions);
    for (const url of ['not a url', '/hooks/relative', 'ftp://127.0.0.1/hook']) {
      await expectCreateRefused(api, session, track, { url, events: ['ITEM_INACTIVATED'] }, ['WH-SUB-12'], `with url ${JSON.stringify(url)}`);
    }
  });

  test('[WH-SUB-10] PUT, DELETE and PATCH …/token on a webhook id that does not exist are refused with a 4xx', { tag: '@should' }, async ({
    api,
    sessions,
    receiver,
  }) => {
    const session = await webhookSession(sessions);
    const { url } = await receiver.newHook();
    const path = `/webhooks/${randomUUID()}`;
    await expectStatus(await api.put(session, path, { url, events: ['ITEM_INACTIVATED'] }), '4xx', ['WH-SUB-10'], 'PUT of an unknown webhook is refused with a 4xx');
    await expectStatus(await api.delete(session, path), '4xx', ['WH-SUB-10'], 'DELETE of an unknown webhook is refused with a 4xx');
    await expectStatus(await api.patch(session, `${path}/token`), '4xx', ['WH-SUB-10'], 'PATCH …/token of an unknown webhook is refused with a 4xx');
  });

  test("[WH-SUB-11] another account neither lists nor updates, deletes or rotates an account's webhook", { tag: '@should' }, async ({
    api,
    sessions,
    track,
    receiver,
    hasProAndBasic,
  }) => {
    test.skip(!hasProAndBasic, 'not exercised: needs a pro and a basic account (SC_ACCOUNTS)');
    const [owner, stranger] = [await sessions.pooled('pro'), await sessions.pooled('basic')];
    const hook = await receiver.newHook();
    const webhook = await createWebhook({ api, session: owner, track }, hook.url, ['ITEM_INACTIVATED']);
    const path = `/webhooks/${encodeURIComponent(webhook.id)}`;
    const { res, entries } = await listWebhooks({ api, session: stranger }, ['WH-SUB-11']);
    await verify(listed(entries, webhook.id) === undefined, {
      title: "another account's GET /webhooks does not list the webhook",
      requirements: ['WH-SUB-11'],
      expected: `no entry with id ${webhook.id}`,
      actual: describeEntry(listed(entries, webhook.id)),
      exchange: res,
    });
    await expectStatus(await api.put(stranger, path, { url: hook.url, events: ['SALE_COMPLETED'] }), '4xx', ['WH-SUB-11'], "PUT of another account's webhook is refused");
    const rotate = await api.patch(stranger, `${path}/token`);
    registerTokens(rotate.json);
    await expectStatus(rotate, '4xx', ['WH-SUB-11'], "PATCH …/token of another account's webhook is refused");
    await expectStatus(await api.delete(stranger, path), '4xx', ['WH-SUB-11'], "DELETE of another account's webhook is refused");
  });
});
