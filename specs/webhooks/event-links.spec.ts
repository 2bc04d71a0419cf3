/**
 * Events the suite can only cause through the sandbox control API
 * (TARGET.md): a lowered listing limit (the spec's automatic inactivation) and
 * any event type emitted "by the service" (POST /events). Without the control
 * API these checks are not exercised. The manual inactivation link (WH-EVT-2)
 * needs no control API and lives in notification-payload.spec.ts.
 */
import { expectStatus, notExercised, recordFinding, recordNotExercised, test, unjudged, verify } from '../fixtures.js';
import { getSchema } from '../../schemas/index.js';
import { extractList } from '../../schemas/lists.js';
import { type NotificationBody, ofType, typesSeen } from './support/notification-checks.js';
import { judgeAll } from './support/judge.js';
import { Problems } from './support/problems.js';
import { readOnlyItemsApi } from '../shared/items/bind.js';
import { standingOf } from '../shared/items/account-state.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { createTaggedItemIn } from '../shared/items/tagged-item.js';
import { awaitDeliveries } from './support/waiting.js';

const INACTIVATED = 'ITEM_INACTIVATED';
const EVENT_TYPES = (getSchema('event-type') as { enum: string[] }).enum;
/** The two types whose `data` the spec shows: `item_id` (string). */
const WITH_ITEM_ID = new Set(['SALE_COMPLETED', INACTIVATED]);

type Json = Record<string, unknown>;

/**
 * Whether an item a notification named is hidden, as the lists state it (GET /items/inactive, else GET /items's
 * inactive flag: set-up reads charged to the lists' own rules). Not by its read's flag alone: that form is ITEM-READ-2,
 * a SHOULD, and a server omitting it on a hidden item was FAILED at MUST on WH-EVT-3 for notifications that were right
 * (issue 39, item 6). An item neither list shows is read: gone (a 4xx), flagged hidden, or else unknown (a list lost
 * it, or the read proves nothing: not exercised, the lists' rules judge the loss).
 */
async function hiddenOrNot(items: ItemsApi, id: string): Promise<'hidden' | 'active' | 'gone' | 'unknown'> {
  const standing = await standingOf(items, id);
  if (standing !== 'unlisted') return standing;
  const read = await items.read(id);
  // A 429 after the retries, a 401 to a token not proven alive, a 5xx: the read proves nothing either way.
  if (unjudged(read) !== undefined || read.status >= 500) return 'unknown';
  if (read.status !== 200) return 'gone';
  return (read.json as { inactive?: { flag?: unknown } } | undefined)?.inactive?.flag === true ? 'hidden' : 'unknown';
}

