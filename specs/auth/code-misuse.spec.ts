/**
 * Misuse of the code exchange (spec, Authentication steps 2–5 and 9; RFC 6749
 * 4.1.3 and RFC 7636 4.6, which the named flow brings along): a replayed code, a
 * wrong code_verifier, an unknown code, another redirect_uri, a wrong client
 * secret, a client_id not the application's. Every test logs in on its own: a
 * replayed code may revoke what its first exchange issued (RFC 6749 4.1.2). The
 * sessions of the controls go unused: they are handed on (sessions.spare), so a
 * check that needs a session of its own takes one instead of logging in.
 *
 * One reason per refusal (judging/refusal.ts): each refused exchange has its
 * control, a code of the same login flow exchanged with the property whole (its
 * own verifier, the registered redirect_uri, the right secret), which must
 * answer a token pair. A code is single-use, so the control spends a twin code
 * of its own (for AUTH-CODE-2 the control is the code's own first exchange). A
 * 429 after the retries leaves the refusal's rule not exercised [rate_limited];
 * a 401 or invalid_client answered to the credentials the control just used is
 * the answer to the grant (its error judged) once a valid grant shows the same
 * credentials still work, else not exercised [auth_ambiguous] (judging/refusal.ts).
 */
import fc from 'fast-check';
import { newCodeVerifier } from '../../lib/pkce.js';
import { bogusToken, expectTokenRefused, test } from '../fixtures.js';
import { assertProperty, drawnCases } from '../shared/property.js';
import { otherClientIdExamples, otherClientIds } from './support/client-ids.js';

