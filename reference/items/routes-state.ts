import { ApiError } from '../core/errors.js';
import type { Reply, Router } from '../core/http.js';
import { callerOf, type ItemsParts } from './context.js';
import type { ItemRecord } from './model.js';
import { invalidStatus, noFreeSlot, proOperation } from './refusal.js';
import { detailView } from './view.js';

/**
 * The state operations (spec "States and transitions", Item). Their bodies
 * are not shown, so any body is ignored. A transition the state does not allow
 * answers 409 INVALID_STATUS (e.g. selling a sold item, activating an active one).
 *
 * Reserve: the spec names the operations but not the states. A reservation is a
 * mark on an active item: it stays published and keeps its slot, because the
 * spec frees a slot only on inactivate, sold and delete. Only an active item can
 * be reserved; hiding or selling it ends the reservation.
 */
type Transition = (item: ItemRecord, caller: string) => void;

export function registerStateRoutes(router: Router, parts: ItemsParts): void {
  const { seam, store } = parts;

  const operation = (name: string, transition: Transition) =>
    router.add('PUT', `/items/:itemId/${name}`, (ctx): Reply => {
      const caller = callerOf(ctx, parts);
      const item = store.get(caller, ctx.params.itemId);
      // The evasion: activate or sold of a sold item (a SHOULD refusal, ITEM-STATE-6) answers as if the token were dead.
      if (item.state === 'sold' && (name === 'activate' || name === 'sold') && seam.evasion('should-refusal-401-states')) {
        throw new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required (Authorization: Bearer <token>)');
      }
      transition(item, caller);
      // Success codes of these operations are not shown: 200 with the item, or 204 (variant).
      if (seam.variant('item-ops-204')) return { status: 204 };
      return { status: 200, body: detailView(item, seam) };
    });

  // "active or inactive → sold: removed from the marketplace, kept in sales history, frees a slot".
  operation('sold', (item) => {
    if (item.state === 'sold') throw invalidStatus('the item is already sold');
    item.soldWhileActive = item.state === 'active';
    if (item.soldWhileActive) store.noteFreed(item.owner);
    item.state = 'sold';
    item.reserved = false;
  });

  // "inactive → active: Pro subscription and a free slot". Refusal when no slot is free: 409 INVALID_STATUS, or a drawn other (noFreeSlot).
  operation('activate', (item, caller) => {
    if (!store.isPro(caller) && !seam.defect('basic-can-activate')) throw proOperation('activate');
    if (item.state !== 'inactive') throw invalidStatus(`only an inactive item can be activated; this one is ${item.state}`);
    if (!store.hasFreeSlot(caller) && !seam.defect('activate-ignores-quota')) {
      throw noFreeSlot(seam, `no free slot: ${store.limitOf(caller)} items are already active`);
    }
    item.state = 'active';
  });

  // "active → inactive: Pro subscription; frees a slot; ITEM_INACTIVATED can be delivered".
  operation('inactivate', (item, caller) => {
    if (!store.isPro(caller) && !seam.defect('basic-can-inactivate')) throw proOperation('inactivate');
    if (item.state !== 'active') throw invalidStatus(`only an active item can be inactivated; this one is ${item.state}`);
    store.inactivate(item);
  });

  operation('reserve', (item) => {
    if (item.state !== 'active') throw invalidStatus(`only an active item can be reserved; this one is ${item.state}`);
    if (item.reserved) throw invalidStatus('the item is already reserved');
    item.reserved = true;
  });

  operation('unreserve', (item) => {
    if (!item.reserved) throw invalidStatus('the item is not reserved');
    item.reserved = false;
  });
}
