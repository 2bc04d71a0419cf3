import { expect, test } from '@playwright/test';
import { type RunningReference, startReference } from '../../reference/server.js';
import { createPayload, ItemsHarness, startImageHost } from './reference-items-harness.js';
import { login } from './reference-login.js';

/**
 * Shapes the spec leaves open, drawn (catalog/freedoms.json): the bodies of authentication failures and of the
 * transactions and webhooks groups (auth-error-bodies, reference/refusal-bodies.ts), the refusal of an activation with
 * no free slot (activate-refusal, reference/items/refusal.ts), and the full item record with no field beyond those the
 * spec states (record-fields, reference/items/view.ts). The items group's other refusals keep {code, message}: the
 * spec states that body for them.
 */

interface Answer {
  status: number;
  type: string;
  text: string;
  wwwAuthenticate: string | null;
}

async function get(url: string, authorization?: string): Promise<Answer> {
  const res = await fetch(url, { headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(5_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), wwwAuthenticate: res.headers.get('www-authenticate') };
}

/** What a reference under `variant` answers: a 401 of the items and webhooks groups, a 404 of the transactions group, a 404 of the items group. */
async function refusals(variant?: string): Promise<Record<'items401' | 'webhooks401' | 'transactions404' | 'items404', Answer>> {
  const ref: RunningReference = await startReference({ variants: variant ? [variant] : [] });
  try {
    const bearer = `Bearer ${(await login(ref, ref.accounts[0])).access_token}`;
    return {
      items401: await get(`${ref.baseUrl}/items`, 'Bearer never-issued'),
      webhooks401: await get(`${ref.baseUrl}/webhooks`),
      transactions404: await get(`${ref.baseUrl}/transactions/nope-1`, bearer),
      items404: await get(`${ref.baseUrl}/items/nope-1`, bearer),
    };
  } finally {
    await ref.close();
  }
}

const codeMessage = { code: expect.any(String), message: expect.any(String) };

test('auth-error-bodies: the default {code, message} everywhere; each variant reshapes the open refusals only, the items group keeps its body', async () => {
  const plain = await refusals();
  for (const a of Object.values(plain)) expect(JSON.parse(a.text)).toMatchObject(codeMessage);

  const empty = await refusals('refusal-bodies-empty');
  for (const a of [empty.items401, empty.webhooks401, empty.transactions404]) expect(a.text).toBe('');
  expect(empty.items401.wwwAuthenticate).toBe('Bearer realm="seller-connect", error="invalid_token"');
  expect(empty.webhooks401.wwwAuthenticate).toBe('Bearer realm="seller-connect"');

  const text = await refusals('refusal-bodies-text');
  for (const a of [text.items401, text.webhooks401, text.transactions404]) {
    expect(a.type).toMatch(/^text\/plain/);
    expect(a.text.length).toBeGreaterThan(0);
  }

  const problem = await refusals('refusal-bodies-problem-json');
  // application/json, not application/problem+json: the spec states that media type for JSON bodies (GEN-JSON-1).
  for (const a of [problem.items401, problem.webhooks401, problem.transactions404]) {
    expect(a.type).toMatch(/^application\/json/);
    expect(JSON.parse(a.text)).toEqual({ type: 'about:blank', title: expect.any(String), status: a.status, detail: expect.any(String) });
  }

  for (const drawn of [empty, text, problem]) {
    expect(drawn.items404.status).toBe(404);
    expect(JSON.parse(drawn.items404.text)).toMatchObject(codeMessage);
  }
});

for (const [variant, status, code] of [
  [undefined, 409, 'INVALID_STATUS'],
  ['activate-refused-403', 403, 'INVALID_STATUS'],
  ['activate-refused-422', 422, 'INVALID_STATUS'],
  ['activate-refused-400', 400, 'INVALID_BODY_REQUEST'],
] as const) {
  test(`activate-refusal ${variant ?? 'default'}: an activation with no free slot is refused ${status} ${code}, the item stays inactive`, async () => {
    const host = await startImageHost();
    try {
      const h = new ItemsHarness({ itemLimit: 1, variants: variant ? [variant] : [] });
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) ids.push((await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url('/ok.jpg')) })).body.id);
      expect(await h.call('pro-1', 'PUT', `/items/${ids[1]}/activate`)).toEqual({ status, body: { code, message: expect.any(String) } });
      expect((await h.call('pro-1', 'GET', `/items/${ids[1]}`)).body.inactive).toEqual({ flag: true });
    } finally {
      await host.close();
    }
  });
}

test('records-shown-only: the full record carries id, title, price, inactive and the attributes "returned on read" alone, on read and on an update', async () => {
  const host = await startImageHost();
  try {
    const h = new ItemsHarness({ itemLimit: 2, variants: ['records-shown-only'] }); // one slot held by the account's own item
    const payload = createPayload(host.url('/ok.jpg'), { attributes: { external_id: 'ref-1' } });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await h.call('pro-1', 'POST', '/items', { body: payload })).body.id);
    const price = { cash_amount: 10, currency: 'EUR' };
    expect((await h.call('pro-1', 'GET', `/items/${ids[0]}`)).body).toEqual({ id: ids[0], title: 'A book', price, attributes: { external_id: 'ref-1' } });
    expect((await h.call('pro-1', 'GET', `/items/${ids[1]}`)).body).toEqual({ id: ids[1], title: 'A book', price, inactive: { flag: true }, attributes: { external_id: 'ref-1' } });
    const updated = await h.call('pro-1', 'PUT', `/items/${ids[0]}`, { body: createPayload(host.url('/ok.jpg'), { title: 'Another book' }) });
    expect(updated.body).toEqual({ id: ids[0], title: 'Another book', price, attributes: { external_id: 'ref-1' } });
  } finally {
    await host.close();
  }
});
