/**
 * Lifetimes (spec, Authentication steps 5 and 9): a code "must be used at once"
 * and `invalid_grant` means "the authorization code was used or expired, or the
 * refresh token expired"; the spec shows no lifetime value. The checks wait out
 * the lifetimes the target declares (settings/declared.ts: SC_CODE_LIFETIME_S,
 * SC_ACCESS_TOKEN_LIFETIME_S or the token answer's `expires_in`,
 * SC_REFRESH_TOKEN_LIFETIME_S), plus a skew, up to 90 s (support/lifetime-wait.ts);
 * a lifetime not declared, or too long to wait, leaves the rule not applicable.
 * The access token's wait adds the leeway the target declares (SC_TOKEN_LEEWAY_S);
 * with none declared, an access token still accepted after its lifetime and the
 * skew may be a clock-skew leeway (Spring's 60 s, .NET's 5 min) the run cannot
 * tell from no expiry: that part is not applicable [leeway_undeclared], never
 * failed (SC_REQUIRE=lifetimes makes the whole rule so, the run INCOMPLETE).
 * They log in with SC_LIFETIME_ACCOUNT when it is set (the embedded reference's
 * short-lived account), else with an account of SC_ACCOUNTS, on sessions of their own.
 *
 * One reason per refusal: the control is the same request sent at once (a code
 * of the same account exchanged at once; a refreshed pair used, and another
 * refreshed, at once), so only the wait differs; the access token and the
 * refresh token wait on pairs of their own, so an expired refresh token that ends
 * its session never stands for an expired access token.
 */
import { type Account, type Exchange, expectTokenRefused, notApplicable, partKey, recordNotExercised, type Sessions, type Settings, skipUnjudged, test, verify } from '../fixtures.js';
import { skipWhenThrottled } from './support/revocation.js';
import { demandedUnjudged, sleepUntil, type Wait, waitFor } from './support/lifetime-wait.js';

const accountOf = (settings: Settings, sessions: Sessions): Account => settings.declared.lifetimeAccount ?? sessions.anyAccount('pro');

