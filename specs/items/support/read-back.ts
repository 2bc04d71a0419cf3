/**
 * Reading an item back after a create or an update: GET /items/{id} answers
 * 200 with the id, and the title and price sent (ITEM-READ-1); attributes the
 * spec says are "returned on read" (external_id, license_plate) are found
 * wherever the record keeps them (catalog ITEM-ATTR-11).
 */
import type { ItemDetail } from '../../../schemas/types.js';
import { attributeOnRead, type ItemsApi } from '../../shared/items/items-api.js';
import { verify } from '../../../fixtures/index.js';

type Json = Record<string, unknown>;

export interface Expected {
  title: string;
  cashAmount: number;
  currency: string;
  /** attribute id → value that must come back, with the requirement that says so. */
  attributes?: { id: string; value: unknown; requirement: string }[];
}

export function expectedOf(payload: Json, attributeIds: { id: string; requirement: string }[] = []): Expected {
  const item = payload.item as Json;
  const price = item.price as { cash_amount: number; currency: string };
  const attributes = (item.attributes ?? {}) as Json;
  return {
    title: item.title as string,
    cashAmount: price.cash_amount,
    currency: price.currency,
    attributes: attributeIds.filter((a) => a.id in attributes).map((a) => ({ ...a, value: attributes[a.id] })),
  };
}

/** GET /items/{id} shows what was sent; returns the record. */
export async function readBack(api: ItemsApi, id: string, expected: Expected, requirements: string[]): Promise<ItemDetail> {
  // Its status is ITEM-READ-1's alone (a set-up step); what it shows is also the caller's rule.
  const res = await api.readOk(id);
  const detail = (res.json ?? {}) as ItemDetail;
  const price = detail.price as { cash_amount?: unknown; currency?: unknown } | undefined;
  const same = detail.id === id && detail.title === expected.title && price?.cash_amount === expected.cashAmount && price?.currency === expected.currency;
  await verify(same, {
    title: `GET /items/${id} shows the id, title and price sent`,
    requirements: ['ITEM-READ-1', ...requirements],
    expected: JSON.stringify({ id, title: expected.title, price: { cash_amount: expected.cashAmount, currency: expected.currency } }),
    actual: JSON.stringify({ id: detail.id, title: detail.title, price: detail.price }),
    exchange: res,
  });
  for (const a of expected.attributes ?? []) {
    const got = attributeOnRead(detail, a.id);
    await verify(JSON.stringify(got) === JSON.stringify(a.value), {
      title: `GET /items/${id} returns the ${a.id} sent`,
      requirements: [a.requirement],
      expected: `${a.id} ${JSON.stringify(a.value)} (under attributes, item.attributes or at the top level)`,
      actual: got === undefined ? `no ${a.id}` : `${a.id} ${JSON.stringify(got)}`,
      exchange: res,
    });
  }
  return detail;
}
