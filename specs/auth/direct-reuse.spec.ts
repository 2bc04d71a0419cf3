/**
 * Direct-integrator sessions (spec, Authentication step 11: "rotation is
 * enforced and reuse is detected; presenting a refresh token that was already
 * rotated away revokes the entire session"). The suite obtains the first refresh
 * token from SC_DIRECT_TOKEN_COMMAND or the control API (the direct flow's own
 * steps are not shown); without either, these checks are not applicable [no_direct_sessions].
 * Every test opens a direct session of its own. The control of each refusal
 * is the session's own first refresh, which rotated the token now presented
 * again (judging/refusal.ts: a 429 after the retries leaves the rule not
 * exercised [rate_limited]; a 401 is judged once the credentials are shown to work).
 */
import { expectStatus, expectTokenRefused, notApplicable, partKey, provenBy, test, verify } from '../fixtures.js';
import { skipWhenThrottled } from './support/revocation.js';

test.describe('direct-integrator sessions', { tag: '@auth' }, () => {
  test.skip(({ hasDirectSessions }) => !hasDirectSessions, notApplicable('no_direct_sessions', 'needs direct-integrator sessions (SC_DIRECT_TOKEN_COMMAND or SC_CONTROL_URL)'));

  test('[AUTH-DIRECT-1][GEN-VER-3] a direct session refresh token turns into a working access token and a new refresh token', async ({ sessions, auth }) => {
    const session = await sessions.direct(sessions.anyAccount('pro'));
    // A failure to get the session is charged to the session step.
    provenBy('the direct-integrator flow of version 0.0.1 yielded a session', [partKey('GEN-VER-3', 'direct-session')]);
    const [first] = session.rotatedAway;
    await verify(first !== session.refreshToken, {
      title: 'the refresh of a direct session returns a new refresh_token',
      requirements: ['AUTH-DIRECT-1'],
      expected: 'a refresh_token different from the one presented',
      actual: 'the presented refresh_token again',
    });
    await auth.expectWorks(session, ['AUTH-DIRECT-1'], "the direct session's access token works on the API");
  });

  test('[AUTH-REUSE-1] a rotated-away direct refresh token is refused with invalid_grant', async ({ sessions, oauth }) => {
    const session = await sessions.direct(sessions.anyAccount('pro'));
    const [rotated] = session.rotatedAway;
    await expectTokenRefused(() => oauth.refresh(rotated), ['AUTH-REUSE-1'], 'a rotated-away direct refresh token is refused with invalid_grant', { error: 'invalid_grant' });
  });

  test('[AUTH-REUSE-2] after a reuse, the newest refresh token of the direct session is refused with invalid_grant', async ({ sessions, oauth }) => {
    const session = await sessions.direct(sessions.anyAccount('pro'));
    await oauth.refresh(session.rotatedAway[0]); // the reuse; AUTH-REUSE-1 checks its answer
    await expectTokenRefused(() => oauth.refresh(session.refreshToken), ['AUTH-REUSE-2'], "after the reuse, the session's newest refresh token is refused", {
      error: 'invalid_grant',
    });
  });

  test('[AUTH-REUSE-3] after a reuse revokes a direct session, its access token is refused by the API', { tag: '@should' }, async ({ sessions, oauth, auth, settings }) => {
    const session = await sessions.direct(sessions.anyAccount('pro'));
    await auth.expectWorks(session, ['AUTH-DIRECT-1'], 'the access token works before the reuse');
    await oauth.refresh(session.rotatedAway[0]);
    // Polled: a resource server may honour a cached or self-contained access token for a while.
    const res = await auth.untilRefused(session.accessToken);
    skipWhenThrottled(res, "the revoked session's access token on the API");
    await expectStatus(res, '4xx', ['AUTH-REUSE-3'], `the revoked session's access token is refused within ${settings.revocationWaitMs} ms`);
  });
});
