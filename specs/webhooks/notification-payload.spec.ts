/**
 * Notifications as received by the suite's receiver, provoked by the one event
 * the spec ties to an operation any target offers: a Pro manual inactivation
 * sends ITEM_INACTIVATED (Events > Links). No control API needed.
 * Each check leases a Pro account: it creates an item there (tagged, deleted after).
 */
import { test, verify } from '../fixtures.js';
import { CLOCK_SKEW_MS, type NotificationBody, ofType } from './support/notification-checks.js';
import { judgeAll } from './support/judge.js';
import { Problems } from './support/problems.js';
import { createTaggedItem, inactivateItem } from '../shared/items/tagged-item.js';
import { awaitDeliveries } from './support/waiting.js';

const INACTIVATED = 'ITEM_INACTIVATED';

test.describe('notifications', { tag: '@webhooks' }, () => {
  test('[WH-EVT-2][WH-NOTIF-1][WH-NOTIF-2][WH-NOTIF-3][WH-NOTIF-9][WH-SIG-1][WH-SIG-2][WH-SIG-3] a Pro inactivation POSTs a signed ITEM_INACTIVATED with the item id to the subscribed url, query kept, times in epoch ms', async ({ receiver, seller }) => {
    const { session } = seller;
    // A multi-user subscriber's identifier in the url (the spec's own example of WH-NOTIF-9).
    const query = { user: session.username, ref: 'conformance-1' };
    const hook = await receiver.newHook(query);
    const webhook = await seller.subscribe(hook, [INACTIVATED]);
    const itemId = await seller.provokeItemInactivated();
    const deliveries = await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification with data.item_id ${itemId}`, [
      'WH-EVT-2',
    ]);
    const problems = new Problems();
    judgeAll(problems, deliveries, { token: webhook.token, query, events: webhook.events });
    await problems.settle(
      'every notification is a signed JSON POST of the spec’s payload, at the subscribed url with its query, timed in epoch ms',
      `POST, JSON {id, type, occurred_on, data}, query ${JSON.stringify(query)}, both signature headers, the HMAC verifying under the token, epoch ms within ±${CLOCK_SKEW_MS / 60_000} min`,
      deliveries,
    );
  });

  test('[WH-NOTIF-4] two notifications never share an id', async ({ seller, hook }) => {
    await seller.subscribe(hook, [INACTIVATED]);
    const ctx = seller;
    // Two events of the same type, about two items: two notifications.
    const items = [await createTaggedItem(ctx), await createTaggedItem(ctx)];
    for (const id of items) await inactivateItem(ctx, id);
    const deliveries = await awaitDeliveries(hook, (ds) => items.every((id) => ofType(ds, INACTIVATED, id).length > 0), `${INACTIVATED} for both items`, ['WH-EVT-2']);
    const idOf = (item: string) => (ofType(deliveries, INACTIVATED, item)[0].json as NotificationBody).id;
    await verify(idOf(items[0]) !== idOf(items[1]), {
      title: 'the notifications of two events carry different ids',
      requirements: ['WH-NOTIF-4'],
      expected: 'two different notification ids',
      actual: `both carry id ${idOf(items[0])}`,
    });
  });

  test('[WH-NOTIF-14] a notification carries Content-Type: application/json', { tag: '@should' }, async ({ seller, hook }) => {
    await seller.subscribe(hook, [INACTIVATED]);
    const itemId = await seller.provokeItemInactivated();
    const [first] = ofType(await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification`, ['WH-EVT-2']), INACTIVATED, itemId);
    const type = first.headers['content-type'] ?? '(none)';
    await verify(type.split(';')[0].trim().toLowerCase() === 'application/json', {
      title: 'the notification is labelled application/json',
      requirements: ['WH-NOTIF-14'],
      expected: 'Content-Type: application/json (parameters allowed)',
      actual: `Content-Type: ${type}`,
    });
  });
});
