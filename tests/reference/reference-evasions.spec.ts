/**
 * The evasive behaviours of reference/evasions.ts, each shown against the
 * reference in process: with the evasion on, the refused request gets the
 * evasive answer (401, 429, 404), and a valid request still succeeds; the
 * faithful reference answers the same request as the spec's reading says. The
 * teeth's evasion matrix then runs the whole suite against each (docs/TEETH.md).
 */
import type { DefectName } from '../../reference/defects/index.js';
import type { EvasionName } from '../../reference/evasions.js';
import { type RunningReference, startReference } from '../../reference/server.js';
import { expect, test } from './reference-fixture.js';
import { createPayload, type ImageHost } from './reference-items-harness.js';
import { login } from './reference-login.js';

const USER_AGENT = 'seller-connect-evasion-tests/1';
const TIMEOUT_MS = 5000;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> | undefined;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** One reference with `evasion` on (and `defect`), stopped after `use`, whatever it did. */
async function withReference(evasion: EvasionName | undefined, use: (r: RunningReference) => Promise<void>, defect?: DefectName): Promise<void> {
  const reference = await startReference({ evasions: evasion ? [evasion] : [], defect, variants: [] });
  try {
    await use(reference);
  } finally {
    await reference.close();
  }
}

/**
 * The same session on the clean reference and on the evasive one with its
 * defect: `evading` tells the body which answers to expect.
 */
async function cleanThenEvading(
  evasion: EvasionName,
  defect: DefectName,
  use: (api: ReturnType<typeof apiOf>, evading: boolean) => Promise<void>,
): Promise<void> {
  for (const evading of [false, true]) {
    await withReference(evading ? evasion : undefined, async (r) => use(apiOf(r, await accessToken(r)), evading), evading ? defect : undefined);
  }
}

const tokenCall = async (r: RunningReference, fields: Record<string, string>): Promise<Answer> =>
  answer(
    await fetch(`${r.authUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
      body: new URLSearchParams({ client_id: r.clientId, client_secret: r.clientSecret, ...fields }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );

const control = async (r: RunningReference, path: string, body: unknown): Promise<Answer> =>
  answer(
    await fetch(`${r.controlUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.controlToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );

/** A direct session's refresh token, through the control API. */
async function directRefreshToken(r: RunningReference, username: string): Promise<string> {
  const session = await control(r, '/direct-sessions', { username });
  expect(session.status, 'POST /control/direct-sessions').toBe(201);
  return String(session.json?.refresh_token);
}

/** An access token of `username`, by a direct session and one refresh. */
async function accessToken(r: RunningReference, username = 'pro-1'): Promise<string> {
  const refreshed = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: await directRefreshToken(r, username) });
  expect(refreshed.status, 'refresh of a direct session').toBe(200);
  return String(refreshed.json?.access_token);
}

type Api = (method: string, path: string, body?: unknown) => Promise<Answer>;

