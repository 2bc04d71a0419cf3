import { expect, test } from '@playwright/test';
import { parseOutcome } from '../../results/outcomes.js';
import { isRegisteredSecret } from '../../lib/secrets.js';
import { RATE_LIMITED_PER_SECOND, REFERENCE_ACCOUNTS, type ReferenceOptions, rateLimitedAccount } from '../../reference/config.js';
import { type RunningReference, startReference } from '../../reference/server.js';
import type { VariantName } from '../../reference/variants.js';
import { loadSettings, readSettings } from '../../settings/settings.js';
import { burstPlan, MAX_BURST, recoveryStep } from '../../specs/auth/support/burst-plan.js';
import { login } from './reference-login.js';

/**
 * The declared rate limit (GEN-RATE-1): SC_DECLARED_RATE_LIMIT and
 * SC_RATE_LIMIT_ACCOUNT are read like every declaration (settings/declared.ts),
 * the burst and its recovery poll follow from them (specs/auth/support/burst-plan.ts),
 * and the reference's rate-limited account is refused past its rate, in every
 * run, with the variants' and defects' answers (reference/throttle.ts).
 */

const target = {
  SC_BASE_URL: 'https://api.example/v1',
  SC_AUTH_URL: 'https://idp.example/oauth',
  SC_CLIENT_ID: 'client',
  SC_CLIENT_SECRET: 'client-secret-xyz',
  SC_ACCOUNTS: '[{"username":"u1","password":"p1-secret","plan":"pro"}]',
};

test('a declared rate and its account are read; undeclared they are absent, and the embedded run declares the reference\'s', () => {
  const declared = loadSettings({ ...target, SC_DECLARED_RATE_LIMIT: '36', SC_RATE_LIMIT_ACCOUNT: '{"username":"burst","password":"burst-pw-9","plan":"pro"}' }).declared;
  expect(declared).toEqual({ rateLimitPerS: 36, rateLimitAccount: { username: 'burst', password: 'burst-pw-9', plan: 'pro' } });
  expect(isRegisteredSecret('burst-pw-9')).toBe(true);
  expect(loadSettings(target).declared.rateLimitPerS).toBeUndefined();
  const problems = readSettings({ ...target, SC_DECLARED_RATE_LIMIT: '0' }).problems.map((p) => p.message);
  expect(problems).toEqual([expect.stringMatching(/^SC_DECLARED_RATE_LIMIT: expected a whole number of API requests per second/)]);
  expect(readSettings({ SC_DECLARED_RATE_LIMIT: '36' }).problems.map((p) => p.message)).toEqual([expect.stringMatching(/set only together with SC_BASE_URL/)]);
  expect(loadSettings({}).declared).toMatchObject({ rateLimitPerS: RATE_LIMITED_PER_SECOND, rateLimitAccount: { username: rateLimitedAccount().username } });
});

test('the burst: twice the rate for 2 s, 150 requests at most; undeclared or above 50 per second not applicable', () => {
  expect(burstPlan(36)).toEqual({ requests: 144, intervalMs: 1000 / 72, ratePerS: 36 });
  expect(burstPlan(10)).toMatchObject({ requests: 40 });
  expect(burstPlan(50)).toMatchObject({ requests: MAX_BURST });
  const none = burstPlan(undefined);
  expect('reason' in none && parseOutcome(none.reason)).toMatchObject({ state: 'not-applicable', code: 'rate_limit_undeclared' });
  const high = burstPlan(51);
  expect('reason' in high && parseOutcome(high.reason)).toMatchObject({ state: 'not-applicable', code: 'rate_limit_too_high' });
});

test('the recovery poll: a Retry-After honoured, else a backoff of 2, 4, 8 … s, cut at the bound; beyond it or at it, the end', () => {
  const left = 65_000;
  expect(recoveryStep(0, undefined, left)).toEqual({ waitMs: 2_000, honoured: false });
  expect([1, 2, 3, 4].map((n) => recoveryStep(n, '', left))).toEqual([4_000, 8_000, 16_000, 32_000].map((waitMs) => ({ waitMs, honoured: false })));
  expect(recoveryStep(5, undefined, 3_000)).toEqual({ waitMs: 3_000, honoured: false });
  // Never sooner than the server asks, never sooner than the backoff: a server asking for 1 s again and again is asked a few times.
  expect(recoveryStep(0, '1', left)).toEqual({ waitMs: 2_000, honoured: true });
  expect(recoveryStep(0, '0', left)).toEqual({ waitMs: 2_000, honoured: true });
  expect(recoveryStep(0, '60', left)).toEqual({ waitMs: 60_200, honoured: true });
  expect(recoveryStep(3, '1', left)).toEqual({ waitMs: 16_000, honoured: true });
  expect(recoveryStep(0, new Date(1_000_000 + 5_000).toUTCString(), left, 1_000_000)).toEqual({ waitMs: 5_200, honoured: true });
  expect(recoveryStep(0, 'soon', left)).toEqual({ waitMs: 2_000, honoured: false });
  expect(recoveryStep(0, '3600', left)).toEqual({ end: 'beyond', retryAfterMs: 3_600_000 });
  expect(recoveryStep(2, '60', 30_000)).toEqual({ end: 'beyond', retryAfterMs: 60_000 });
  expect(recoveryStep(6, '1', 100)).toEqual({ end: 'bound' });
});

