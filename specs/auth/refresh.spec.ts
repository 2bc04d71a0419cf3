/**
 * The refresh grant of aggregator sessions (spec, Authentication steps 6, 7 and
 * 9): every refresh rotates both tokens; an unknown refresh token is refused;
 * presenting a rotated-away token is refused and (SHOULD, by analogy with the
 * direct integrators' step 11) revokes the session. Every test refreshes a
 * session of its own (sessions.own: one another check opened and left unused,
 * else a login; none of these checks is about the login).
 *
 * One reason per refusal (judging/refusal.ts): a refused refresh token has its
 * control, a refresh token of the same kind that works (a fresh session's; for a
 * rotated-away token, its own refresh before it was rotated away). A 429 after
 * the retries leaves that refusal's rule not exercised [rate_limited]; a 401 or
 * invalid_client is judged as the answer once the credentials are shown to work
 * (judging/refusal.ts).
 */
import { bogusToken, expectTokenRefused, recordFinding, test, verify } from '../fixtures.js';
import { skipWhenThrottled } from './support/revocation.js';

test.describe('refresh grant', { tag: '@auth' }, () => {
  test('[AUTH-REFRESH-1][AUTH-REFRESH-2] every refresh returns a new access token and a new refresh token, and the new access token works', async ({ sessions, oauth, auth }) => {
    const session = await sessions.own(sessions.anyAccount('pro'));
    let previous = { accessToken: session.accessToken, refreshToken: session.refreshToken };
    for (const round of [1, 2, 3]) {
      const answer = await oauth.refresh(previous.refreshToken);
      const pair = await oauth.expectTokens(answer, ['AUTH-REFRESH-1']);
      // Tokens are compared, never printed.
      const renewed = [
        { field: 'access_token', fresh: pair.accessToken !== previous.accessToken, expected: 'an access_token different from the previous one', again: 'the previous access_token again' },
        { field: 'refresh_token', fresh: pair.refreshToken !== previous.refreshToken, expected: 'a refresh_token different from the one presented', again: 'the presented refresh_token again' },
      ];
      for (const { field, fresh, expected, again } of renewed) {
        await verify(fresh, { title: `refresh ${round} returns a new ${field}`, requirements: ['AUTH-REFRESH-1'], expected, actual: again, exchange: answer });
      }
      await auth.expectWorks(pair, ['AUTH-REFRESH-2'], `the access token of refresh ${round} works on the API`);
      previous = pair;
    }
  });

  test('[AUTH-REFRESH-4] a refresh token the provider never issued is refused with invalid_grant', async ({ oauth, auth, sessions }) => {
    const session = await sessions.own(sessions.anyAccount('basic'));
    await auth.control(await oauth.refresh(session.refreshToken), ['AUTH-REFRESH-1'], 'a refresh with a refresh token the provider issued');
    await expectTokenRefused(() => oauth.refresh(bogusToken()), ['AUTH-REFRESH-4'], 'a refresh token never issued is refused with invalid_grant', { error: 'invalid_grant' });
  });

  test('[AUTH-REFRESH-5] an aggregator refresh token that was already rotated away is refused', { tag: '@should' }, async ({ sessions, oauth }) => {
    const session = await sessions.own(sessions.anyAccount('basic'));
    await session.refresh(); // the control: the same token refreshed once, before it was rotated away
    const [rotated] = session.rotatedAway;
    await expectTokenRefused(() => oauth.refresh(rotated), ['AUTH-REFRESH-5'], 'a rotated-away aggregator refresh token is refused', { error: 'invalid_grant' });
  });

  test('[AUTH-REUSE-4] presenting a rotated-away aggregator refresh token revokes the session', { tag: '@should' }, async ({ sessions, oauth, auth, settings }) => {
    const session = await sessions.own(sessions.anyAccount('pro'));
    await session.refresh();
    const [rotated] = session.rotatedAway;
    await oauth.refresh(rotated); // the reuse; its answer is AUTH-REFRESH-5's concern
    await expectTokenRefused(() => oauth.refresh(session.refreshToken), ['AUTH-REUSE-4'], "after the reuse, the session's newest refresh token is refused", {
      error: 'invalid_grant',
    });
    // A resource server may honour a cached or self-contained access token for a while: poll, then only a finding.
    const res = await auth.untilRefused(session.accessToken);
    skipWhenThrottled(res, "the revoked session's access token on the API");
    if (res.status < 400 || res.status > 499) {
      recordFinding(test.info(), {
        requirement: 'AUTH-REUSE-4',
        message: `the revoked aggregator session's access token was still accepted (${res.status}) ${settings.revocationWaitMs} ms after the reuse`,
      });
    }
  });
});
