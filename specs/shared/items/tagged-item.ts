/**
 * Items the webhook and transaction checks create to provoke events: a valid
 * payload for whatever category tree the target has (the spec's typical listing
 * sequence: categories, an assignable leaf, its attributes, POST /items), tagged
 * with a unique `external_id` (runTag) and tracked so cleanup deletes it.
 * Callers create items only in an account they leased: the `seller` fixture
 * (support/fixtures.ts) is such a context.
 */
import { test } from '@playwright/test';
import { type ApiClient, expectStatus, type ImageHost, notExercised, runTag, type Session, type Settings, type Track, verify } from '../../../fixtures/index.js';
import type { Memo } from '../../../lib/memo.js';
import { itemsApiOf } from './bind.js';
import { needRoom } from './bind-room.js';
import type { Room, RoomWanted } from './room.js';

export interface ItemContext {
  api: ApiClient;
  session: Session;
  imageHost: ImageHost;
  track: Track;
  settings: Settings;
  /** The worker's draft, found once: the category tree and its attributes do not change during a run. */
  drafts: Memo<TaggedDraft | undefined>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A category the suite can list an item in, with values for its mandatory attributes. */
export interface TaggedDraft {
  categoryId: string;
  attributes: Json;
}

function assignableLeaves(categories: unknown): Json[] {
  const out: Json[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list) {
      if (!isObject(c)) continue;
      if (c.assignable_to_item === true) out.push(c);
      walk(c.subcategories);
    }
  };
  walk(categories);
  return out;
}

function mandatoryNow(attr: Json): boolean {
  if (attr.is_mandatory === true) return true;
  return typeof attr.mandatory_by_date === 'string' && attr.mandatory_by_date <= new Date().toISOString().slice(0, 10);
}

function textValue(attr: Json): string | undefined {
  const max = typeof attr.max_length === 'number' ? attr.max_length : 75;
  const rules = Array.isArray(attr.regex) ? attr.regex.filter(isObject) : [];
  for (const candidate of ['Conformance', 'Suite', 'Test', 'A1']) {
    const value = candidate.slice(0, Math.max(1, max));
    const broken = rules.some((r) => {
      try {
        const source = String(r.value);
        return r.type === 'not_match' ? new RegExp(`^(?:${source})$`).test(value) : new RegExp(source).test(value);
      } catch {
        return false;
      }
    });
    if (!broken) return value;
  }
  return undefined;
}

/** A value for a mandatory attribute, or undefined when the suite cannot make one. */
function attributeValue(attr: Json): unknown {
  if (attr.type === 'discrete_values') {
    const options = isObject(attr.options) ? attr.options : {};
    const values = Array.isArray(options.values) ? options.values : Array.isArray(attr.values) ? attr.values : [];
    const first = values.find((v): v is Json => isObject(v) && typeof v.id === 'string');
    return first?.id;
  }
  if (attr.type === 'text') return textValue(attr);
  if (attr.type === 'numeric') {
    const range = isObject(attr.range) ? attr.range : {};
    const low = typeof range.greater_than_or_equal === 'number' ? range.greater_than_or_equal : 1;
    const high = typeof range.less_than_or_equal === 'number' ? range.less_than_or_equal : low;
    return Math.min(Math.max(low, 1), high);
  }
  return undefined;
}

async function findDraft(api: ApiClient, session: Session): Promise<TaggedDraft | undefined> {
  const cats = await api.get(session, '/items/categories', { headers: { 'accept-language': 'en' } });
  await expectStatus(cats, 200, ['ITEM-CAT-1'], 'GET /items/categories answers 200');
  for (const leaf of assignableLeaves((cats.json as Json | undefined)?.categories).slice(0, 5)) {
    const res = await api.get(session, `/items/categories/${encodeURIComponent(String(leaf.id))}/attributes`);
    if (res.status !== 200) continue;
    const attrs = (res.json as Json | undefined)?.attributes;
    const attributes: Json = {};
    let fillable = true;
    for (const attr of Array.isArray(attrs) ? attrs.filter(isObject) : []) {
      if (!mandatoryNow(attr) || typeof attr.id !== 'string') continue;
      const value = attributeValue(attr);
      if (value === undefined) fillable = false;
      else attributes[attr.id] = value;
    }
    if (fillable) return { categoryId: String(leaf.id), attributes };
  }
  return undefined;
}

