/**
 * What POST and PUT /webhooks must refuse, and the event types they must accept.
 * Statuses of refusals are not shown: any 4xx (a 2xx, a 5xx or a hang fails);
 * the error body of the webhooks group is not shown either (GEN-ERR-5), so only
 * the status is asserted. A refused create that still made a webhook is cleaned up.
 *
 * One reason per refusal (judging/refusal.ts): each check first sends its control,
 * the same request with the broken property whole (a create with url and events,
 * the same PUT with both, the operation on a webhook that exists, by its owner),
 * which must succeed; the refused request then differs in that one property. A
 * 429 after the retries, or a 401 to a token a re-check does not prove alive, on
 * the control or the refusal, cannot be judged: the check is not exercised, with
 * its code, never passed. A 401 to a token that still works is the answer.
 */
import { randomUUID } from 'node:crypto';
import { expectControl, expectRefused, expectStatus, notApplicable, test, verify } from '../fixtures.js';
import { getSchema } from '../../schemas/index.js';
import { describeEntry, listed, sameSet, type Webhooks } from './support/subscriptions.js';

/** The subscribable values, from the schema built from the spec's Event types table (one copy of the list). */
const ALL_EVENT_TYPES = (getSchema('event-type') as { enum: string[] }).enum;

/** POST /webhooks that must be refused (a 2xx that made a webhook is removed after the test all the same). */
async function expectCreateRefused(webhooks: Webhooks, body: unknown, requirements: string[], what: string) {
  await expectRefused(await webhooks.post(body), requirements, `POST /webhooks ${what} is refused with a 4xx`);
}

