import { expect, test } from '@playwright/test';
import { DEFAULT_LIFETIMES, maxImagesOf, OTHER_SHORT_LIFETIMES, optionsFromEnv, REFERENCE_ACCOUNTS, SHORT_LIFETIMES, shortLivedAccount } from '../../reference/config.js';
import { type RunningReference, startReference } from '../../reference/server.js';
import { readSettings } from '../../settings/settings.js';
import { authorize, exchange, login, refresh } from './reference-login.js';

/**
 * The reference's lifetimes (reference/config.ts): every account's codes and
 * tokens live the REFERENCE_*_TTL_MS settings (a minute, an hour, 30 days by
 * default), the short-lived account's live seconds whatever they say, and
 * expires_in states the access token's. The embedded run declares the short
 * ones to the expiry checks (settings/declared.ts).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const read = (ref: RunningReference, token: string) => fetch(`${ref.baseUrl}/items/categories`, { headers: { authorization: `Bearer ${token}` } });
const expiresIn = (pair: object) => (pair as { expires_in?: number }).expires_in;

test('the lifetime settings are read, and default to a minute, an hour and 30 days', () => {
  expect(optionsFromEnv({}).lifetimes).toEqual(DEFAULT_LIFETIMES);
  const env = { REFERENCE_CODE_TTL_MS: '1500', REFERENCE_ACCESS_TTL_MS: '2500', REFERENCE_REFRESH_TTL_MS: '4000', REFERENCE_MAX_IMAGES: '3' };
  expect(optionsFromEnv(env)).toMatchObject({ lifetimes: { codeMs: 1500, accessMs: 2500, refreshMs: 4000 }, maxImages: 3 });
  expect(() => optionsFromEnv({ REFERENCE_ACCESS_TTL_MS: '0' })).toThrow(/REFERENCE_ACCESS_TTL_MS/);
});

test('the short-lived account: its code, access token and refresh token expire after seconds, while the others live on', async () => {
  const ref = await startReference();
  try {
    const other = await login(ref, REFERENCE_ACCOUNTS[0]);
    expect(expiresIn(other)).toBe(DEFAULT_LIFETIMES.accessMs / 1000);
    const pair = await login(ref, shortLivedAccount());
    expect(expiresIn(pair)).toBe(SHORT_LIFETIMES.accessMs / 1000);
    expect((await read(ref, pair.access_token)).status).toBe(200);
    const held = await authorize(ref, shortLivedAccount());
    await sleep(SHORT_LIFETIMES.codeMs + 300);
    expect((await exchange(ref, held)).body.error).toBe('invalid_grant');
    await sleep(SHORT_LIFETIMES.accessMs - SHORT_LIFETIMES.codeMs);
    expect((await read(ref, pair.access_token)).status).toBe(401);
    await sleep(SHORT_LIFETIMES.refreshMs - SHORT_LIFETIMES.accessMs);
    expect((await refresh(ref, pair.refresh_token)).body.error).toBe('invalid_grant');
    // Another account's tokens of the same age still work.
    expect((await read(ref, other.access_token)).status).toBe(200);
    expect((await refresh(ref, other.refresh_token)).status).toBe(200);
  } finally {
    await ref.close();
  }
});

test('REFERENCE_ACCESS_TTL_MS and REFERENCE_CODE_TTL_MS hold for every account', async () => {
  const ref = await startReference({ lifetimes: { codeMs: 800, accessMs: 1200, refreshMs: DEFAULT_LIFETIMES.refreshMs } });
  try {
    const pair = await login(ref, REFERENCE_ACCOUNTS[1]);
    expect(expiresIn(pair)).toBe(2);
    const held = await authorize(ref, REFERENCE_ACCOUNTS[1]);
    await sleep(1400);
    expect((await exchange(ref, held)).body.error).toBe('invalid_grant');
    expect((await read(ref, pair.access_token)).status).toBe(401);
    expect((await refresh(ref, pair.refresh_token)).status).toBe(200);
  } finally {
    await ref.close();
  }
});

test('the variant lifetimes-other gives the short-lived account other lifetimes, and the embedded run declares them', async () => {
  const ref = await startReference({ variants: ['lifetimes-other'] });
  try {
    expect(expiresIn(await login(ref, shortLivedAccount()))).toBe(OTHER_SHORT_LIFETIMES.accessMs / 1000);
  } finally {
    await ref.close();
  }
  const { settings } = readSettings({ REFERENCE_VARIANTS: 'lifetimes-other,max-images-20' });
  expect(settings.declared).toMatchObject({ codeLifetimeS: 5, accessTokenLifetimeS: 9, refreshTokenLifetimeS: 6, maxImages: 20, lifetimeAccount: { username: 'short-1' } });
  expect(readSettings({}).settings.declared).toMatchObject({ codeLifetimeS: 2, accessTokenLifetimeS: 3, refreshTokenLifetimeS: 3, maxImages: 10 });
});

test('the variant token-leeway-60 accepts an access token past the expires_in it states, which stays the lifetime; the embedded run declares no leeway', async () => {
  const ref = await startReference({ variants: ['token-leeway-60'] });
  try {
    const pair = (await login(ref, shortLivedAccount())) as { access_token: string };
    expect(expiresIn(pair)).toBe(SHORT_LIFETIMES.accessMs / 1000);
    await sleep(SHORT_LIFETIMES.accessMs + 1_000);
    expect((await read(ref, pair.access_token)).status).toBe(200);
  } finally {
    await ref.close();
  }
  expect(readSettings({ REFERENCE_VARIANTS: 'token-leeway-60' }).settings.declared.tokenLeewayS).toBeUndefined();
  expect(readSettings({}).settings.declared.tokenLeewayS).toBe(0);
});

test('the variant max-images-40 holds an item to 40 images, which the embedded run does not declare (the check looks for it)', () => {
  expect(optionsFromEnv({ REFERENCE_VARIANTS: 'max-images-40' }).variants).toContain('max-images-40');
  expect(maxImagesOf(10, ['max-images-40'])).toBe(40);
  expect(readSettings({ REFERENCE_VARIANTS: 'max-images-40' }).settings.declared.maxImages).toBeUndefined();
});
