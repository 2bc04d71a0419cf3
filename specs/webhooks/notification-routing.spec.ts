/**
 * Where notifications go, and where they must not. Each "nothing arrives" check
 * first sees the same event delivered to a webhook that is meant to get it (a
 * control in the same account), then watches the quiet period
 * (SC_WEBHOOK_QUIET_MS): silence after a delivery elsewhere means something,
 * silence alone would pass on a server that sends nothing at all.
 */
import { expectStatus, notApplicable, type ReceivedDelivery, test, verify } from '../fixtures.js';
import { type NotificationRequest, ofType, typesSeen } from './support/notification-checks.js';
import { attachDeliveries } from './support/problems.js';
import { afterQuietPeriod, awaitDeliveries, pollDeliveries } from './support/waiting.js';

const INACTIVATED = 'ITEM_INACTIVATED';

/** Fails on `requirements` when deliveries arrived where none may; the deliveries are attached, masked. */
async function expectNone(deliveries: readonly NotificationRequest[], title: string, requirements: string[], expected: string): Promise<void> {
  if (deliveries.length > 0) await attachDeliveries(deliveries);
  await verify(deliveries.length === 0, { title, requirements, expected, actual: `${deliveries.length} received: ${typesSeen(deliveries)}` });
}

test.describe('notification routing', { tag: '@webhooks' }, () => {
  test('[WH-NOTIF-10][WH-NOTIF-11] notifications reach only webhooks subscribed to their type, at the url set by PUT and not at the old one', async ({ receiver, settings, seller }) => {
    const [before, after, other] = [await receiver.newHook(), await receiver.newHook(), await receiver.newHook()];
    const moved = await seller.webhooks.create(before.url, [INACTIVATED]);
    const put = await seller.webhooks.put(moved.id, { url: after.url, events: [INACTIVATED] });
    await expectStatus(put, 204, ['WH-SUB-4'], 'PUT /webhooks/{id} with a new url answers 204');
    // A type the suite never provokes here: whatever reaches this hook was not asked for.
    await seller.subscribe(other, ['CHAT_LEAD_CREATED']);
    const itemId = await seller.provokeItemInactivated();
    const about = (ds: ReceivedDelivery[]) => ofType(ds, INACTIVATED, itemId).length > 0;
    const arrived = await test.step(`wait up to ${settings.webhookWaitMs} ms for an ${INACTIVATED} notification at the url set by PUT`, () =>
      pollDeliveries(after, about, settings.webhookWaitMs),
    );
    // Sent to the replaced url: the PUT did not take (WH-NOTIF-11). Sent nowhere: the inactivation sent nothing (WH-EVT-2).
    const atOld = !arrived && about(await before.deliveries());
    await verify(arrived !== undefined, {
      title: `an ${INACTIVATED} notification reaches the url set by PUT`,
      requirements: [atOld ? 'WH-NOTIF-11' : 'WH-EVT-2'],
      expected: `a notification at the new url within ${settings.webhookWaitMs} ms (SC_WEBHOOK_WAIT_MS)`,
      actual: atOld ? 'it went to the url the PUT replaced' : 'no notification at either url',
    });
    const [got, old, stray] = await afterQuietPeriod(settings, [after, before, other]);
    const unsubscribed = got.filter((d) => (d.json as { type?: unknown } | undefined)?.type !== INACTIVATED);
    await expectNone(unsubscribed, `a webhook subscribed to ${INACTIVATED} only receives nothing else`, ['WH-NOTIF-10'], `only ${INACTIVATED}`);
    await expectNone(stray, 'a webhook subscribed to CHAT_LEAD_CREATED receives nothing of an item inactivation', ['WH-NOTIF-10'], 'no notification');
    await expectNone(old, 'the url replaced by PUT receives no notification', ['WH-NOTIF-11'], 'no notification at the old url');
  });

  test('[WH-NOTIF-12][WH-NOTIF-7] a deleted webhook receives no notification, and one answered 2xx is not delivered again', { tag: '@should' }, async ({ receiver, settings, seller }) => {
    const [kept, deleted] = [await receiver.newHook(), await receiver.newHook()];
    await seller.subscribe(kept, [INACTIVATED]);
    const gone = await seller.subscribe(deleted, [INACTIVATED]);
    const del = await seller.webhooks.delete(gone.id);
    await expectStatus(del, 204, ['WH-SUB-6'], 'DELETE /webhooks/{id} answers 204');
    const itemId = await seller.provokeItemInactivated();
    const [first] = ofType(
      await awaitDeliveries(kept, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification at the webhook kept`, ['WH-EVT-2']),
      INACTIVATED,
      itemId,
    );
    const id = (first.json as { id?: unknown }).id;
    const [keptLater, afterDelete] = await afterQuietPeriod(settings, [kept, deleted]);
    await expectNone(afterDelete, 'a deleted webhook receives no notification', ['WH-NOTIF-12'], 'no notification after DELETE');
    const copies = keptLater.filter((d) => (d.json as { id?: unknown } | undefined)?.id === id);
    await verify(copies.length === 1, {
      title: 'a notification the receiver answered 200 does not come again',
      requirements: ['WH-NOTIF-7'],
      expected: `notification ${String(id)} delivered once`,
      actual: `delivered ${copies.length} times (answers: ${copies.map((d) => d.answered).join(', ')})`,
    });
  });

  test('[WH-NOTIF-13] a webhook receives notifications about its own account only', { tag: '@should' }, async ({ sessions, receiver, settings, hasProAndBasic, seller }) => {
    test.skip(!hasProAndBasic, notApplicable('accounts', 'needs a pro and a basic account (SC_ACCOUNTS)'));
    const stranger = await sessions.pooled('basic');
    const [own, foreign] = [await receiver.newHook(), await receiver.newHook()];
    await seller.subscribe(own, [INACTIVATED]);
    await seller.webhooks.as(stranger).subscribe(foreign, [INACTIVATED]);
    const itemId = await seller.provokeItemInactivated();
    await awaitDeliveries(own, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification in the item's account`, ['WH-EVT-2']);
    const [elsewhere] = await afterQuietPeriod(settings, [foreign]);
    // Only notifications about this item count: the other account may have events of its own.
    await expectNone(ofType(elsewhere, INACTIVATED, itemId), "another account's webhook receives nothing about this account's item", ['WH-NOTIF-13'], 'no notification about the item');
  });
});