test.describe('webhook subscription refusals', { tag: '@webhooks' }, () => {
  test('[WH-SUB-8] POST /webhooks without url, without events, or with events not an array is refused with a 4xx', async ({ webhooks, hook }) => {
    const { url } = hook;
    await webhooks.createControl(url, ['ITEM_INACTIVATED']);
    await expectCreateRefused(webhooks, { events: ['ITEM_INACTIVATED'] }, ['WH-SUB-8'], 'without url');
    await expectCreateRefused(webhooks, { url }, ['WH-SUB-8'], 'without events');
    await expectCreateRefused(webhooks, { url, events: 'ITEM_INACTIVATED' }, ['WH-SUB-8'], 'with events a string, not an array');
  });

  test('[WH-SUB-9] POST and PUT /webhooks with an event type the spec does not list are refused with a 4xx', async ({ webhooks, hook }) => {
    const { url } = hook;
    const webhook = await webhooks.createControl(url, ['ITEM_INACTIVATED']);
    await expectCreateRefused(webhooks, { url, events: ['ITEM_EXPLODED'] }, ['WH-SUB-9'], 'with the unknown event type ITEM_EXPLODED');
    // The branded spelling is not the value builders use (the spec: "use the neutral name DISPUTE_CANCELLED_BY_SERVICE throughout").
    await expectCreateRefused(webhooks, { url, events: ['ITEM_INACTIVATED', 'item_inactivated'] }, ['WH-SUB-9'], 'with a lower-case event type');
    const control = await webhooks.put(webhook.id, { url, events: ['SALE_COMPLETED'] });
    await expectControl(control, 204, ['WH-SUB-4'], 'PUT /webhooks/{id} with a listed event type answers 204');
    const res = await webhooks.put(webhook.id, { url, events: ['ITEM_EXPLODED'] });
    await expectRefused(res, ['WH-SUB-9'], 'PUT /webhooks/{id} with an unknown event type is refused with a 4xx');
  });

  test('[WH-SUB-5] PUT /webhooks/{id} without url or without events is refused with a 4xx and the webhook is unchanged', async ({ receiver, webhooks, hook }) => {
    const other = await receiver.newHook();
    const webhook = await webhooks.createControl(hook.url, ['ITEM_INACTIVATED']);
    // The control: the same PUT with both fields answers 204; each refused PUT then lacks one of them.
    const events = ['SALE_COMPLETED'];
    await expectControl(await webhooks.put(webhook.id, { url: other.url, events }), 204, ['WH-SUB-4'], 'PUT /webhooks/{id} with url and events answers 204');
    const withoutEvents = await webhooks.put(webhook.id, { url: hook.url });
    await expectRefused(withoutEvents, ['WH-SUB-5'], 'PUT /webhooks/{id} without events is refused with a 4xx');
    const withoutUrl = await webhooks.put(webhook.id, { events: ['ITEM_INACTIVATED'] });
    await expectRefused(withoutUrl, ['WH-SUB-5'], 'PUT /webhooks/{id} without url is refused with a 4xx');
    const { res, entries } = await webhooks.list(['WH-SUB-5']);
    const entry = listed(entries, webhook.id);
    await verify(entry?.url === other.url && Array.isArray(entry?.events) && sameSet(entry.events, events), {
      title: 'after refused PUTs the webhook keeps the url and events of the last accepted PUT',
      requirements: ['WH-SUB-5'],
      expected: `url: the url of the control PUT, events: ${events.join(', ')}`,
      actual: describeEntry(entry),
      exchange: res,
    });
  });

  test('[WH-EVT-1] POST /webhooks accepts every event type the spec lists, the dispute-cancelled one by its neutral name', async ({ webhooks, hook }) => {
    await verify(ALL_EVENT_TYPES.length === 18 && ALL_EVENT_TYPES.includes('DISPUTE_CANCELLED_BY_SERVICE'), {
      title: 'the suite knows the eighteen event types of the spec',
      requirements: ['WH-EVT-1'],
      expected: '18 values, the dispute-cancelled one as DISPUTE_CANCELLED_BY_SERVICE',
      actual: ALL_EVENT_TYPES.join(', '),
    });
    // One webhook per value, so a refusal names the value refused.
    for (const type of ALL_EVENT_TYPES) {
      const res = await webhooks.post({ url: hook.url, events: [type] });
      await expectStatus(res, 201, ['WH-EVT-1'], `POST /webhooks subscribing ${type} answers 201`);
    }
    await webhooks.create(hook.url, ALL_EVENT_TYPES);
  });

  test('[WH-SUB-12] POST /webhooks with a url that is not an absolute http(s) URL is refused with a 4xx', { tag: '@should' }, async ({ webhooks, hook }) => {
    // Not in the catalog as its own rule: the spec types `url` as a string that "receives POST
    // notifications"; a value no POST can reach is a SHOULD-level refusal (reported to the lead).
    const { url: valid } = hook;
    await webhooks.createControl(valid, ['ITEM_INACTIVATED']);
    for (const url of ['not a url', '/hooks/relative', 'ftp://127.0.0.1/hook']) {
      await expectCreateRefused(webhooks, { url, events: ['ITEM_INACTIVATED'] }, ['WH-SUB-12'], `with url ${JSON.stringify(url)}`);
    }
  });

  test('[WH-SUB-10] PUT, DELETE and PATCH …/token on a webhook id that does not exist are refused with a 4xx', { tag: '@should' }, async ({ webhooks, hook }) => {
    const { url } = hook;
    // The controls: the same three operations on a webhook that exists succeed; the refused ones differ in the id alone.
    const { id } = await webhooks.createControl(url, ['ITEM_INACTIVATED']);
    await expectControl(await webhooks.put(id, { url, events: ['ITEM_INACTIVATED'] }), 204, ['WH-SUB-4'], 'PUT of the webhook answers 204');
    await expectControl(await webhooks.rotate(id), 200, ['WH-SUB-7'], 'PATCH …/token of the webhook answers 200');
    await expectControl(await webhooks.delete(id), 204, ['WH-SUB-6'], 'DELETE of the webhook answers 204');
    const unknown = randomUUID();
    await expectRefused(await webhooks.put(unknown, { url, events: ['ITEM_INACTIVATED'] }), ['WH-SUB-10'], 'PUT of an unknown webhook is refused with a 4xx');
    await expectRefused(await webhooks.delete(unknown), ['WH-SUB-10'], 'DELETE of an unknown webhook is refused with a 4xx');
    await expectRefused(await webhooks.rotate(unknown), ['WH-SUB-10'], 'PATCH …/token of an unknown webhook is refused with a 4xx');
  });

  test("[WH-SUB-11] another account neither lists nor updates, deletes or rotates an account's webhook", { tag: '@should' }, async ({ sessions, hasProAndBasic, webhooks, hook }) => {
    test.skip(!hasProAndBasic, notApplicable('accounts', 'needs a pro and a basic account (SC_ACCOUNTS)'));
    const [owner, stranger] = [webhooks.as(await sessions.pooled('pro')), webhooks.as(await sessions.pooled('basic'))];
    const webhook = await owner.createControl(hook.url, ['ITEM_INACTIVATED']);
    // The stranger's own list answers 200: its token is valid, so a 401 below would be no refusal of the webhook.
    const { res, entries } = await stranger.list(['WH-SUB-11']);
    await verify(listed(entries, webhook.id) === undefined, {
      title: "another account's GET /webhooks does not list the webhook",
      requirements: ['WH-SUB-11'],
      expected: `no entry with id ${webhook.id}`,
      actual: describeEntry(listed(entries, webhook.id)),
      exchange: res,
    });
    // Each refused operation differs from its control, the owner's own, in the account alone.
    const body = { url: hook.url, events: ['SALE_COMPLETED'] };
    await expectControl(await owner.put(webhook.id, body), 204, ['WH-SUB-4'], "the owner's PUT of its webhook answers 204");
    await expectRefused(await stranger.put(webhook.id, body), ['WH-SUB-11'], "PUT of another account's webhook is refused");
    await expectControl(await owner.rotate(webhook.id), 200, ['WH-SUB-7'], "the owner's PATCH …/token of its webhook answers 200");
    await expectRefused(await stranger.rotate(webhook.id), ['WH-SUB-11'], "PATCH …/token of another account's webhook is refused");
    await expectRefused(await stranger.delete(webhook.id), ['WH-SUB-11'], "DELETE of another account's webhook is refused");
    await expectControl(await owner.delete(webhook.id), 204, ['WH-SUB-6'], "the owner's DELETE of its webhook answers 204 (the stranger's did not remove it)");
  });
});
