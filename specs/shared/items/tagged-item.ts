/**
 * The one item maker of every group: the items the webhook, transaction and
 * general checks create to provoke events or to send a valid body are made as
 * the items checks make theirs — the worker's reading of the target's catalogue
 * (target-catalog.ts, the `catalog` fixture's memo), the leaf that asks least of
 * a payload (`plainLeaf`), a draft of it (generators.ts `sampleDraft`) and its
 * payload with a fresh image URL and a unique `external_id` (bind.ts
 * `freshPayload`, runTag), created through the items API (items-api.ts) so
 * cleanup deletes it. Callers create items only in an account they leased: the
 * `seller` fixture (specs/webhooks/support/webhooks-fixtures.ts) is such a context.
 */
import { test } from '@playwright/test';
import { type ApiClient, expectStatus, type ImageHost, notExercised, type Session, type Settings, skipUnjudged, type Track } from '../../../fixtures/index.js';
import type { Memo } from '../../../lib/memo.js';
import { freshPayload, itemsApiOf, readOnlyItemsApi } from './bind.js';
import { needRoom } from './bind-room.js';
import { type CategoryFacts, sampleDraft } from './generators.js';
import { entryFor, type ItemsApi } from './items-api.js';
import type { Room, RoomWanted } from './room.js';
import { NO_CATEGORY, plainLeaf, readCatalog, type TargetCatalog } from './target-catalog.js';

export interface ItemContext {
  api: ApiClient;
  session: Session;
  imageHost: ImageHost;
  track: Track;
  settings: Settings;
  /** The worker's reading of the target's catalogue (the `catalog` fixture's memo): the tree does not change during a run. */
  catalogMemo: Memo<TargetCatalog>;
}

/** The items API of the context's account; every item it creates is deleted after the test. */
const itemsOf = (ctx: ItemContext): ItemsApi => itemsApiOf(ctx.api, ctx.session, ctx.track);

/** The leaf the items are made in: the one that asks least of a payload; skips the check when the target offers none. */
async function itemLeaf(ctx: ItemContext): Promise<CategoryFacts> {
  const catalog = await ctx.catalogMemo.get(() => readCatalog(readOnlyItemsApi(ctx.api, ctx.session)));
  const leaf = plainLeaf(catalog);
  if (!leaf) skipUnjudged(NO_CATEGORY);
  return leaf as CategoryFacts;
}

/** A valid create payload, tagged with a fresh external_id (runTag), and its category; skips the check when there is no category. */
export async function taggedItemPayload(ctx: ItemContext): Promise<{ payload: Record<string, unknown>; categoryId: string }> {
  const leaf = await itemLeaf(ctx);
  return { payload: freshPayload(sampleDraft(leaf, { pro: false }), ctx.imageHost), categoryId: String(leaf.id) };
}

/** POST /items with a valid tagged payload (201, ITEM-CREATE-1), and whether the item was born inactive (a create beyond the quota). */
export async function createTaggedItemAnyState(ctx: ItemContext): Promise<{ id: string; categoryId: string; inactive: boolean }> {
  const { payload, categoryId } = await taggedItemPayload(ctx);
  const items = itemsOf(ctx);
  const id = await items.createOk(payload, ['ITEM-CREATE-1']);
  const inactive = ((await items.read(id)).json as { inactive?: { flag?: unknown } } | undefined)?.inactive;
  return { id, categoryId, inactive: inactive?.flag === true };
}

/** Creates an active, tagged item and returns its id; skips the check when the account has no free slot and none can be made. */
export async function createTaggedItem(ctx: ItemContext): Promise<string> {
  return (await createTaggedItemIn(ctx)).id;
}

/** The same, with the category the item was created in (to find its listing limit entry). */
export async function createTaggedItemIn(ctx: ItemContext): Promise<{ id: string; categoryId: string }> {
  // An account that holds no free slot gets one first: a create beyond the quota is born hidden, and a server may send
  // ITEM_INACTIVATED for it (the spec: "whether by a subscription limit or by a manual action") to the subscriptions the
  // check already made, whose scripted answers it would take (variant full-accounts; the interop Python server).
  if (await limitsSayFull(ctx)) await roomForTaggedItems(ctx, { min: 1, why: 'an active item to provoke events with' });
  let item = await createTaggedItemAnyState(ctx);
  if (item.inactive) {
    // The account had no free slot (it holds items of its own): make one through the control API's
    // limit (restored after the test, once the test's items are deleted), else not exercised.
    await roomForTaggedItems(ctx, { min: 1, why: 'an active item to provoke events with' });
    item = await createTaggedItemAnyState(ctx);
  }
  // An item born inactive (no free slot) cannot be inactivated: the check cannot run here.
  if (item.inactive) skipUnjudged(notExercised('target_state', `${ctx.session.username} has no free slot for an active item`));
  return item;
}

/** Whether GET /items/limits shows no free slot in the items' category: a hint for the order of the set-up (the room itself is read by room.ts). */
async function limitsSayFull(ctx: ItemContext): Promise<boolean> {
  const leaf = await itemLeaf(ctx);
  const entry = entryFor((await itemsOf(ctx).limitEntries()).entries, leaf.id);
  if (typeof entry?.available === 'number') return entry.available <= 0;
  return typeof entry?.used === 'number' && typeof entry?.total === 'number' && entry.used >= entry.total;
}

/**
 * Free slots in the leased account for the tagged items a check is about to
 * create (room.ts): as the account has them, else made through the control
 * API's limit and restored after the test; skips as not exercised when
 * neither is possible.
 */
export async function roomForTaggedItems(ctx: ItemContext, wanted: RoomWanted): Promise<Room> {
  const leaf = await itemLeaf(ctx);
  return needRoom(ctx, itemsOf(ctx), ctx.session, leaf.id, wanted);
}

/** PUT /items/{id}/inactivate by the (Pro) owner: a 2xx (ITEM-PRO-1); the spec ties ITEM_INACTIVATED to it. */
export async function inactivateItem(ctx: ItemContext, itemId: string): Promise<void> {
  const res = await itemsOf(ctx).operate(itemId, 'inactivate');
  await expectStatus(res, '2xx', ['ITEM-PRO-1'], 'PUT /items/{id}/inactivate by a Pro account answers a 2xx');
}

/** The spec's manual inactivation: a new active item, then hidden. Returns the item id the notification must carry. */
export async function provokeItemInactivated(ctx: ItemContext): Promise<string> {
  return test.step('provoke ITEM_INACTIVATED: create a tagged item, inactivate it', async () => {
    const id = await createTaggedItem(ctx);
    await inactivateItem(ctx, id);
    return id;
  });
}