function apiOf(r: RunningReference, token: string): Api {
  return async (method, path, body) =>
    answer(
      await fetch(`${r.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    );
}

/** A created item's id (the create answers 201 under every evasion: nothing is refused). */
async function createItem(api: Api, images: ImageHost): Promise<string> {
  const created = await api('POST', '/items', createPayload(images.url('/ok.jpg')));
  expect(created.status, 'POST /items').toBe(201);
  return String(created.json?.id);
}

/** Refusals of requests with a valid token, at the API and at the token endpoint, with the faithful status. */
const REFUSED: { what: string; send: (api: Api, r: RunningReference) => Promise<Answer>; faithful: number; code: string }[] = [
  { what: 'POST /items with an empty body', send: (api) => api('POST', '/items', {}), faithful: 400, code: 'MISSING_MAIN_IMAGE' },
  { what: 'GET /items/{id} of an unknown id', send: (api) => api('GET', '/items/sc-no-such-item'), faithful: 404, code: 'INVALID_BODY_REQUEST' },
  { what: 'PUT /webhooks/{id} of an unknown id', send: (api) => api('PUT', '/webhooks/sc-no-such', { url: 'http://127.0.0.1/x', events: ['SALE_COMPLETED'] }), faithful: 404, code: 'NOT_FOUND' },
  { what: 'PATCH /items (a method the path does not take)', send: (api) => api('PATCH', '/items'), faithful: 405, code: 'METHOD_NOT_ALLOWED' },
];

const REFUSAL_EVASIONS: { evasion: EvasionName; status: number }[] = [
  { evasion: 'refuse-401', status: 401 },
  { evasion: 'refuse-429', status: 429 },
];

test.describe('refusals answered in another status', () => {
  test('the faithful reference answers these refusals in their own status', async () => {
    await withReference(undefined, async (r) => {
      const api = apiOf(r, await accessToken(r));
      for (const { what, send, faithful, code } of REFUSED) {
        const res = await send(api, r);
        expect([res.status, res.json?.code], what).toEqual([faithful, code]);
      }
      const grant = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: 'sc-unknown-refresh-token' });
      expect([grant.status, grant.json?.error]).toEqual([400, 'invalid_grant']);
    });
  });

  for (const { evasion, status } of REFUSAL_EVASIONS) {
    test(`${evasion}: every refusal of a valid token's request answers ${status}, body kept; the token and valid requests still work`, async () => {
      await withReference(evasion, async (r) => {
        const token = await accessToken(r);
        const api = apiOf(r, token);
        for (const { what, send, code } of REFUSED) {
          const res = await send(api, r);
          expect([res.status, res.json?.code], what).toEqual([status, code]);
          if (status === 429) expect(res.headers.get('retry-after'), what).toBe('1');
          if (status === 401) expect(res.headers.get('www-authenticate'), what).toMatch(/^Bearer /);
          // The token is alive: the 401 was the answer to the input, not to the session.
          expect((await api('GET', '/items')).status, `GET /items after ${what}`).toBe(200);
        }
        // The token endpoint: an unknown refresh token, body kept (its OAuth error).
        const grant = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: 'sc-unknown-refresh-token' });
        expect([grant.status, grant.json?.error]).toEqual([status, 'invalid_grant']);
        if (status === 429) expect(grant.headers.get('retry-after')).toBe('1');
        const unsupported = await tokenCall(r, { grant_type: 'password' });
        expect([unsupported.status, unsupported.json?.error]).toEqual([status, 'unsupported_grant_type']);
        // What stays: a valid refresh, and the 401s of a bad bearer or a failed client authentication.
        expect((await tokenCall(r, { grant_type: 'refresh_token', refresh_token: await directRefreshToken(r, 'pro-2') })).status).toBe(200);
        expect((await apiOf(r, 'sc-not-a-token')('GET', '/items')).status).toBe(401);
        const badClient = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'wrong' });
        expect([badClient.status, badClient.json?.error]).toEqual([401, 'invalid_client']);
      });
    });
  }
});

test('refuse-401-token-revoked: a refused request answers 401 and its access token is dead from then on; a refreshed one works until its own refusal', async () => {
  await withReference('refuse-401-token-revoked', async (r) => {
    let refreshToken = await directRefreshToken(r, 'pro-1');
    for (const round of [1, 2]) {
      const refreshed = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: refreshToken });
      expect(refreshed.status, `refresh ${round}`).toBe(200);
      refreshToken = String(refreshed.json?.refresh_token);
      const api = apiOf(r, String(refreshed.json?.access_token));
      expect((await api('GET', '/items')).status, `round ${round}: a valid request`).toBe(200);
      const refused = await api('POST', '/items', {});
      expect([refused.status, refused.json?.code], `round ${round}: the refusal`).toEqual([401, 'MISSING_MAIN_IMAGE']);
      expect((await api('GET', '/items')).status, `round ${round}: the same token after its refusal`).toBe(401);
    }
    // The token endpoint's errors answer 401 as under refuse-401.
    const grant = await tokenCall(r, { grant_type: 'refresh_token', refresh_token: 'sc-unknown-refresh-token' });
    expect([grant.status, grant.json?.error]).toEqual([401, 'invalid_grant']);
  });
});

