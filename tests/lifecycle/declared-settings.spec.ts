/**
 * settings/declared.ts: what a target declares of its lifetimes and its image
 * maximum (README "Settings"), validated like every setting; and the waits the
 * expiry checks make of them (specs/auth/support/lifetime-wait.ts).
 */
import { expect, test } from '@playwright/test';
import { parseOutcome } from '../../results/outcomes.js';
import { isRegisteredSecret } from '../../lib/secrets.js';
import { loadSettings, readSettings } from '../../settings/settings.js';
import { demandedUnjudged, MAX_WAIT_MS, waitFor } from '../../specs/auth/support/lifetime-wait.js';

const target = {
  SC_BASE_URL: 'https://api.example/v1',
  SC_AUTH_URL: 'https://idp.example/oauth',
  SC_CLIENT_ID: 'client',
  SC_CLIENT_SECRET: 'client-secret-xyz',
  SC_ACCOUNTS: '[{"username":"u1","password":"p1-secret","plan":"pro"},{"username":"u2","password":"p2-secret","plan":"basic"}]',
};
const lines = (env: Record<string, string>) => readSettings(env).problems.map((p) => p.message);

test('a remote target declares nothing unless told: every rule that waits is then not applicable', () => {
  expect(loadSettings(target).declared).toEqual({});
});

test('declared lifetimes, their account and the image maximum are read; the account password is a secret', () => {
  const declared = loadSettings({
    ...target,
    SC_CODE_LIFETIME_S: '5',
    SC_ACCESS_TOKEN_LIFETIME_S: '30',
    SC_REFRESH_TOKEN_LIFETIME_S: '40',
    SC_TOKEN_LEEWAY_S: '0',
    SC_LIFETIME_ACCOUNT: '{"username":"short","password":"short-pw-77","plan":"basic"}',
    SC_MAX_IMAGES: '12',
    SC_PAGE_SIZE: '25',
  }).declared;
  expect(declared).toEqual({ codeLifetimeS: 5, accessTokenLifetimeS: 30, refreshTokenLifetimeS: 40, tokenLeewayS: 0, lifetimeAccount: { username: 'short', password: 'short-pw-77', plan: 'basic' }, maxImages: 12, pageSize: 25 });
  expect(isRegisteredSecret('short-pw-77')).toBe(true);
});

test('each mistake names its variable; against the embedded reference they are the reference\'s own', () => {
  expect(lines({ ...target, SC_CODE_LIFETIME_S: '0' })).toEqual([expect.stringMatching(/^SC_CODE_LIFETIME_S: expected a whole number of seconds >= 1/)]);
  expect(lines({ ...target, SC_TOKEN_LEEWAY_S: '-1' })).toEqual([expect.stringMatching(/^SC_TOKEN_LEEWAY_S: expected a whole number of seconds >= 0/)]);
  expect(lines({ SC_TOKEN_LEEWAY_S: '60' })).toEqual([expect.stringMatching(/^SC_TOKEN_LEEWAY_S: set only together with SC_BASE_URL/)]);
  expect(lines({ ...target, SC_MAX_IMAGES: 'ten' })).toEqual([expect.stringMatching(/^SC_MAX_IMAGES: expected an integer >= 1/)]);
  expect(lines({ ...target, SC_PAGE_SIZE: '0' })).toEqual([expect.stringMatching(/^SC_PAGE_SIZE: expected a whole number of items >= 1/)]);
  expect(lines({ SC_PAGE_SIZE: '10' })).toEqual([expect.stringMatching(/^SC_PAGE_SIZE: set only together with SC_BASE_URL/)]);
  expect(lines({ ...target, SC_LIFETIME_ACCOUNT: 'short' })).toEqual([expect.stringMatching(/^SC_LIFETIME_ACCOUNT: expected one JSON object/)]);
  expect(lines({ SC_ACCESS_TOKEN_LIFETIME_S: '3' })).toEqual([expect.stringMatching(/^SC_ACCESS_TOKEN_LIFETIME_S: set only together with SC_BASE_URL/)]);
});

test('a wait is the lifetime plus its skew, 90 s at most; none declared or too long is not applicable with its cause', () => {
  expect(waitFor(3, 'the access token', 'X')).toEqual({ ms: 5300, lifetimeS: 3 });
  const too = waitFor(3600, 'the access token', 'expires_in');
  expect('reason' in too && parseOutcome(too.reason)).toMatchObject({ state: 'not-applicable', code: 'lifetime_too_long' });
  const none = waitFor(undefined, 'the code', 'SC_CODE_LIFETIME_S');
  expect('reason' in none && parseOutcome(none.reason)).toMatchObject({ state: 'not-applicable', code: 'lifetime_undeclared' });
  // The longest lifetime still waited out: 80 s (88 s + 2 s).
  expect(waitFor(80, 'x', 'y')).toMatchObject({ ms: 90_000 });
  expect('reason' in waitFor(81, 'x', 'y')).toBe(true);
  expect(MAX_WAIT_MS).toBe(90_000);
});

test('a declared leeway joins the wait: Spring Security\'s 60 s is waited out on a short lifetime, .NET\'s 5 minutes is not applicable with the setting named', () => {
  expect(waitFor(5, 'the access token', 'expires_in', 60)).toEqual({ ms: 67_500, lifetimeS: 5 });
  const dotnet = waitFor(5, 'the access token', 'expires_in', 300);
  expect('reason' in dotnet && parseOutcome(dotnet.reason)).toMatchObject({ state: 'not-applicable', code: 'lifetime_too_long', detail: expect.stringContaining('SC_TOKEN_LEEWAY_S') });
});

test('the embedded run declares a leeway of 0 (its reference validates to the millisecond), and none under the variant token-leeway-60, as a team\'s default run', () => {
  expect(loadSettings({}).declared.tokenLeewayS).toBe(0);
  expect(loadSettings({ REFERENCE_VARIANTS: 'token-leeway-60' }).declared.tokenLeewayS).toBeUndefined();
});

test('a part left not applicable for a cause the run requires (SC_REQUIRE=lifetimes) ends the rule not applicable; not required, the rule passes on its other part', () => {
  const leeway = 'not applicable [leeway_undeclared]: the access token still works 5.3 s after its issue';
  const demanding = loadSettings({ ...target, SC_REQUIRE: 'lifetimes' });
  expect(demandedUnjudged(demanding, [undefined, leeway])).toBe(leeway);
  expect(demandedUnjudged(loadSettings({ ...target, SC_REQUIRE: 'rate-limit' }), [leeway])).toBeUndefined();
  expect(demandedUnjudged(loadSettings(target), [leeway])).toBeUndefined();
});
