import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newCodeVerifier } from '../../lib/pkce.js';
import { SHORT_LIFETIMES, shortLivedAccount } from '../../reference/config.js';
import { AUTH_DEFECTS } from '../../reference/defects/auth.js';
import { GENERAL_DEFECTS } from '../../reference/defects/general.js';
import { type RunningReference, startReference } from '../../reference/server.js';
import { authorize, exchange, login, refresh, tokenRequest } from './reference-login.js';

/**
 * Each defect of the auth and general groups, switched on alone, shows the
 * deviation it describes (the faithful behaviour is tested in
 * reference-idp.spec.ts), and names catalog IDs that exist.
 */

type Demo = (ref: RunningReference) => Promise<void>;

const apiGet = (ref: RunningReference, path: string, authorization?: string) =>
  fetch(`${ref.baseUrl}${path}`, { headers: authorization ? { authorization } : {} });
const bearer = (token: unknown) => `Bearer ${String(token)}`;

/** A code exchange as fetch answers it, headers and all. */
async function rawExchange(ref: RunningReference): Promise<Response> {
  const callback = await authorize(ref, ref.accounts[0]);
  const form = { grant_type: 'authorization_code', code: callback.code ?? '', redirect_uri: ref.redirectUri, code_verifier: callback.verifier, client_id: ref.clientId, client_secret: ref.clientSecret };
  return fetch(`${ref.authUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'reference-auth-defects' },
    body: new URLSearchParams(form).toString(),
  });
}

/** Tokens after one refresh: [first pair, second pair]. */
async function rotated(ref: RunningReference) {
  const first = await login(ref, ref.accounts[0]);
  const second = (await refresh(ref, first.refresh_token)).body as typeof first;
  return [first, second] as const;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const DEMOS: Record<string, Demo> = {
  // The short-lived account's tokens and codes outlive their lifetimes (reference/config.ts SHORT_LIFETIMES).
  'tokens-never-expire': async (ref) => {
    const pair = await login(ref, shortLivedAccount());
    expect((pair as { expires_in?: number }).expires_in).toBe(SHORT_LIFETIMES.accessMs / 1000);
    await sleep(SHORT_LIFETIMES.refreshMs + 500);
    expect((await apiGet(ref, '/webhooks', bearer(pair.access_token))).status).toBe(200);
    expect((await refresh(ref, pair.refresh_token)).status).toBe(200);
  },
  'refresh-tokens-never-expire': async (ref) => {
    const pair = await login(ref, shortLivedAccount());
    await sleep(SHORT_LIFETIMES.refreshMs + 500);
    expect((await apiGet(ref, '/webhooks', bearer(pair.access_token))).status).toBe(401);
    expect((await refresh(ref, pair.refresh_token)).status).toBe(200);
  },
  'codes-never-expire': async (ref) => {
    const callback = await authorize(ref, shortLivedAccount());
    await sleep(SHORT_LIFETIMES.codeMs + 500);
    expect((await exchange(ref, callback)).status).toBe(200);
  },
  'state-dropped': async (ref) => {
    expect((await authorize(ref, ref.accounts[0])).state).toBeUndefined();
  },
  'state-altered': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0], (q) => q.set('state', 'abcdef'));
    expect(callback.state).toBe('abcde');
  },
  'state-encoded-as-uri': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0], (q) => q.set('state', 'a+b&c=d'));
    expect(callback.state).toBe('a b');
  },
  'state-required': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0], (q) => q.delete('state'));
    expect(callback.location.searchParams.get('error')).toBe('invalid_request');
  },
  'scope-required': async (ref) => {
    expect((await authorize(ref, ref.accounts[0])).location.searchParams.get('error')).toBe('invalid_scope');
  },
  'pkce-not-checked': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    expect((await exchange(ref, callback, { code_verifier: 'B'.repeat(50) })).status).toBe(200);
  },
  'wrong-verifier-accepted-plain': async (ref) => {
    const challenge = 'C'.repeat(43);
    const callback = await authorize(ref, ref.accounts[0], (q) => {
      q.set('code_challenge', challenge);
      q.set('code_challenge_method', 'plain');
    });
    expect(callback.code).toBeTruthy();
    expect((await exchange(ref, callback, { code_verifier: challenge })).status).toBe(200);
  },
  'verifier-43-refused': async (ref) => {
    // 32 random bytes: 43 base64url characters, the stated minimum (the suite's own logins use 64).
    const callback = await authorize(ref, ref.accounts[0], undefined, newCodeVerifier(32));
    expect(callback.verifier).toHaveLength(43);
    expect((await exchange(ref, callback)).body.error).toBe('invalid_grant');
  },
  'code-reusable': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    await exchange(ref, callback);
    expect((await exchange(ref, callback)).status).toBe(200);
  },
  'used-code-wrong-error': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    await exchange(ref, callback);
    expect((await exchange(ref, callback)).body.error).toBe('invalid_request');
  },
  'redirect-uri-not-checked': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    expect((await exchange(ref, callback, { redirect_uri: 'http://127.0.0.1/elsewhere' })).status).toBe(200);
  },
  'unknown-grant-invalid-request': async (ref) => {
    expect((await refresh(ref, 'never-issued')).body.error).toBe('invalid_request');
  },
  'client-secret-not-checked': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    expect((await exchange(ref, callback, { client_secret: 'wrong' })).status).toBe(200);
  },
  'unknown-client-id-accepted': async (ref) => {
    const callback = await authorize(ref, ref.accounts[0]);
    expect((await exchange(ref, callback, { client_id: `${ref.clientId}-other` })).status).toBe(200);
  },
  'token-body-missing-500': async (ref) => {
    const res = await fetch(`${ref.authUrl}/token`, { method: 'POST', headers: { 'user-agent': 'reference-auth-defects' } });
    expect(res.status).toBe(500);
  },
  'token-response-cacheable': async (ref) => {
    const answer = await rawExchange(ref);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBeNull();
  },
  'token-type-missing': async (ref) => {
    const answer = await rawExchange(ref);
    expect(answer.status).toBe(200);
    expect(await answer.json()).not.toHaveProperty('token_type');
  },
  'token-error-401': async (ref) => {
    const answer = await refresh(ref, 'never-issued');
    expect(answer.status).toBe(401);
    expect((answer.body as { error?: string }).error).toBe('invalid_grant');
  },
  'refresh-not-rotated': async (ref) => {
    const [first, second] = await rotated(ref);
    expect(second.refresh_token).toBe(first.refresh_token);
  },
  'refreshed-access-token-rejected': async (ref) => {
    const [, second] = await rotated(ref);
    expect((await apiGet(ref, '/webhooks', bearer(second.access_token))).status).toBe(401);
  },
  'rotated-token-accepted': async (ref) => {
    const [first] = await rotated(ref);
    expect((await refresh(ref, first.refresh_token)).status).toBe(200);
  },
  'reuse-not-revoking': async (ref) => {
    const [first, second] = await rotated(ref);
    expect((await refresh(ref, first.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(ref, second.refresh_token)).status).toBe(200);
  },
  'access-token-survives-revocation': async (ref) => {
    const [first, second] = await rotated(ref);
    expect((await refresh(ref, first.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(ref, second.refresh_token)).body.error).toBe('invalid_grant');
    expect((await apiGet(ref, '/webhooks', bearer(second.access_token))).status).toBe(200);
  },
  'bearer-not-required': async (ref) => {
    expect((await apiGet(ref, '/webhooks')).status).toBe(200);
  },
  'writes-by-id-without-bearer': async (ref) => {
    const { access_token } = await login(ref, ref.accounts[0]);
    const send = (method: string, path: string, body: unknown, authorization?: string) =>
      fetch(`${ref.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });
    const hook = { url: 'http://127.0.0.1:9/hook', events: ['CHAT_LEAD_CREATED'] };
    const created = (await (await send('POST', '/webhooks', hook, bearer(access_token))).json()) as { id: string };
    // The write by id, as the first account: served; a create and a read without a token: still refused.
    expect((await send('PUT', `/webhooks/${created.id}`, { ...hook, events: ['ITEM_BANNED'] })).status).toBe(204);
    expect((await send('POST', '/webhooks', hook)).status).toBe(401);
    expect((await apiGet(ref, '/webhooks')).status).toBe(401);
    const listed = (await (await apiGet(ref, '/webhooks', bearer(access_token))).json()) as { webhooks: { id: string; events: string[] }[] };
    expect(listed.webhooks.find((w) => w.id === created.id)?.events).toEqual(['ITEM_BANNED']);
  },
  'bogus-bearer-accepted': async (ref) => {
    expect((await apiGet(ref, '/webhooks', 'Bearer made-up')).status).toBe(200);
  },
  'error-body-shape': async (ref) => {
    const body = (await (await apiGet(ref, '/webhooks')).json()) as Record<string, unknown>;
    expect(typeof body.error).toBe('string');
    expect(body.code).toBeUndefined();
  },
  'error-message-empty': async (ref) => {
    const body = (await (await apiGet(ref, '/webhooks', 'Bearer sc-not-a-token')).json()) as Record<string, unknown>;
    expect(typeof body.code).toBe('string');
    expect(body.message).toBe('');
  },
  'malformed-json-500': async (ref) => {
    const { access_token } = await login(ref, ref.accounts[0]);
    const res = await fetch(`${ref.baseUrl}/webhooks`, {
      method: 'POST',
      headers: { authorization: bearer(access_token), 'content-type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(500);
  },
  'json-content-type-wrong': async (ref) => {
    const res = await apiGet(ref, '/webhooks');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  },
};

const OURS = { ...AUTH_DEFECTS, ...GENERAL_DEFECTS };

/** Defects shown in a test file of their own, with the reference's throttle they break. */
const SHOWN_ELSEWHERE: Record<string, string> = {
  'no-rate-limit': 'reference-rate-limit.spec.ts',
  'rate-limit-500': 'reference-rate-limit.spec.ts',
  'rate-limit-lockout': 'reference-rate-limit.spec.ts',
};

test('every auth and general defect has a demonstration and names existing catalog IDs', () => {
  expect([...Object.keys(DEMOS), ...Object.keys(SHOWN_ELSEWHERE)].sort()).toEqual(Object.keys(OURS).sort());
  for (const [name, file] of Object.entries(SHOWN_ELSEWHERE)) expect(readFileSync(new URL(file, import.meta.url), 'utf8'), `${name} in ${file}`).toContain(`'${name}'`);
  const catalog = JSON.parse(readFileSync(new URL('../../catalog/requirements.json', import.meta.url), 'utf8')) as { id: string }[];
  const ids = new Set(catalog.map((r) => r.id));
  for (const [name, info] of Object.entries(OURS)) {
    expect(info.breaks.length, name).toBeGreaterThan(0);
    for (const id of info.breaks) expect(ids.has(id), `${name} breaks ${id}`).toBe(true);
  }
});

for (const [name, demo] of Object.entries(DEMOS)) {
  test(`defect ${name} shows its deviation`, async () => {
    const ref = await startReference({ defect: name });
    try {
      await demo(ref);
    } finally {
      await ref.close();
    }
  });
}

test('the token endpoint keeps the OAuth error shape under generic-oauth-descriptions', async () => {
  const ref = await startReference({ variants: ['generic-oauth-descriptions', 'redirect-303', 'callback-iss', 'token-extra-fields'] });
  try {
    expect((await tokenRequest(ref, {})).body).toEqual({ error: 'invalid_request', error_description: 'invalid request' });
    const callback = await authorize(ref, ref.accounts[0]);
    expect(callback.status).toBe(303);
    expect(callback.location.searchParams.get('iss')).toBe(ref.authUrl);
    const answer = await exchange(ref, callback);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty('scope');
    expect(answer.body).toHaveProperty('id_token');
  } finally {
    await ref.close();
  }
});

test('token-errors-403 (variant): a token error answered 400 comes in a 403, its body kept; invalid_client stays 401', async () => {
  const ref = await startReference({ variants: ['token-errors-403'] });
  try {
    const grant = await refresh(ref, 'never-issued');
    expect(grant.status).toBe(403);
    expect(grant.body.error).toBe('invalid_grant');
    expect((await tokenRequest(ref, { grant_type: 'refresh_token' })).status).toBe(401);
  } finally {
    await ref.close();
  }
});