/** The `expires_in` of a token answer in seconds (RFC 6749 §5.1: "the lifetime in seconds of the access token"), when it has one. */
function expiresIn(answer: Exchange): number | undefined {
  const value = (answer.json as { expires_in?: unknown } | undefined)?.expires_in;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** AUTH-TOKEN-4's two halves (catalog `parts`): the rule passes only when both were waited out, or one cannot apply. */
const ACCESS_HALF = partKey('AUTH-TOKEN-4', 'access');
const REFRESH_HALF = partKey('AUTH-TOKEN-4', 'refresh');

/** Room in the test's timeout for the waits it makes. */
const allowWait = (ms: number) => test.setTimeout(test.info().timeout + ms);

test.describe('lifetimes', { tag: '@auth' }, () => {
  test('[AUTH-CODE-3] a code held past its declared lifetime is refused with invalid_grant; a code exchanged at once works', async ({ oauth, sessions, settings, auth }) => {
    const wait = waitFor(settings.declared.codeLifetimeS, 'the authorization code', 'SC_CODE_LIFETIME_S');
    if ('reason' in wait) return skipUnjudged(wait.reason);
    allowWait(wait.ms);
    const account = accountOf(settings, sessions);
    const twin = await oauth.authorize(account);
    await auth.control(await oauth.exchange(twin), ['AUTH-TOKEN-1'], 'a code exchanged at once');
    const held = await oauth.authorize(account);
    const received = Date.now();
    await test.step(`hold the code ${wait.ms / 1000} s: its lifetime of ${wait.lifetimeS} s and the skew`, () => sleepUntil(received, wait.ms));
    await expectTokenRefused(() => oauth.exchange(held), ['AUTH-CODE-3'], `a code exchanged ${wait.ms / 1000} s after it arrived is refused with invalid_grant`, { error: 'invalid_grant' });
  });

  test('[AUTH-TOKEN-4] an access token past its lifetime is refused by the API, a refresh token past its lifetime with invalid_grant', async ({ oauth, sessions, settings, auth }) => {
    const account = accountOf(settings, sessions);
    // The control: a pair a refresh answers works at once (the access token on the API; a refresh token of the same
    // kind refreshed at once, below). Each part waits on a pair of its own: presenting an expired refresh token may
    // end its session, which must not be what refuses the access token.
    const opened = await sessions.fresh(account);
    const answer = await oauth.refresh(opened.refreshToken);
    const pair = await auth.control(answer, ['AUTH-REFRESH-1'], 'a refresh at once');
    const obtained = Date.now();
    const declared = settings.declared.accessTokenLifetimeS;
    const leewayS = settings.declared.tokenLeewayS;
    // With neither (expires_in is RECOMMENDED, not required: RFC 6749 §5.1), the cause names the setting that reaches the part.
    const stated = expiresIn(answer);
    const source = declared !== undefined ? 'SC_ACCESS_TOKEN_LIFETIME_S' : stated !== undefined ? 'expires_in of the token answer' : 'SC_ACCESS_TOKEN_LIFETIME_S; the token answer states no expires_in';
    const access: Wait = waitFor(declared ?? stated, 'the access token', source, leewayS);
    const refresh: Wait = waitFor(settings.declared.refreshTokenLifetimeS, 'the refresh token', 'SC_REFRESH_TOKEN_LIFETIME_S');
    if ('reason' in access && 'reason' in refresh) {
      // Each half keeps its own cause (the rule's parts name them); the check's skip joins them for the console.
      recordNotExercised([ACCESS_HALF], access.reason);
      recordNotExercised([REFRESH_HALF], refresh.reason);
      return skipUnjudged(`${access.reason}; ${refresh.reason.replace(/^not applicable \[[a-z_]+\]: /, '')}`);
    }
    const demanded = demandedUnjudged(settings, ['reason' in access ? access.reason : undefined, 'reason' in refresh ? refresh.reason : undefined]);
    if (demanded !== undefined) return skipUnjudged(demanded);
    // A half that cannot be waited out says why, for that half alone: the other one is still judged.
    if ('reason' in access) recordNotExercised([ACCESS_HALF], access.reason);
    if ('reason' in refresh) recordNotExercised([REFRESH_HALF], refresh.reason);
    await auth.expectWorks(pair, ['AUTH-REFRESH-2'], 'control: the access token of the refresh works on the API at once');

    // A part's judge answers why it could not judge (a `not applicable` outcome), or nothing when it judged.
    const parts: { key: string; at: number; ms: number; lifetimeS: number; judge: () => Promise<string | undefined> }[] = [];
    if ('ms' in access) parts.push({ key: ACCESS_HALF, at: obtained, ...access, judge: () => expired(pair.accessToken, access.ms, access.lifetimeS) });
    if ('ms' in refresh) {
      const other = await sessions.fresh(account);
      const held = await auth.control(await oauth.refresh(other.refreshToken), ['AUTH-REFRESH-1'], 'a refresh token refreshed at once');
      parts.push({ key: REFRESH_HALF, at: Date.now(), ...refresh, judge: () => refreshRefused(held.refreshToken, refresh.ms) });
    }
    // The access token's part first, whatever its deadline: a leeway the run requires declared (SC_REQUIRE=lifetimes)
    // ends the rule there, before the refresh part passes it; a refresh token judged after its deadline is as expired.
    allowWait(Math.max(...parts.map((p) => p.ms)) + 5_000);
    const unjudged: { key: string; reason: string }[] = [];
    for (const { key, at, ms, lifetimeS, judge } of parts) {
      await test.step(`wait ${ms / 1000} s from the pair's issue: a lifetime of ${lifetimeS} s and the skew`, () => sleepUntil(at, ms));
      const reason = await judge();
      if (demandedUnjudged(settings, [reason]) !== undefined) return skipUnjudged(reason as string);
      if (reason !== undefined) unjudged.push({ key, reason });
    }
    // The rule passes on the half judged, the other not applicable with its cause; with none judged, not applicable.
    for (const { key, reason } of unjudged) recordNotExercised([key], reason);
    if (unjudged.length === parts.length) return skipUnjudged(unjudged.map((u) => u.reason).join('; '));

    async function expired(accessToken: string, ms: number, lifetimeS: number): Promise<string | undefined> {
      const res = await auth.read({ accessToken });
      skipWhenThrottled(res, 'the expired access token on the API');
      // Still accepted with no leeway declared: a leeway the run cannot wait out cannot be told from no expiry.
      if (leewayS === undefined && res.status >= 200 && res.status <= 299) {
        return notApplicable(
          'leeway_undeclared',
          `the access token still works ${ms / 1000} s after its issue (a lifetime of ${lifetimeS} s and the skew): a clock-skew leeway, or no expiry; declare SC_TOKEN_LEEWAY_S (0 for none) to have it judged`,
        );
      }
      await verify(res.status >= 400 && res.status <= 499, {
        title: `the access token ${ms / 1000} s after it was issued is refused by the API (a 4xx)`,
        requirements: [ACCESS_HALF],
        expected: 'a 4xx: the token expired',
        actual: `${res.status}`,
        exchange: res,
      });
      return undefined;
    }
    async function refreshRefused(refreshToken: string, ms: number): Promise<undefined> {
      await expectTokenRefused(() => oauth.refresh(refreshToken), [REFRESH_HALF], `the refresh token ${ms / 1000} s after it was issued is refused with invalid_grant`, {
        error: 'invalid_grant',
      });
    }
  });
});
