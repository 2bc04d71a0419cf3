/**
 * The bearer probes of the transactions group's operations by id, on resources
 * made through the optional control API from the item of the item chain
 * (item-chain.ts, which calls this one while its item is active): two
 * purchases of it (a shipping request each: an accept ends its request, and
 * there are two accepts; the run's footprint counts items, not purchases), the
 * first accepted by home pickup (the probe's control) for a transaction, its
 * delivery registered (the register's control) for a delivery, and a dispute
 * the buyer opens on it. The owner's read of each is its own read (a delivery
 * has none: its transaction's), compared on the state fields (the spec shows
 * no body of this group). Without the control API the reads are probed on a
 * request and a transaction the pending lists hold, and every other operation
 * is not applicable [no_control_api], never passed. A purchase the control API
 * refuses leaves the operations not exercised [setup_failed].
 */
import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { type ApiResponse, ControlError, notApplicable, notExercised, setUp } from '../../../fixtures/index.js';
import { fillPath, operation } from '../../../schemas/operations.js';
import { findField } from '../../shared/json-search.js';
import type { OwnerContext } from './owner-account.js';
import { madeBy, ProbeChain, unprobed } from './probe-chain.js';
import { isGoneStatus, type Reading, stateFacts } from './readings.js';

type Kind = 'request' | 'transaction' | 'dispute';

/** The owner's read of each kind: its operation, path parameter and rule. */
const READS: Record<Kind, { operationId: string; param: string; rule: string }> = {
  request: { operationId: 'getShippingRequest', param: 'requestId', rule: 'TX-REQ-2' },
  transaction: { operationId: 'getTransaction', param: 'transactionId', rule: 'TX-TXN-2' },
  dispute: { operationId: 'getDispute', param: 'disputeId', rule: 'TX-DISPUTE-1' },
};

/** A read by the owner (a set-up step of its rule): still there, and its state fields. */
async function readOne(ctx: OwnerContext, kind: Kind, id: string): Promise<Reading> {
  const { operationId, param, rule } = READS[kind];
  const op = operation(operationId);
  const res = await ctx.api.get(ctx.session, fillPath(op, { [param]: id }), { skipChecks: ['response-schema'] });
  if (isGoneStatus(res.status)) return { res, gone: true, facts: {} };
  await setUp.expectStatus(res, '2xx', [rule], `${op.method} ${op.path} by its owner answers a 2xx`);
  return { res, gone: false, facts: { states: stateFacts(res.json) } };
}

const chainOn = (ctx: OwnerContext, kind: Kind, id: string) => new ProbeChain(ctx, () => readOne(ctx, kind, id), [READS[kind].rule], `the ${kind} ${id}`);

/** The transactions group's operations by id, in the order the chain probes them. */
export const TRANSACTION_OPERATIONS = ['getShippingRequest', 'acceptHomePickup', 'acceptPostOffice', 'getTransaction', 'registerDelivery', 'updateDeliveryStatus', 'getDispute'];

/** The id of a 2xx list answer's first entry (any wrapper), if any. */
const listedId = (res: ApiResponse, fields: string[]) => (res.status >= 200 && res.status <= 299 ? findField(res.json, fields) : undefined);

const WITHOUT_CONTROL = notApplicable('no_control_api', 'its resource is made through the control API (SC_CONTROL_URL), which the run does not have');

/** Without the control API: the two reads on what the pending lists hold, the rest not applicable. */
async function probeFound(ctx: OwnerContext): Promise<void> {
  const requestId = listedId(await ctx.api.get(ctx.session, '/transactions/requests/pending', { skipChecks: ['response-schema'] }), ['requestId', 'request_id']);
  const transactionId = listedId(await ctx.api.get(ctx.session, '/transactions/pending', { skipChecks: ['response-schema'] }), ['transactionId', 'transaction_id']);
  if (requestId !== undefined) await chainOn(ctx, 'request', requestId).one({ operationId: 'getShippingRequest', values: { requestId } });
  if (transactionId !== undefined) await chainOn(ctx, 'transaction', transactionId).one({ operationId: 'getTransaction', values: { transactionId } });
  const probed = [...(requestId === undefined ? [] : ['getShippingRequest']), ...(transactionId === undefined ? [] : ['getTransaction'])];
  for (const id of TRANSACTION_OPERATIONS.filter((o) => !probed.includes(o))) unprobed(id, WITHOUT_CONTROL);
}

/** Two purchases of the item (control API): their requests, or undefined when the control API refused one (the operations then not exercised). */
async function purchasesOf(ctx: OwnerContext, itemId: string): Promise<[string, string] | undefined> {
  const control = ctx.control;
  if (!control) return undefined;
  try {
    const buy = () => test.step('control API: a buyer purchases the item', () => control.purchase(itemId));
    return [(await buy()).request_id, (await buy()).request_id];
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    const why = notExercised('setup_failed', `the control API refused a purchase of the item the check made: ${error.message}`);
    for (const id of TRANSACTION_OPERATIONS) unprobed(id, why);
    return undefined;
  }
}

/** Every transactions, disputes and deliveries operation by id, on what purchases of the (active) item make, probed without a bearer and with a bogus one. */
export async function probeTransactionOperations(ctx: OwnerContext, itemId: string): Promise<void> {
  const control = ctx.control;
  if (!control) return probeFound(ctx);
  const requests = await purchasesOf(ctx, itemId);
  if (requests === undefined) return;
  const [first, second] = requests;
  const request = chainOn(ctx, 'request', first);
  await request.one({ operationId: 'getShippingRequest', values: { requestId: first } });
  const transactionId = randomUUID();
  const accepted = await request.one({ operationId: 'acceptHomePickup', values: { requestId: first }, body: { transaction_id: transactionId } });
  await chainOn(ctx, 'request', second).one({ operationId: 'acceptPostOffice', values: { requestId: second }, body: { transaction_id: randomUUID() } });
  // The transaction is the client's transaction_id, whichever request made it: the owner's, or a probe served without a bearer.
  if (madeBy(accepted) === undefined) {
    const why = notExercised('setup_failed', `the owner's home-pickup accept answered ${accepted?.control.status ?? 'nothing'}: no transaction to aim at`);
    for (const id of ['getTransaction', 'registerDelivery', 'updateDeliveryStatus', 'getDispute']) unprobed(id, why);
    return;
  }
  const transaction = chainOn(ctx, 'transaction', transactionId);
  await transaction.one({ operationId: 'getTransaction', values: { transactionId } });
  const registered = madeBy(await transaction.one({ operationId: 'registerDelivery', values: { transactionId }, body: {} }));
  const deliveryId = findField(registered?.json, ['deliveryId', 'delivery_id']);
  // The status values are not shown (TX-DELIVERY-3): the one the delivery record shows, else `delivered`.
  const status = findField(registered?.json, ['status', 'tracking_status', 'trackingStatus']) ?? 'delivered';
  if (deliveryId !== undefined) await transaction.one({ operationId: 'updateDeliveryStatus', values: { deliveryId }, body: { status } });
  else unprobed('updateDeliveryStatus', notExercised('target_state', `the owner's delivery register answered ${registered?.status ?? 'no 2xx'} naming no deliveryId`));
  const { dispute_id } = await test.step('control API: the buyer opens a dispute', () => control.openDispute(transactionId));
  await chainOn(ctx, 'dispute', dispute_id).one({ operationId: 'getDispute', values: { disputeId: dispute_id } });
}
