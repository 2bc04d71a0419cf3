import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server.js';

/**
 * The reference behind an external identity provider (reference/server.ts
 * ExternalIdentity, used by the oidc lane, interop/oidc/), without that
 * provider: a stand-in that knows one token. The API asks it who a bearer is,
 * the control API asks it for direct sessions, the settings name it, and the
 * reference's own /oauth is gone. So the seam stays proven where the lane
 * itself is skipped.
 */

const TOKEN = 'external-access-token-4711';

test('an external identity provider answers for the bearers and the direct sessions; the reference mounts no /oauth', async () => {
  const asked: string[] = [];
  const reference = await startReference(
    {},
    {
      authUrl: 'http://127.0.0.1:9/idp',
      clientId: 'external-client',
      clientSecret: 'external-client-secret-0815',
      redirectUri: 'http://127.0.0.1/external-callback',
      authenticate: async (header) => (header === `Bearer ${TOKEN}` ? 'pro-1' : undefined),
      createDirectSession: async (username) => {
        asked.push(username);
        return { refresh_token: `direct-${username}` };
      },
    },
  );
  try {
    expect(reference).toMatchObject({ authUrl: 'http://127.0.0.1:9/idp', clientId: 'external-client', redirectUri: 'http://127.0.0.1/external-callback' });
    const api = (token: string) => fetch(`${reference.baseUrl}/items/categories`, { headers: { authorization: `Bearer ${token}` } });
    expect((await api(TOKEN)).status).toBe(200);
    const refused = await api('a-token-nobody-issued');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');

    const direct = await fetch(`${reference.controlUrl}/direct-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reference.controlToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'basic-2' }),
    });
    expect(direct.status).toBe(201);
    expect(await direct.json()).toEqual({ refresh_token: 'direct-basic-2' });
    expect(asked).toEqual(['basic-2']);

    const origin = reference.baseUrl.replace(/\/api$/, '');
    expect((await fetch(`${origin}/oauth/auth`)).status).toBe(404);
  } finally {
    await reference.close();
  }
});
