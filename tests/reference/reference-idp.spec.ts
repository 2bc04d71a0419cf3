import { expect, test } from './reference-fixture.js';
import { request } from 'undici';
import { type RunningReference, startReference } from '../../reference/server.js';
import { authorize, exchange, login, parseForm, refresh, tokenRequest } from './reference-login.js';

/**
 * The reference identity provider, driven with plain fetch: the code flow with
 * PKCE, the token endpoint's grants and refusals, rotation and reuse revocation.
 */

let ref: RunningReference;
test.beforeAll(({ reference }) => {
  ref = reference;
});

const pro = () => ref.accounts[0];

async function apiStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${ref.baseUrl}/webhooks`, { headers: { authorization: `Bearer ${accessToken}` } });
  await res.arrayBuffer();
  return res.status;
}

test('the code flow reaches redirect_uri with a code and the state unchanged, and the code buys working tokens', async () => {
  const state = 'a b+c&d=é/%20~"<x>';
  const callback = await authorize(ref, pro(), (q) => q.set('state', state));
  expect(callback.status).toBe(302);
  expect(callback.location.origin + callback.location.pathname).toBe(ref.redirectUri);
  expect(callback.state).toBe(state);
  expect(callback.code).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  const answer = await exchange(ref, callback);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  expect(answer.body.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  expect(answer.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  expect(await apiStatus(String(answer.body.access_token))).toBe(200);
});

test('a flow without state comes back without state', async () => {
  const callback = await authorize(ref, pro(), (q) => q.delete('state'));
  expect(callback.code).toBeTruthy();
  expect(callback.location.searchParams.has('state')).toBe(false);
});

test('wrong credentials answer the login form again with a message', async () => {
  await expect(authorize(ref, { username: 'pro-1', password: 'wrong' })).rejects.toThrow(/10 steps/);
  const start = await fetch(`${ref.authUrl}/auth?${new URLSearchParams({ client_id: ref.clientId, response_type: 'code', redirect_uri: ref.redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
  const loginUrl = new URL(start.headers.get('location')!, ref.authUrl);
  const page = await fetch(loginUrl);
  const cookie = page.headers.getSetCookie()[0].split(';')[0];
  const form = parseForm(await page.text())!;
  const res = await fetch(new URL(form.action, loginUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ ...form.fields, username: 'pro-1', password: 'nope' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(200);
  const again = await res.text();
  expect(again).toContain('Wrong username or password');
  expect(parseForm(again)?.hasPassword).toBe(true);
});

test('a login form posted without the browser cookie is refused (anti-forgery)', async () => {
  const start = await fetch(`${ref.authUrl}/auth?${new URLSearchParams({ client_id: ref.clientId, response_type: 'code', redirect_uri: ref.redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
  const loginUrl = new URL(start.headers.get('location')!, ref.authUrl);
  const form = parseForm(await (await fetch(loginUrl)).text())!;
  const res = await fetch(new URL(form.action, loginUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, username: 'pro-1', password: pro().password }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(400);
});

test('GET /auth with an unknown client or an unregistered redirect_uri answers 400 and never redirects', async () => {
  for (const [name, value] of [['client_id', 'someone-else'], ['redirect_uri', 'http://127.0.0.1:9/evil']]) {
    const q = new URLSearchParams({ client_id: ref.clientId, response_type: 'code', redirect_uri: ref.redirectUri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    q.set(name, value);
    const res = await fetch(`${ref.authUrl}/auth?${q}`, { redirect: 'manual' });
    expect(res.status, name).toBe(400);
    expect(res.headers.get('location'), name).toBeNull();
  }
});

test('GET /auth refuses plain, a missing method and a missing challenge through the callback (invalid_request, state kept)', async () => {
  const cases: ((q: URLSearchParams) => void)[] = [
    (q) => q.set('code_challenge_method', 'plain'),
    (q) => q.delete('code_challenge_method'),
    (q) => q.delete('code_challenge'),
    (q) => q.set('code_challenge', 'short'),
  ];
  for (const tweak of cases) {
    const callback = await authorize(ref, pro(), (q) => {
      q.set('state', 'keep-me');
      tweak(q);
    });
    expect(callback.code).toBeUndefined();
    expect(callback.location.searchParams.get('error')).toBe('invalid_request');
    expect(callback.state).toBe('keep-me');
  }
  const wrongType = await authorize(ref, pro(), (q) => q.set('response_type', 'token'));
  expect(wrongType.location.searchParams.get('error')).toBe('unsupported_response_type');
});

test('every refresh answers a new access token and a new refresh token', async () => {
  let tokens = await login(ref, pro());
  const seen = new Set([tokens.access_token, tokens.refresh_token]);
  for (let i = 0; i < 3; i++) {
    const answer = await refresh(ref, tokens.refresh_token);
    expect(answer.status).toBe(200);
    tokens = answer.body as typeof tokens;
    expect(seen.has(tokens.access_token)).toBe(false);
    expect(seen.has(tokens.refresh_token)).toBe(false);
    seen.add(tokens.access_token).add(tokens.refresh_token);
    expect(await apiStatus(tokens.access_token)).toBe(200);
  }
});

test('a rotated-away refresh token answers invalid_grant and revokes the whole session', async () => {
  const first = await login(ref, pro());
  const second = (await refresh(ref, first.refresh_token)).body as typeof first;
  const replay = await refresh(ref, first.refresh_token);
  expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  expect((await refresh(ref, second.refresh_token)).body.error).toBe('invalid_grant');
  expect(await apiStatus(first.access_token)).toBe(401);
  expect(await apiStatus(second.access_token)).toBe(401);
});

test('a direct-integrator session from the control API rotates and is revoked on reuse', async () => {
  const res = await fetch(`${ref.controlUrl}/direct-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ref.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'pro-2' }),
  });
  expect(res.status).toBe(201);
  const { refresh_token } = (await res.json()) as { refresh_token: string };
  const next = await refresh(ref, refresh_token);
  expect(next.status).toBe(200);
  expect(await apiStatus(String(next.body.access_token))).toBe(200);
  expect((await refresh(ref, refresh_token)).body.error).toBe('invalid_grant');
  expect(await apiStatus(String(next.body.access_token))).toBe(401);
});

