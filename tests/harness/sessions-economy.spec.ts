/**
 * The session pool's pieces that need no conformance run: a login met by a
 * transport failure is started over once (and only then), a pooled session
 * renews itself by a refresh (else a new login), and the staleness margin of
 * a 5-minute token.
 */
import { expect, test } from '@playwright/test';
import { startFakeIdp } from '../../specs/auth/support/fake-idp.js';
import { HttpError } from '../../lib/http.js';
import { type AuthorizeOptions, authorizeWithForm, LoginError } from '../../sessions/login.js';
import { Session } from '../../sessions/session.js';
import { isTransportFailure, openAggregatorWithRetry } from '../../sessions/session-pool.js';
import { ownTarget, servedTarget } from '../../transport/served-target.js';

/** The fake identity provider as a target of its own: the process's settings (pacing…) pointed at it, no run folder (its health off). */
const targetFor = (authUrl: string) =>
  servedTarget(
    {
      ...ownTarget().settings,
    authUrl,
    clientId: 'fake-client',
    clientSecret: 'fake-secret',
    redirectUri: 'http://127.0.0.1/callback',
    loginFields: { user: 'login', password: 'secret' },
    requestTimeoutMs: 5_000,
    clientAuth: 'form',
    },
    undefined,
  );
const alice = { username: 'alice', password: 'pw-alice', plan: 'pro' as const };

test.describe('session economy', () => {
  test('a transport failure is a reset, a refusal, a deadline or a proxy 502/503/504; a refused password is not', () => {
    expect(isTransportFailure(new HttpError('GET /auth: the request failed: ECONNRESET', 'network'))).toBe(true);
    expect(isTransportFailure(new LoginError('login of alice: expected a redirect or an HTML form at /auth, got 502 text/html ', []))).toBe(true);
    expect(isTransportFailure(new LoginError('login of alice: the login form came back after the credentials were submitted (refused?)', []))).toBe(false);
    expect(isTransportFailure(new Error('anything else'))).toBe(false);
  });

  test('a login met by a transport failure is started over once, from a new verifier; a second failure stands', async () => {
    const idp = await startFakeIdp();
    try {
      const target = targetFor(idp.authUrl);
      let calls = 0;
      const flaky = async (o: AuthorizeOptions) => {
        calls++;
        if (calls === 1) throw new HttpError('GET /idp/auth: the request failed: ECONNRESET', 'network');
        return authorizeWithForm(o);
      };
      const retried: unknown[] = [];
      const session = await openAggregatorWithRetry(target, alice, flaky, (e) => retried.push(e));
      expect(session.accessToken.length).toBeGreaterThan(10);
      expect(calls).toBe(2);
      expect(retried).toHaveLength(1);

      const broken = async () => {
        throw new HttpError('GET /idp/auth: the request failed: ECONNREFUSED', 'network');
      };
      await expect(openAggregatorWithRetry(target, alice, broken)).rejects.toThrow(/ECONNREFUSED/);
      const refused = async (): Promise<never> => {
        calls++;
        throw new LoginError('login of alice: the login form came back after the credentials were submitted (refused?)', []);
      };
      calls = 0;
      await expect(openAggregatorWithRetry(target, alice, refused)).rejects.toThrow(/refused/);
      expect(calls).toBe(1);
    } finally {
      await idp.close();
    }
  });

  test('a pooled session renews itself by a refresh, else by a new login; a 5-minute token is stale after 3.5 minutes', async () => {
    const idp = await startFakeIdp();
    try {
      const target = targetFor(idp.authUrl);
      let logins = 0;
      const login = () => {
        logins++;
        return openAggregatorWithRetry(target, alice, authorizeWithForm);
      };
      const session = (await login()).pool(login);
      const first = session.accessToken;
      expect(await session.renew()).toBe(true);
      expect(session.accessToken).not.toBe(first);
      expect(logins).toBe(1);
      expect(idp.presentedRefreshTokens).toHaveLength(1);

      const endpoint = { target, authUrl: idp.authUrl, clientId: 'fake-client', clientSecret: 'wrong', timeoutMs: 5_000 };
      const dead = Session.restore('alice', 'pro', { accessToken: 'a', refreshToken: 'not-issued' }, endpoint, { at: Date.now(), lifetimeMs: 300_000 }).pool(login);
      expect(await dead.renew()).toBe(true);
      expect(logins).toBe(2);

      const at = (ageMs: number) => Session.restore('alice', 'pro', { accessToken: 'a', refreshToken: 'r' }, endpoint, { at: Date.now() - ageMs, lifetimeMs: 300_000 }).pool(login);
      expect(at(200_000).needsRenewal()).toBe(false);
      expect(at(215_000).needsRenewal()).toBe(true);
    } finally {
      await idp.close();
    }
  });
});