test.describe('a SHOULD refusal answered 401 before a MUST rule of the same check', () => {
  test('should-refusal-401: a second DELETE of an image answers 401, an image never added 404; with its defect an order -1 is accepted', async ({ imageHost }) => {
    await cleanThenEvading('should-refusal-401', 'image-order-negative-accepted', async (api, evading) => {
      const id = await createItem(api, imageHost);
      const added = await api('POST', `/items/${id}/images`, { url: imageHost.url('/ok.jpg'), order: 0 });
      expect(added.status).toBe(201);
      const imageId = String(added.json?.id);
      expect((await api('DELETE', `/items/${id}/images/${imageId}`)).status).toBe(204);
      const again = await api('DELETE', `/items/${id}/images/${imageId}`);
      expect(again.status, 'the second DELETE').toBe(evading ? 401 : 404);
      if (evading) expect(again.json?.code).toBe('USER_UNAUTHORIZED');
      expect((await api('DELETE', `/items/${id}/images/sc-never-added`)).status, 'an image never added').toBe(404);
      expect((await api('GET', `/items/${id}`)).status, 'the token still works').toBe(200);
      const negative = await api('POST', `/items/${id}/images`, { url: imageHost.url('/ok.jpg'), order: -1 });
      expect(negative.status, 'order -1').toBe(evading ? 201 : 400);
    });
  });

  test('should-refusal-401-states: activate and sold of a sold item answer 401; with its defect a deleted item is still readable', async ({ imageHost }) => {
    await cleanThenEvading('should-refusal-401-states', 'deleted-item-readable', async (api, evading) => {
      const id = await createItem(api, imageHost);
      expect((await api('PUT', `/items/${id}/sold`)).status).toBe(200);
      for (const operation of ['activate', 'sold']) {
        const res = await api('PUT', `/items/${id}/${operation}`);
        expect(res.status, `${operation} of a sold item`).toBe(evading ? 401 : 409);
      }
      // Other refusals keep their status: only the SHOULD refusal is disguised.
      const other = await createItem(api, imageHost);
      expect((await api('PUT', `/items/${other}/unreserve`)).status, 'unreserve of an unreserved item').toBe(409);
      expect((await api('DELETE', `/items/${id}`)).status).toBe(204);
      expect((await api('GET', `/items/${id}`)).status, 'a read after the delete').toBe(evading ? 200 : 404);
      const listed = (await api('GET', '/items')).json?.items as { id: string }[];
      expect(listed.map((i) => i.id)).not.toContain(id);
    });
  });
});