test.describe('event links through the control API', { tag: '@webhooks' }, () => {
  test('[WH-EVT-3] a limit lowered below the active count sends ITEM_INACTIVATED with the id of the item it inactivated', async ({ api, control, seller, hook }, testInfo) => {
    const { session } = seller;
    const webhook = await seller.subscribe(hook, [INACTIVATED]);
    const mine = await createTaggedItemIn(seller);
    const limits = await api.get(session, '/items/limits');
    await expectStatus(limits, 200, ['ITEM-LIMITS-1'], 'GET /items/limits answers 200');
    const entries = (extractList(limits.json) ?? []) as Json[];
    const entry = entries.length === 1 ? entries[0] : entries.find((e) => Array.isArray(e.category_ids) && e.category_ids.map(String).includes(mine.categoryId));
    if (typeof entry?.total !== 'number' || typeof entry.used !== 'number' || entry.used < 1) {
      test.skip(true, notExercised('target_state', 'no listing limit entry with a numeric total and used for the item just created'));
      return;
    }
    const total = entry.total;
    const lowered = entry.used - 1;
    const notified: string[] = [];
    try {
      await test.step(`control API: lower the limit of ${session.username} to ${lowered}`, () => control.setLimit(session.username, lowered));
      const deliveries = await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED).length > 0, `an ${INACTIVATED} notification after the limit was lowered`, ['WH-EVT-3']);
      for (const d of ofType(deliveries, INACTIVATED)) notified.push(String((d.json as { data?: Json }).data?.item_id));
      const problems = new Problems();
      judgeAll(problems, deliveries, { token: webhook.token, query: {}, events: webhook.events });
      const items = readOnlyItemsApi(api, session);
      for (const itemId of new Set(notified)) {
        const standing = await hiddenOrNot(items, itemId);
        if (standing === 'unknown') recordNotExercised(['WH-EVT-3'], notExercised('setup_failed', `item ${itemId}, named by ${INACTIVATED}: neither list shows it, and its read shows no hidden item`));
        else problems.add('WH-EVT-3', standing === 'hidden' ? [] : [`data.item_id ${itemId} names ${standing === 'active' ? 'an item the lists show active' : 'no item of the account (its read answers a 4xx)'}`]);
      }
      await problems.settle('the limit-driven inactivation is notified as ITEM_INACTIVATED of the item it hid', 'data.item_id of an item now inactive, in a valid, signed notification', deliveries);
    } finally {
      // Restore the account as it was: the limit, and any item of the account (not ours) the lowering hid.
      await test.step(`control API: restore the limit of ${session.username} to ${total}`, () => control.setLimit(session.username, total));
      for (const itemId of new Set(notified)) {
        if (itemId === mine.id || itemId === 'undefined') continue;
        const res = await api.put(session, `/items/${encodeURIComponent(itemId)}/activate`, undefined, { skipChecks: ['not-a-server-error'] });
        if (res.status < 200 || res.status > 299) testInfo.annotations.push({ type: 'cleanup', description: `could not re-activate item ${itemId} hidden by the lowered limit: ${res.status}` });
      }
    }
  });

  test('[WH-NOTIF-1][WH-NOTIF-2][WH-NOTIF-10][WH-EVT-4] every event type emitted through the control API reaches the webhooks subscribed to it as the spec’s payload, SALE_COMPLETED with a string item_id', async ({ api, sessions, receiver, control, webhooks }, testInfo) => {
    // Events are emitted into the account: lease it, so no other check's webhook sees them.
    const session = await sessions.lease(sessions.accounts('basic').length > 0 ? 'basic' : 'pro');
    const leased = webhooks.as(session);
    const [all, one] = [await receiver.newHook(), await receiver.newHook()];
    const everything = await leased.subscribe(all, EVENT_TYPES);
    await leased.subscribe(one, ['DISPUTE_CREATED']);
    // The item the item events are about: one of the account's own (read only), else a tag.
    const list = extractList((await api.get(session, '/items')).json) as Json[] | undefined;
    const itemId = typeof list?.[0]?.id === 'string' ? list[0].id : `scc-event-${testInfo.testId.slice(0, 12)}`;
    await test.step(`control API: emit the ${EVENT_TYPES.length} event types`, async () => {
      for (const type of EVENT_TYPES) await control.emitEvent(session.username, type, WITH_ITEM_ID.has(type) ? { item_id: itemId } : {});
    });
    const typeOf = (d: { json: unknown }) => (d.json as { type?: unknown } | undefined)?.type;
    const deliveries = await awaitDeliveries(all, (ds) => EVENT_TYPES.every((t) => ds.some((d) => typeOf(d) === t)), `one notification of each of the ${EVENT_TYPES.length} types`, [
      'WH-NOTIF-1',
    ]);
    const problems = new Problems();
    judgeAll(problems, deliveries, { token: everything.token, query: {}, events: EVENT_TYPES }, (d, i) => `${String(typeOf(d))} (request ${i + 1})`);
    for (const d of ofType(deliveries, 'SALE_COMPLETED')) {
      const data = (d.json as NotificationBody).data;
      problems.add('WH-EVT-4', typeof data?.item_id !== 'string' ? [`SALE_COMPLETED data.item_id is ${JSON.stringify(data?.item_id)}, not a string`] : []);
      if (typeof data?.item_id === 'string' && data.item_id !== itemId) recordFinding(testInfo, { requirement: 'WH-EVT-4', message: 'SALE_COMPLETED data.item_id is not the item named in the emitted event' });
    }
    await problems.settle('each emitted event arrives as a valid, signed notification of its type', 'the spec’s payload, signed, of the emitted type', deliveries);
    // By now every type reached the webhook subscribed to all: what the one-type webhook got is final enough.
    const got = await one.deliveries();
    await verify(got.length > 0 && got.every((d) => typeOf(d) === 'DISPUTE_CREATED'), {
      title: 'a webhook subscribed to DISPUTE_CREATED receives that type and no other',
      requirements: ['WH-NOTIF-10'],
      expected: 'DISPUTE_CREATED only',
      actual: typesSeen(got),
    });
  });
});
