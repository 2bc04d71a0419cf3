/**
 * Misuse of the code exchange (spec, Authentication steps 2–5 and 9): a replayed
 * code, a wrong code_verifier, an unknown code, another redirect_uri, a wrong
 * client secret. Every test logs in on its own: a replayed code may revoke what
 * its first exchange issued (RFC 6749 4.1.2).
 */
import { newCodeVerifier } from '../../lib/pkce.js';
import { bogusToken, expectOAuthError, expectStatus, recordFinding, test } from '../../fixtures/index.js';

test.describe('code exchange misuse', { tag: '@auth' }, () => {
  test('[AUTH-CODE-2] a code exchanged a second time is refused with invalid_grant', async ({ oauth, sessions }) => {
    const grant = await oauth.authorize(sessions.anyAccount('pro'));
    await oauth.expectTokens(await oauth.exchange(grant), ['AUTH-TOKEN-1']);
    const replay = await oauth.exchange(grant);
    await expectOAuthError(replay, 'invalid_grant', ['AUTH-CODE-2'], 'a second exchange of the same code is refused with invalid_grant');
  });

  test('[AUTH-CODE-4] an exchange with a well-formed but wrong code_verifier, or none, is refused', async ({ oauth, sessions, settings }) => {
    const account = sessions.anyAccount('basic');
    // Each case on a code of its own: a provider may void a code after one failed attempt.
    const cases: [string, (grant: { code: string; challenge: string }) => Record<string, string>][] = [
      // Same alphabet and length as the real one: only the S256 derivation tells them apart.
      ['another random code_verifier', () => ({ code_verifier: newCodeVerifier() })],
      // The challenge itself is a well-formed verifier: accepting it means the provider compared as `plain`.
      ['the code_challenge itself as code_verifier', (g) => ({ code_verifier: g.challenge })],
      ['no code_verifier at all', () => ({})],
    ];
    for (const [what, verifierField] of cases) {
      const grant = await oauth.authorize(account);
      const form = { grant_type: 'authorization_code', code: grant.code, redirect_uri: settings.redirectUri, ...verifierField(grant) };
      const answer = await oauth.post(form);
      await expectStatus(answer, '4xx', ['AUTH-CODE-4'], `an exchange with ${what} is refused`);
      if ((answer.json as { error?: unknown } | undefined)?.error !== 'invalid_grant' && what !== 'no code_verifier at all') {
        recordFinding(test.info(), { requirement: 'AUTH-CODE-4', message: `an exchange with ${what} was refused with ${answer.status} but not error=invalid_grant (RFC 7636 4.6)` });
      }
    }
  });

  test('[AUTH-TOKEN-5] a code the provider never issued is refused with invalid_grant', async ({ oauth }) => {
    const answer = await oauth.exchange({ code: bogusToken(), verifier: newCodeVerifier() });
    await expectOAuthError(answer, 'invalid_grant', ['AUTH-TOKEN-5']);
  });

  test('[AUTH-CODE-5] an exchange whose redirect_uri differs from the authorization request is refused', { tag: '@should' }, async ({ oauth, sessions, settings }) => {
    const grant = await oauth.authorize(sessions.anyAccount('pro'));
    const other = new URL(settings.redirectUri);
    other.pathname = `${other.pathname.replace(/\/$/, '')}/elsewhere`;
    const answer = await oauth.exchange({ ...grant, redirectUri: other.toString() });
    await expectStatus(answer, '4xx', ['AUTH-CODE-5'], 'an exchange naming another redirect_uri is refused');
  });

  test('[AUTH-CLIENT-2] a code exchange or a refresh with a wrong client_secret is refused', { tag: '@should' }, async ({ oauth, sessions }) => {
    const account = sessions.anyAccount('basic');
    const grant = await oauth.authorize(account);
    const wrongSecret = `wrong-${bogusToken()}`;
    const exchange = await oauth.exchange(grant, { clientSecret: wrongSecret });
    await expectStatus(exchange, '4xx', ['AUTH-CLIENT-2'], 'a code exchange with a wrong client_secret is refused');

    const session = await sessions.fresh(account);
    const refresh = await oauth.refresh(session.refreshToken, { clientSecret: wrongSecret });
    await expectStatus(refresh, '4xx', ['AUTH-CLIENT-2'], 'a refresh with a wrong client_secret is refused');
  });
});
