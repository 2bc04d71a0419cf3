/**
 * The Authorization Code flow with PKCE, end to end (spec, Authentication
 * steps 1–5 and 8): login, the callback, the code exchange, the token on the API.
 * Each test logs in on its own: a code is single-use.
 */
import { newCodeVerifier } from '../../lib/pkce.js';
import { expectStatus, notApplicable, test, verify } from '../fixtures.js';

test.describe('code flow', { tag: '@auth' }, () => {
  test('[AUTH-CODE-1][AUTH-STATE-1][AUTH-TOKEN-1][AUTH-SCOPE-1] the PKCE code flow returns the state unchanged and a token pair the API accepts', async ({ oauth, auth, sessions }) => {
    const account = sessions.anyAccount('pro');
    const grant = await oauth.authorize(account);
    await verify(grant.code.length > 0, {
      title: 'the callback to redirect_uri carries an authorization code',
      requirements: ['AUTH-CODE-1'],
      expected: 'a non-empty code parameter',
      actual: `parameters: ${grant.callbackParams.join(', ')}`,
    });
    await verify(grant.returnedState === grant.sentState, {
      title: 'the callback carries the state sent, unchanged',
      requirements: ['AUTH-STATE-1'],
      expected: `state=${grant.sentState}`,
      actual: grant.returnedState === undefined ? 'no state parameter' : `state=${grant.returnedState}`,
    });
    const answer = await oauth.exchange(grant);
    const pair = await oauth.expectTokens(answer, ['AUTH-TOKEN-1']);
    // No scope was requested (the spec requests none), and the token works on the API.
    await auth.expectWorks(pair, ['AUTH-SCOPE-1', 'AUTH-TOKEN-1'], 'GET /items/categories with the exchanged access token answers 200');
  });

  test('[GEN-AUTH-4] one access token is accepted by the items, transactions and webhooks groups alike', async ({ api, sessions }) => {
    const session = await sessions.shared(sessions.anyAccount('pro').plan);
    for (const path of ['/items/categories', '/transactions/pending', '/webhooks']) {
      const res = await api.get(session, path);
      await expectStatus(res, '2xx', ['GEN-AUTH-4'], `GET ${path} with a valid access token answers a 2xx`);
    }
  });

  test('[AUTH-STATE-2] an authorization request without state still completes with a code', async ({ oauth, sessions }) => {
    const account = sessions.anyAccount('basic');
    const grant = await oauth.authorize(account, { state: null }, ['AUTH-STATE-2']);
    await verify(grant.code.length > 0, {
      title: 'a flow without state ends at redirect_uri with a code',
      requirements: ['AUTH-STATE-2'],
      expected: 'a code parameter',
      actual: `parameters: ${grant.callbackParams.join(', ')}`,
    });
    const answer = await oauth.exchange(grant);
    const pair = await oauth.expectTokens(answer, ['AUTH-STATE-2']);
    // Unused here: a check that needs a session of its own takes it instead of logging in (sessions.own).
    await sessions.spare(account, pair, answer);
  });

  test('[AUTH-PKCE-3] a code_verifier of exactly 43 characters completes the token exchange', async ({ oauth, auth, sessions }) => {
    const account = sessions.anyAccount('pro');
    const verifier = newCodeVerifier(32); // 32 bytes → 43 base64url characters
    expectLength(verifier, 43);
    const grant = await oauth.authorize(account, { verifier });
    const pair = await oauth.expectTokens(await oauth.exchange(grant), ['AUTH-PKCE-3']);
    await auth.expectWorks(pair, ['AUTH-PKCE-3'], 'GET /items/categories with the access token answers 200');
  });

  test('[AUTH-CLIENT-1] one client_id and client_secret obtain sessions for several accounts', async ({ auth, sessions, hasProAndBasic }) => {
    test.skip(!hasProAndBasic, notApplicable('accounts', 'needs a pro and a basic account (SC_ACCOUNTS)'));
    // The workers' pooled sessions are logins of this one client (the preflight's or the pool's): no login of its own.
    for (const plan of ['pro', 'basic'] as const) {
      const session = await sessions.pooled(plan);
      await auth.expectWorks(session, ['AUTH-CLIENT-1'], `the ${plan} account's session (same client) works on the API`);
    }
  });
});

function expectLength(verifier: string, length: number): void {
  if (verifier.length !== length) throw new Error(`suite bug: verifier of ${verifier.length} characters, wanted ${length}`);
}