test.describe('code exchange misuse', { tag: '@auth' }, () => {
  test('[AUTH-CODE-2] a code exchanged a second time is refused with invalid_grant', async ({ oauth, sessions, auth }) => {
    const grant = await oauth.authorize(sessions.anyAccount('pro'));
    await auth.control(await oauth.exchange(grant), ['AUTH-TOKEN-1'], 'the first exchange of the code');
    await expectTokenRefused(() => oauth.exchange(grant), ['AUTH-CODE-2'], 'a second exchange of the same code is refused with invalid_grant', { error: 'invalid_grant' });
  });

  test('[AUTH-CODE-4] an exchange with a well-formed but wrong code_verifier is refused with invalid_grant, one without a code_verifier with a 4xx', async ({ oauth, sessions, settings, auth }) => {
    const account = sessions.anyAccount('basic');
    const twin = await oauth.authorize(account);
    const control = await oauth.exchange(twin);
    // The control's session is unused: handed on (sessions.own).
    await sessions.spare(account, await auth.control(control, ['AUTH-TOKEN-1'], 'a code exchanged with its own code_verifier'), control);
    // Each case on a code of its own: a provider may void a code after one failed attempt. A wrong verifier is
    // refused with invalid_grant (RFC 7636 4.6: MUST); a missing one with any 4xx (no error is named for it).
    const cases: [string, (grant: { code: string; challenge: string }) => Record<string, string>, string | undefined][] = [
      // Same alphabet and length as the real one: only the S256 derivation tells them apart.
      ['another random code_verifier', () => ({ code_verifier: newCodeVerifier() }), 'invalid_grant'],
      // The challenge itself is a well-formed verifier: accepting it means the provider compared as `plain`.
      ['the code_challenge itself as code_verifier', (g) => ({ code_verifier: g.challenge }), 'invalid_grant'],
      ['no code_verifier at all', () => ({}), undefined],
    ];
    for (const [what, verifierField, error] of cases) {
      const grant = await oauth.authorize(account);
      const form = { grant_type: 'authorization_code', code: grant.code, redirect_uri: settings.redirectUri, ...verifierField(grant) };
      await expectTokenRefused(() => oauth.post(form), ['AUTH-CODE-4'], `an exchange with ${what} is refused${error ? ` with ${error}` : ''}`, { error });
    }
  });

  test('[AUTH-TOKEN-5][AUTH-TOKEN-8] a code the provider never issued is refused with invalid_grant, in a 400', async ({ oauth, sessions, auth }) => {
    const twin = await oauth.authorize(sessions.anyAccount('basic'));
    const control = await oauth.exchange(twin);
    // The control's session is unused: handed on (sessions.own).
    await sessions.spare(sessions.anyAccount('basic'), await auth.control(control, ['AUTH-TOKEN-1'], 'an exchange of a code the provider issued'), control);
    await expectTokenRefused(() => oauth.exchange({ code: bogusToken(), verifier: newCodeVerifier() }), ['AUTH-TOKEN-5'], 'an exchange of a code never issued is refused with invalid_grant', { error: 'invalid_grant' });
  });

  test('[AUTH-CODE-5] an exchange whose redirect_uri differs from the authorization request, or lacks it, is refused', async ({ oauth, sessions, settings, auth }) => {
    const account = sessions.anyAccount('pro');
    const twin = await oauth.authorize(account);
    const control = await oauth.exchange(twin);
    // The control's session is unused: handed on (sessions.own).
    await sessions.spare(account, await auth.control(control, ['AUTH-TOKEN-1'], 'an exchange naming the redirect_uri of the authorization request'), control);
    const other = new URL(settings.redirectUri);
    other.pathname = `${other.pathname.replace(/\/$/, '')}/elsewhere`;
    const differs = await oauth.authorize(account);
    await expectTokenRefused(() => oauth.exchange({ ...differs, redirectUri: other.toString() }), ['AUTH-CODE-5'], 'an exchange naming another redirect_uri is refused');
    // RFC 6749 4.1.3: redirect_uri is REQUIRED at the exchange when the authorization request carried one.
    const lacks = await oauth.authorize(account);
    const without = () => oauth.post({ grant_type: 'authorization_code', code: lacks.code, code_verifier: lacks.verifier });
    await expectTokenRefused(without, ['AUTH-CODE-5'], 'an exchange without redirect_uri is refused');
  });

  test('[AUTH-CLIENT-2] a code exchange or a refresh with a wrong client_secret, or a refresh naming a client_id not the application\'s, is refused', async ({ oauth, sessions, auth, settings }) => {
    const account = sessions.anyAccount('basic');
    const twin = await oauth.authorize(account);
    // The control's pair is the session the refresh below spends: a refresh does, no second login.
    const exchanged = await auth.control(await oauth.exchange(twin), ['AUTH-TOKEN-1'], 'a code exchange with the client_secret');
    const grant = await oauth.authorize(account);
    const wrongSecret = `wrong-${bogusToken()}`;
    const exchange = () => oauth.exchange(grant, { clientSecret: wrongSecret });
    // A failed client authentication is the refusal tested here: 401 invalid_client is one (RFC 6749 5.2).
    await expectTokenRefused(exchange, ['AUTH-CLIENT-2'], 'a code exchange with a wrong client_secret is refused', { clientAuth: true });

    const rotated = await auth.control(await oauth.refresh(exchanged.refreshToken), ['AUTH-REFRESH-1'], 'a refresh with the client_secret');
    const refresh = () => oauth.refresh(rotated.refreshToken, { clientSecret: wrongSecret });
    await expectTokenRefused(refresh, ['AUTH-CLIENT-2'], 'a refresh with a wrong client_secret is refused', { clientAuth: true });

    // The same refresh with the right secret but another client_id (support/client-ids.ts): the edges and one drawn id,
    // one refresh each (the refresh grants of a run are counted against the real service's budget), one run of the runner.
    const ids = drawnCases(otherClientIds(settings.clientId), otherClientIdExamples(settings.clientId), 1);
    const unknownIds = fc.asyncProperty(ids, async (clientIds) => {
      for (const clientId of clientIds) {
        const named = () => oauth.refresh(rotated.refreshToken, { clientId });
        await expectTokenRefused(named, ['AUTH-CLIENT-2'], `a refresh naming client_id ${JSON.stringify(clientId)}, not the application's, is refused`, { clientAuth: true });
      }
    });
    await assertProperty(unknownIds, { settings, numRuns: 1, shrink: false });
  });
});