/** Creates an active, tagged item and returns its id; skips the test when the account has no free slot and none can be made. */
export async function createTaggedItem(ctx: ItemContext): Promise<string> {
  return (await createTaggedItemIn(ctx)).id;
}

/** The same, with the category the item was created in (to find its listing limit entry). */
export async function createTaggedItemIn(ctx: ItemContext): Promise<{ id: string; categoryId: string }> {
  let item = await createTaggedItemAnyState(ctx);
  if (item.inactive) {
    // The account had no free slot (it holds items of its own): make one through the control API's
    // limit (restored after the test, once the test's items are deleted), else not exercised.
    await roomForTaggedItems(ctx, { min: 1, why: 'an active item to provoke events with' });
    item = await createTaggedItemAnyState(ctx);
  }
  // An item born inactive (no free slot) cannot be inactivated: the check cannot run here.
  if (item.inactive) test.skip(true, notExercised('target_state', `${ctx.session.username} has no free slot for an active item`));
  return item;
}

/**
 * Free slots in the leased account for the tagged items a check is about to
 * create (room.ts): as the account has them, else made through the
 * control API's limit and restored after the test; skips as not exercised when
 * neither is possible.
 */
export async function roomForTaggedItems(ctx: ItemContext, wanted: RoomWanted): Promise<Room> {
  const draft = await taggedDraft(ctx);
  return needRoom(ctx, itemsApiOf(ctx.api, ctx.session, ctx.track), ctx.session, draft.categoryId, wanted);
}

/** The worker's draft (category and mandatory attributes); skips the test when the suite can fill none. */
async function taggedDraft(ctx: ItemContext): Promise<TaggedDraft> {
  const draft = await ctx.drafts.get(() => findDraft(ctx.api, ctx.session));
  if (!draft) {
    ctx.drafts.forget();
    test.skip(true, notExercised('target_state', 'no assignable category whose mandatory attributes the suite can fill'));
    throw new Error('unreachable');
  }
  return draft;
}

/** A valid create payload of the worker's draft, tagged with a fresh external_id (runTag); skips the test when the suite can fill none. */
export async function taggedItemPayload(ctx: ItemContext): Promise<{ payload: Json; categoryId: string }> {
  const draft = await taggedDraft(ctx);
  const tag = runTag();
  const payload = {
    item: {
      category_leaf_id: draft.categoryId,
      title: `Conformance check ${tag}`,
      description: 'Created by the conformance suite to provoke an event; deleted after the check.',
      price: { cash_amount: 10, currency: 'EUR' },
      attributes: { ...draft.attributes, external_id: tag },
    },
    main_image: { url: ctx.imageHost.url('valid') },
  };
  return { payload, categoryId: draft.categoryId };
}

/** POST /items with a valid tagged payload (201, ITEM-CREATE-1), and whether the item was born inactive (a create beyond the quota). */
export async function createTaggedItemAnyState(ctx: ItemContext): Promise<{ id: string; categoryId: string; inactive: boolean }> {
  const { payload, categoryId } = await taggedItemPayload(ctx);
  const res = await ctx.api.post(ctx.session, '/items', payload);
  ctx.track.created('item', ctx.session, res);
  const id = (res.json as Json | undefined)?.id;
  await expectStatus(res, 201, ['ITEM-CREATE-1'], 'POST /items with a valid payload answers 201');
  await verify(typeof id === 'string', { title: 'POST /items answers the new item id', requirements: ['ITEM-CREATE-1'], expected: 'a string id', actual: res.text.slice(0, 200), exchange: res });
  const read = await ctx.api.get(ctx.session, `/items/${encodeURIComponent(id as string)}`);
  const inactive = (read.json as Json | undefined)?.inactive;
  return { id: id as string, categoryId, inactive: isObject(inactive) && inactive.flag === true };
}

/** PUT /items/{id}/inactivate by the (Pro) owner: a 2xx (ITEM-PRO-1); the spec ties ITEM_INACTIVATED to it. */
export async function inactivateItem(ctx: Pick<ItemContext, 'api' | 'session'>, itemId: string): Promise<void> {
  const res = await ctx.api.put(ctx.session, `/items/${encodeURIComponent(itemId)}/inactivate`);
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
