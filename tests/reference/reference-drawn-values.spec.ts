import { expect, test } from '@playwright/test';
import { optionsFromEnv } from '../../reference/config.js';
import { startReference } from '../../reference/server.js';
import { authorize, exchange } from './reference-login.js';

/**
 * Freedom values of catalog/freedoms.json realized by the reference (reference/freedoms.ts), each shown on the wire:
 * authorize-redirect-status=307, expires-in=absent, latency.
 */

test('authorize-redirect-status=307: the GET of /auth is redirected with 307; after the consent POST, 303 (RFC 9700 §4.12)', async () => {
  const ref = await startReference(optionsFromEnv({ REFERENCE_FREEDOMS: 'authorize-redirect-status=307' }));
  try {
    const query = new URLSearchParams({ client_id: ref.clientId, response_type: 'code', redirect_uri: ref.redirectUri, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' });
    const first = await fetch(`${ref.authUrl}/auth?${query}`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    expect(first.status).toBe(307);
    const callback = await authorize(ref, ref.accounts[0]);
    expect(callback.status).toBe(303);
    expect((await exchange(ref, callback)).status).toBe(200);
  } finally {
    await ref.close();
  }
});

test('expires-in=absent: the token answer states no expires_in, and its tokens work', async () => {
  const ref = await startReference(optionsFromEnv({ REFERENCE_FREEDOMS: 'expires-in=absent' }));
  try {
    const answer = await exchange(ref, await authorize(ref, ref.accounts[0]));
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('expires_in');
    const read = await fetch(`${ref.baseUrl}/items/limits`, { headers: { authorization: `Bearer ${String(answer.body.access_token)}` }, signal: AbortSignal.timeout(5_000) });
    expect(read.status).toBe(200);
  } finally {
    await ref.close();
  }
});

test('latency=250: every answer (API, identity provider, control API) comes a round trip of at least 250 ms later', async () => {
  const ref = await startReference(optionsFromEnv({ REFERENCE_FREEDOMS: 'latency=250' }));
  expect(ref.options.latencyMs).toBe(250);
  try {
    for (const url of [`${ref.baseUrl}/items`, `${ref.authUrl}/token`, `${ref.controlUrl}/accounts`]) {
      const sent = performance.now();
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      // A lower bound alone (timers never fire early by more than a millisecond): no speed is measured here.
      expect(performance.now() - sent, url).toBeGreaterThanOrEqual(248);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
    }
  } finally {
    await ref.close();
  }
});
