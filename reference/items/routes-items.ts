import { emitCaused } from '../core/caused-events.js';
import type { Router } from '../core/http.js';
import { callerOf, type ItemsParts } from './context.js';
import { parseCreate, parseUpdate } from './payload.js';
import { invalidStatus } from './refusal.js';
import { detailView } from './view.js';

/** Create, read, update and delete of one item. */
export function registerItemRoutes(router: Router, parts: ItemsParts): void {
  const { seam, store, images, bus } = parts;

  router.add('POST', '/items', async (ctx) => {
    const caller = callerOf(ctx, parts);
    const draft = parseCreate(seam, ctx.body, store.isPro(caller));
    // The defect decides the slot before the fetch, so racing creates can all see it free.
    const seenEarlier = seam.defect('quota-race') ? store.hasFreeSlot(caller) : undefined;
    if (draft.mainImageUrl !== undefined) await images.check(draft.mainImageUrl, 'main_image.url');
    // From here to the answer there is no await: the slot decision is atomic.
    const item = store.create(caller, draft, seenEarlier);
    if (item.state === 'active' && !seam.defect('no-item-listed-event')) emitCaused(bus, seam, { username: caller, type: 'ITEM_LISTED', data: { item_id: item.id } });
    // The spec's Links: ITEM_INACTIVATED goes out "when an item becomes inactive, whether by a
    // subscription limit or by a manual action"; whether a create beyond the quota counts is
    // open, so the event is a variant (its transitions table ties the event to active → inactive only).
    if (item.state === 'inactive' && (seam.variant('create-inactive-emits-event') || seam.variant('full-accounts'))) {
      bus.emit({ username: caller, type: 'ITEM_INACTIVATED', data: { item_id: item.id } });
    }
    return { status: 201, body: { id: item.id } };
  });

  router.add('GET', '/items/:itemId', (ctx) => {
    const caller = callerOf(ctx, parts);
    const view = detailView(store.read(caller, ctx.params.itemId), seam);
    // The defect's read forgets the hidden flag (the lists and the other answers still carry it).
    if (seam.defect('item-read-omits-inactive')) delete view.inactive;
    return { status: 200, body: view };
  });

  router.add('PUT', '/items/:itemId', (ctx) => {
    const caller = callerOf(ctx, parts);
    const item = store.get(caller, ctx.params.itemId);
    if (item.state === 'sold') throw invalidStatus('a sold item can no longer be changed');
    const { fields, stock } = parseUpdate(seam, ctx.body, item, store.isPro(caller));
    if (seam.defect('license-plate-update-ignored')) keepOldPlate(fields.attributes, item.fields.attributes);
    item.fields = fields;
    item.stock = stock;
    return { status: 200, body: detailView(item, seam) };
  });

  // Spec: "any → deleted: permanent removal, frees a slot".
  router.add('DELETE', '/items/:itemId', (ctx) => {
    const caller = callerOf(ctx, parts);
    store.delete(store.get(caller, ctx.params.itemId));
    return { status: 204 };
  });
}

/** The defect `license-plate-update-ignored`: an update keeps the license_plate the item had (or its absence). */
function keepOldPlate(next: Record<string, unknown>, old: Record<string, unknown>): void {
  if ('license_plate' in old) next.license_plate = old.license_plate;
  else delete next.license_plate;
}