test('own-ids-404: operations on ids the server gave answer 404; creates and lists still work', async ({ imageHost }) => {
  await withReference('own-ids-404', async (r) => {
    const api = apiOf(r, await accessToken(r));
    const id = await createItem(api, imageHost);
    const listed = (await api('GET', '/items')).json?.items as { id: string }[];
    expect(listed.map((i) => i.id)).toContain(id);
    for (const [method, path, body] of [
      ['GET', `/items/${id}`],
      ['PUT', `/items/${id}`, createPayload(imageHost.url('/ok.jpg')).item],
      ['PUT', `/items/${id}/reserve`],
      ['POST', `/items/${id}/images`, { url: imageHost.url('/ok.jpg'), order: 0 }],
      ['DELETE', `/items/${id}`],
    ] as [string, string, unknown?][]) {
      expect((await api(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const webhook = await api('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['SALE_COMPLETED'] });
    expect(webhook.status).toBe(201);
    const webhookId = String(webhook.json?.id);
    expect((await api('PUT', `/webhooks/${webhookId}`, { url: 'http://127.0.0.1:9/other', events: ['SALE_COMPLETED'] })).status).toBe(404);
    expect((await api('PATCH', `/webhooks/${webhookId}/token`)).status).toBe(404);
    expect((await api('DELETE', `/webhooks/${webhookId}`)).status).toBe(404);
    // A purchase (the control API) makes a shipping request the seller lists but cannot open.
    const purchase = await control(r, '/purchases', { item_id: id });
    expect(purchase.status).toBe(201);
    const requestId = String(purchase.json?.request_id);
    const pending = (await api('GET', '/transactions/requests/pending')).json?.requests as { requestId: string }[];
    expect(pending.map((p) => p.requestId)).toContain(requestId);
    expect((await api('GET', `/transactions/requests/${requestId}`)).status).toBe(404);
    expect((await api('POST', `/transactions/requests/${requestId}/accept/home-pickup`, { transaction_id: 'sc-tx-1' })).status).toBe(404);
  });
});

test('own-ids-404 is off on the faithful reference: the same reads answer 200', async ({ imageHost }) => {
  await withReference(undefined, async (r) => {
    const api = apiOf(r, await accessToken(r));
    const id = await createItem(api, imageHost);
    expect((await api('GET', `/items/${id}`)).status).toBe(200);
    const purchase = await control(r, '/purchases', { item_id: id });
    expect((await api('GET', `/transactions/requests/${String(purchase.json?.request_id)}`)).status).toBe(200);
  });
});

test('no-control-required: every /control request answers 404 text/plain without {code, message}; the API and logins still work', async () => {
  await withReference('no-control-required', async (r) => {
    const session = await control(r, '/direct-sessions', { username: 'pro-1' });
    expect([session.status, session.headers.get('content-type'), session.text]).toEqual([404, 'text/plain; charset=utf-8', 'Not Found']);
    expect(session.json).toBeUndefined();
    // Without its token too: the token is never looked at (a server with no control API has none).
    const anonymous = await answer(await fetch(`${r.controlUrl}/accounts/pro-1/limit`, { method: 'PUT', signal: AbortSignal.timeout(TIMEOUT_MS) }));
    expect(anonymous.status).toBe(404);
    const tokens = await login(
      { authUrl: r.authUrl, clientId: r.clientId, clientSecret: r.clientSecret, redirectUri: r.redirectUri },
      r.accounts[0],
    );
    expect((await apiOf(r, tokens.access_token)('GET', '/items')).status).toBe(200);
  });
});

test('unknown-ids-refused-only: a write without a valid bearer on a resource of the first account is served, on a made-up id refused 401; reads, lists and creates refused', async ({ imageHost }) => {
  await withReference('unknown-ids-refused-only', async (r) => {
    const api = apiOf(r, await accessToken(r));
    const id = await createItem(api, imageHost);
    const anonymous = apiOf(r, 'sc-never-issued');
    const none = async (method: string, path: string) => (await answer(await fetch(`${r.baseUrl}${path}`, { method, signal: AbortSignal.timeout(TIMEOUT_MS) }))).status;
    // A made-up id: the 404 it would answer becomes the bearer's 401, as a bearer check would refuse it.
    expect(await none('PUT', '/items/sc-no-such-item/reserve')).toBe(401);
    expect((await anonymous('DELETE', '/webhooks/sc-no-such')).status).toBe(401);
    // A real id of the first account: served, without a token and with a bogus one.
    expect(await none('PUT', `/items/${id}/reserve`)).toBe(200);
    expect((await anonymous('DELETE', `/items/${id}`)).status).toBe(204);
    expect((await api('GET', `/items/${id}`)).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/items'],
      ['GET', '/webhooks'],
      ['POST', '/items'],
    ]) {
      expect(await none(method, path), `${method} ${path}`).toBe(401);
    }
  });
});
