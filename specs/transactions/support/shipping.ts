/**
 * The shipping flow as the checks drive it. The spec shows only identifiers for
 * this group ("Request and response bodies, query parameters and status codes
 * …: not shown, except that the two accept operations take a client-generated
 * transaction_id"): success is any 2xx, a refusal any 4xx, and an identifier is
 * looked for anywhere in a JSON body, whatever wraps it. The operations are the
 * group's client's (transactions-api.ts).
 */
import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { type ApiResponse, type ControlClient, expectStatus, provenBy, verify } from '../../../fixtures/index.js';
import { createTaggedItem, type ItemContext } from '../../shared/items/tagged-item.js';
import { holdsId } from '../../shared/json-search.js';
import { type AcceptMethod, TransactionsApi } from './transactions-api.js';

/** A leased account that sells (the `seller` fixture) and the control API that plays the buyer. */
export interface ShippingContext extends ItemContext {
  control: ControlClient;
}

/** The catalog ID of each accept operation. */
export const ACCEPT_REQUIREMENT: Record<AcceptMethod, string> = { 'home-pickup': 'TX-ACCEPT-1', 'post-office': 'TX-ACCEPT-2' };

/** The transactions client of the context's account (the `seller`, or any other session of the test). */
export const transactionsOf = (ctx: Pick<ItemContext, 'api' | 'session'>): TransactionsApi => new TransactionsApi(ctx.api, ctx.session);

/** A buyer purchases a new tagged item of the (leased) account: the request id the control API answers. */
export async function purchase(ctx: ShippingContext): Promise<{ itemId: string; requestId: string }> {
  const itemId = await createTaggedItem(ctx);
  const { request_id } = await test.step('control API: a buyer purchases the item', () => ctx.control.purchase(itemId));
  return { itemId, requestId: request_id };
}

/** An answer (`what`: its request line with placeholders) that must be a 2xx holding `id` somewhere in its JSON. */
export async function expectReadHolds(res: ApiResponse, id: string, requirements: string[], what: string): Promise<void> {
  await expectStatus(res, '2xx', requirements, `${what} answers a 2xx`);
  await verify(holdsId(res.json, id), {
    title: `${what} holds the id ${id}`,
    requirements,
    expected: `a JSON body holding the string ${id}`,
    actual: res.json === undefined ? 'a body that is not JSON' : 'a body without that id',
    exchange: res,
  });
}

/** Whether a list (any 2xx, any wrapper; `what`: its request line) holds the id. */
export async function listHolds(res: ApiResponse, id: string, requirements: string[], what: string): Promise<boolean> {
  await expectStatus(res, '2xx', requirements, `${what} answers a 2xx`);
  return holdsId(res.json, id);
}

/**
 * Accepts a request with a fresh client-generated transaction_id (a UUID, TX-ACCEPT-3),
 * sent in a JSON body (the spec does not show where: the catalog's decision).
 */
export async function accept(tx: TransactionsApi, requestId: string, method: AcceptMethod): Promise<{ transactionId: string; res: ApiResponse }> {
  const transactionId = randomUUID();
  provenBy('the suite’s own rule: a fresh UUID per accept', ['TX-ACCEPT-3']);
  const res = await tx.accept(requestId, method, { transaction_id: transactionId });
  await expectStatus(res, '2xx', [ACCEPT_REQUIREMENT[method]], `POST …/accept/${method} with a client transaction_id answers a 2xx`);
  return { transactionId, res };
}

/** A purchase accepted by home pickup: the transaction id the client chose. */
export async function acceptedTransaction(ctx: ShippingContext): Promise<{ requestId: string; transactionId: string }> {
  const { requestId } = await purchase(ctx);
  const { transactionId } = await accept(transactionsOf(ctx), requestId, 'home-pickup');
  return { requestId, transactionId };
}
