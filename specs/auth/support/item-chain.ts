/**
 * The bearer probes of the item operations by id, on one new tagged item of
 * the probed account (specs/shared/items/tagged-item.ts: the room it needs is
 * made or the check skips; deleted after the check). The order walks the item
 * through the states each operation applies to, each control moving it on:
 * read, update, add an image (its control adds the image the image delete
 * aims at, or a probe served without a bearer did), reserve, unreserve,
 * inactivate, activate; then, the item active again, the transactions
 * operations on what its purchases make (transaction-chain.ts: one item serves
 * both groups, the run's footprint); then sold and delete together (both end
 * the item). A write's body differs from the item (another
 * title and price, an image), so a write served without a bearer shows in the
 * owner's read-back.
 */
import { notExercised, setUp } from '../../../fixtures/index.js';
import { itemsApiOf } from '../../shared/items/bind.js';
import { createTaggedItem } from '../../shared/items/tagged-item.js';
import type { OwnerContext } from './owner-account.js';
import { madeBy, ProbeChain, unprobed } from './probe-chain.js';
import { isGoneStatus, type Reading, stateFacts } from './readings.js';
import { probeTransactionOperations } from './transaction-chain.js';

/** GET /items/{id} by the owner: what a served write would change (the spec names title, price and inactive; images and state fields where the record has them). */
async function readItem(ctx: OwnerContext, id: string): Promise<Reading> {
  const res = await itemsApiOf(ctx.api, ctx.session, ctx.track).read(id);
  if (isGoneStatus(res.status)) return { res, gone: true, facts: {} };
  await setUp.expectStatus(res, 200, ['ITEM-READ-1'], 'GET /items/{itemId} by its owner answers 200');
  const record = (res.json ?? {}) as Record<string, unknown>;
  return { res, gone: false, facts: { title: record.title, price: record.price, inactive: record.inactive ?? null, images: record.images ?? null, states: stateFacts(record) } };
}

/** The item operations by id, in the order the chain probes them (the transactions group's between activate and sold). */
export const ITEM_OPERATIONS = ['getItem', 'updateItem', 'addItemImage', 'deleteItemImage', 'reserveItem', 'unreserveItem', 'inactivateItem', 'activateItem', 'markItemSold', 'deleteItem'];

/** Every item operation by id, and the transactions group's, probed without a bearer and with a bogus one. */
export async function probeItemOperations(ctx: OwnerContext): Promise<void> {
  const itemId = await createTaggedItem(ctx);
  const chain = new ProbeChain(ctx, () => readItem(ctx, itemId), ['ITEM-READ-1'], 'the item the check made');
  const item = { itemId };
  const id = { id: itemId };
  await chain.one({ operationId: 'getItem', values: item });
  await chain.one({ operationId: 'updateItem', values: item, body: { item: { title: 'Conformance probe (never applied)', price: { cash_amount: 11, currency: 'EUR' } } } });
  const added = await chain.one({ operationId: 'addItemImage', values: item, body: { url: ctx.imageHost.url('valid'), order: 0 } });
  const imageId = (madeBy(added)?.json as { id?: unknown } | undefined)?.id;
  if (typeof imageId === 'string' && imageId !== '') await chain.one({ operationId: 'deleteItemImage', values: { ...item, imageId } });
  else unprobed('deleteItemImage', notExercised('target_state', `the owner's POST /items/{itemId}/images answered ${added?.control.status ?? 'nothing'} without an image id: no image to aim at`));
  for (const operationId of ['reserveItem', 'unreserveItem', 'inactivateItem', 'activateItem']) await chain.one({ operationId, values: id });
  // The item is active again: its purchases make the transactions group's resources, before it is sold and deleted.
  await probeTransactionOperations(ctx, itemId);
  await chain.together([
    { operationId: 'markItemSold', values: id },
    { operationId: 'deleteItem', values: item },
  ]);
}