/** `n` reads sent at once with `token`: their statuses, and the Retry-After headers of the refusals. */
async function burst(ref: RunningReference, token: string, n: number) {
  const answers = await Promise.all(Array.from({ length: n }, () => fetch(`${ref.baseUrl}/items/limits`, { headers: { authorization: `Bearer ${token}` } })));
  await Promise.all(answers.map((a) => a.arrayBuffer()));
  return { statuses: answers.map((a) => a.status), retryAfters: answers.filter((a) => a.status !== 200).map((a) => a.headers.get('retry-after')) };
}

const cases: [name: string, overrides: Partial<ReferenceOptions>, refusal: number | undefined][] = [
  ['the clean reference', {}, 429],
  ['variant rate-limit-403', { variants: ['rate-limit-403'] }, 403],
  ['variant rate-limit-no-retry-after', { variants: ['rate-limit-no-retry-after'] }, 429],
  ['variant rate-limit-503', { variants: ['rate-limit-503'] }, 503],
  ['defect rate-limit-500', { defect: 'rate-limit-500' }, 500],
  ['defect no-rate-limit', { defect: 'no-rate-limit' }, undefined],
];
for (const [name, overrides, refusal] of cases) {
  test(`the rate-limited account past ${RATE_LIMITED_PER_SECOND} per second, ${name}: ${refusal ?? 'never refused'}; the other accounts are not limited`, async () => {
    const ref = await startReference(overrides);
    try {
      const rated = await login(ref, rateLimitedAccount());
      const { statuses, retryAfters } = await burst(ref, rated.access_token, 2 * RATE_LIMITED_PER_SECOND);
      const served = statuses.filter((s) => s === 200).length;
      if (refusal === undefined) expect(served).toBe(2 * RATE_LIMITED_PER_SECOND);
      else {
        expect(served).toBe(RATE_LIMITED_PER_SECOND);
        expect(new Set(statuses.filter((s) => s !== 200))).toEqual(new Set([refusal]));
        if (refusal === 429 && !name.includes('no-retry-after')) expect(retryAfters).toContain('1');
        else expect(retryAfters.every((r) => r === null)).toBe(true);
      }
      const other = await login(ref, REFERENCE_ACCOUNTS[0]);
      expect((await burst(ref, other.access_token, 2 * RATE_LIMITED_PER_SECOND)).statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await ref.close();
    }
  });
}

// A lockout is no rate: once refused, the rate-limited account stays refused, whatever its Retry-After says.
const lockouts: [name: string, overrides: Partial<ReferenceOptions>, retryAfter: string][] = [
  ['defect rate-limit-lockout', { defect: 'rate-limit-lockout' }, '1'],
  ['evasion rate-limit-lockout-long-retry-after', { evasions: ['rate-limit-lockout-long-retry-after'] }, '3600'],
];
for (const [name, overrides, retryAfter] of lockouts) {
  test(`${name}: past its rate the account is refused with Retry-After: ${retryAfter} on every refusal, and still refused after that wait`, async () => {
    const ref = await startReference(overrides);
    try {
      const rated = await login(ref, rateLimitedAccount());
      const first = await burst(ref, rated.access_token, 2 * RATE_LIMITED_PER_SECOND);
      expect(first.statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITED_PER_SECOND);
      expect(new Set(first.retryAfters)).toEqual(new Set([retryAfter]));
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await burst(ref, rated.access_token, 1)).statuses).toEqual([429]);
      const other = await login(ref, REFERENCE_ACCOUNTS[0]);
      expect((await burst(ref, other.access_token, 2)).statuses).toEqual([200, 200]);
    } finally {
      await ref.close();
    }
  });
}

// A per-minute window: refused for 60 s from the first refusal, then served again (the recovery poll waits it out).
const cooldowns: [name: string, variant: VariantName, retryAfters: (r: (string | null)[]) => boolean][] = [
  ['rate-limit-cooldown-60', 'rate-limit-cooldown-60', (r) => r.every((v) => v === null)],
  ['rate-limit-cooldown-60-retry-after', 'rate-limit-cooldown-60-retry-after', (r) => r.every((v) => v === '60' || v === '59')],
];
for (const [name, variant, retryAfters] of cooldowns) {
  test(`variant ${name}: past its rate the account is refused, still refused a second later, its Retry-After the cool-down's`, async () => {
    const ref = await startReference({ variants: [variant] });
    try {
      const rated = await login(ref, rateLimitedAccount());
      const first = await burst(ref, rated.access_token, 2 * RATE_LIMITED_PER_SECOND);
      expect(first.statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITED_PER_SECOND);
      expect(retryAfters(first.retryAfters)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const later = await burst(ref, rated.access_token, 1);
      expect(later.statuses).toEqual([429]);
      expect(retryAfters(later.retryAfters)).toBe(true);
      const other = await login(ref, REFERENCE_ACCOUNTS[0]);
      expect((await burst(ref, other.access_token, 2)).statuses).toEqual([200, 200]);
    } finally {
      await ref.close();
    }
  });
}