test('a code presented twice answers invalid_grant and revokes the tokens it bought', async () => {
  const callback = await authorize(ref, pro());
  const first = await exchange(ref, callback);
  expect(first.status).toBe(200);
  expect(await exchange(ref, callback)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  expect(await apiStatus(String(first.body.access_token))).toBe(401);
});

test('the token endpoint refuses bad grants and bad clients with the OAuth error shape', async () => {
  const callback = await authorize(ref, pro());
  expect((await exchange(ref, callback, { code_verifier: 'A'.repeat(43) })).body.error).toBe('invalid_grant');
  expect((await exchange(ref, callback, { code_verifier: 'short' })).body.error).toBe('invalid_grant');
  expect((await exchange(ref, callback, { redirect_uri: 'http://127.0.0.1/other' })).body.error).toBe('invalid_grant');
  expect((await exchange(ref, callback, { code: 'unknown-code' })).body.error).toBe('invalid_grant');
  expect(await exchange(ref, callback, { client_secret: 'wrong' })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  // An unknown client_id is refused though the secret is this client's.
  expect(await exchange(ref, callback, { client_id: `${ref.clientId}-other` })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  expect((await refresh(ref, 'not-a-token')).body.error).toBe('invalid_grant');
  expect((await tokenRequest(ref, { grant_type: 'password', client_id: ref.clientId, client_secret: ref.clientSecret })).body.error).toBe('unsupported_grant_type');
  expect((await tokenRequest(ref, { grant_type: 'refresh_token', client_id: ref.clientId, client_secret: ref.clientSecret })).body.error).toBe('invalid_request');
  expect((await tokenRequest(ref, {})).body.error).toBe('invalid_request');
  // A body that is not a form: none at all, or JSON; refused as invalid_request, never a 500.
  for (const init of [{}, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }) }]) {
    const res = await fetch(`${ref.authUrl}/token`, { method: 'POST', ...init, headers: { 'user-agent': 'test', ...init.headers } });
    expect({ status: res.status, error: ((await res.json()) as { error?: string }).error }).toEqual({ status: 400, error: 'invalid_request' });
  }
  // After the refusals above (none of them spends the code), the right exchange still works once.
  expect((await exchange(ref, callback)).status).toBe(200);
});

test('client authentication by HTTP Basic is accepted too', async () => {
  const callback = await authorize(ref, pro());
  const res = await fetch(`${ref.authUrl}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'test',
      authorization: `Basic ${Buffer.from(`${ref.clientId}:${ref.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.code!, redirect_uri: ref.redirectUri, code_verifier: callback.verifier }).toString(),
  });
  expect(res.status).toBe(200);
});

test('a token request without User-Agent is refused, unless the user-agent-optional variant is on', async () => {
  const send = async (target: RunningReference) => {
    const callback = await authorize(target, target.accounts[0]);
    const fields = { grant_type: 'authorization_code', code: callback.code!, redirect_uri: target.redirectUri, code_verifier: callback.verifier, client_id: target.clientId, client_secret: target.clientSecret };
    // undici's request adds no User-Agent of its own (fetch would).
    const res = await request(`${target.authUrl}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
  };
  expect(await send(ref)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  const lenient = await startReference({ variants: ['user-agent-optional'] });
  try {
    expect((await send(lenient)).status).toBe(200);
  } finally {
    await lenient.close();
  }
});
