/**
 * The fixtures of the checks that subscribe and provoke events (merged once
 * with the others in specs/fixtures.ts):
 *
 * - `hook` (test): a fresh address on the suite's receiver.
 * - `webhooks` (test): the webhook operations of the worker's pooled session of
 *   some account (webhooks count toward no quota, so subscription checks need
 *   no lease); what it creates is deleted after the test.
 * - `seller` (test): a Pro account leased for this test alone, with its webhook
 *   operations and the tagged items that provoke events (specs/shared/items/tagged-item.ts,
 *   made from the `catalog` fixture's reading of the target);
 *   everything it creates is deleted after the test.
 */
import type { Hook, Sessions } from '../../../fixtures/index.js';
import { itemsTest } from '../../shared/items/item-fixtures.js';
import { Webhooks } from './subscriptions.js';
import { createTaggedItem, type ItemContext, provokeItemInactivated } from '../../shared/items/tagged-item.js';

/** A leased Pro account as the event checks use it: a context for tagged-item.ts and shipping.ts, and its webhooks. */
export interface Seller extends ItemContext {
  webhooks: Webhooks;
  /** A subscription of `events` to a receiver hook (201, WH-SUB-1). */
  subscribe(hook: Hook, events: string[]): ReturnType<Webhooks['subscribe']>;
  /** A new active tagged item of the account (skips when no slot can be had). */
  createTaggedItem(): Promise<string>;
  /** The spec's manual inactivation of a new tagged item; the item id the notification must carry. */
  provokeItemInactivated(): Promise<string>;
}

export interface WebhooksFixtures {
  hook: Hook;
  webhooks: Webhooks;
  seller: Seller;
}

/** The worker's pooled session of some account, a Basic one when there is one (the Pro ones are leased more). */
function webhookSession(sessions: Sessions) {
  return sessions.pooled(sessions.accounts('basic').length > 0 ? 'basic' : 'pro');
}

// Over the items group's fixtures: the seller's items are made from the worker's one reading of the catalogue.
export const webhooksTest = itemsTest.extend<WebhooksFixtures>({
  hook: async ({ receiver }, use) => use(await receiver.newHook()),
  webhooks: async ({ api, sessions, track }, use) => use(new Webhooks(api, await webhookSession(sessions), track)),
  seller: async ({ api, sessions, track, imageHost, settings, targetCatalogMemo }, use) => {
    const session = await sessions.lease('pro');
    const webhooks = new Webhooks(api, session, track);
    const context: ItemContext = { api, session, imageHost, track, settings, catalogMemo: targetCatalogMemo };
    await use({
      ...context,
      webhooks,
      subscribe: (hook, events) => webhooks.subscribe(hook, events),
      createTaggedItem: () => createTaggedItem(context),
      provokeItemInactivated: () => provokeItemInactivated(context),
    });
  },
});
