/**
 * The suite's own side of the spec (catalog entries that need "client-side"):
 * what the suite sends is checked against a recording double of the identity
 * provider and the API (specs/auth/support/fake-idp.ts), not against the target. These
 * checks say the suite itself keeps the rules it holds servers to.
 */
import fc from 'fast-check';
import {
  ApiClient,
  authorizationUrl,
  authorizeWithForm,
  ConformanceFailure,
  expect,
  openAggregatorSession,
  provenBy,
  RESPONSE_CHECK_NAMES,
  registerSecret,
  type ServedTarget,
  SessionError,
  type Settings,
  servedTarget,
  startFakeIdp,
  test,
} from '../fixtures.js';
import { parseTitleIds } from '../../catalog/ids.js';
import { isValidVerifier, newCodeVerifier, newState, s256Challenge, VERIFIER_ALPHABET } from '../../lib/pkce.js';

/** The recording double as a target of its own: its settings, no run folder (so its health is off), never the run's target. */
function fakeTarget(base: Settings, idp: { authUrl: string; baseUrl: string }): ServedTarget {
  return servedTarget({
    ...base,
    authUrl: idp.authUrl,
    baseUrl: idp.baseUrl,
    clientId: 'fake-client',
    clientSecret: 'fake-client-secret-123',
    redirectUri: 'http://127.0.0.1/callback',
    loginFields: { user: 'login', password: 'secret' },
    accounts: [{ username: 'alice', password: 'pw-alice', plan: 'pro' }],
    clientAuth: 'form',
  }, undefined);
}

test.describe('the suite as a client', { tag: '@auth' }, () => {
  // These checks assert the suite's own behaviour with plain expect (no exchange with the target): one that ran
  // to its end proves the client-side rules of its title. One that fails is the suite broken, never the target.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this destructuring.
  test.afterEach(({}, testInfo) => {
    if (testInfo.status === 'passed') provenBy('the suite’s own check ran to its end', parseTitleIds(testInfo.title).ids);
  });

  test('[AUTH-PKCE-1] the suite makes random code_verifiers of the unreserved alphabet, at least 43 characters long', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const v = newCodeVerifier();
      expect(isValidVerifier(v), 'verifier of 43..128 unreserved characters').toBe(true);
      expect(v.length).toBeGreaterThanOrEqual(43);
      seen.add(v);
    }
    expect(seen.size, 'no verifier repeats in 500').toBe(500);
  });

  test('[AUTH-PKCE-2] the suite derives code_challenge as BASE64URL(SHA-256(verifier)) without padding and sends S256', () => {
    // RFC 7636 Appendix B's example, value as printed in the RFC (and recomputed independently with Python's hashlib).
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...VERIFIER_ALPHABET), minLength: 43, maxLength: 128, size: 'max' }), (v) => {
        const challenge = s256Challenge(v);
        const url = new URL(authorizationUrl({ authUrl: 'http://idp.example/oauth', clientId: 'c', redirectUri: 'http://127.0.0.1/cb', challenge }));
        return (
          /^[A-Za-z0-9_-]{43}$/.test(challenge) &&
          url.searchParams.get('code_challenge') === challenge &&
          url.searchParams.get('code_challenge_method') === 'S256' &&
          url.pathname === '/oauth/auth' &&
          !url.searchParams.has('scope')
        );
      }),
      { numRuns: 200 },
    );
  });

  test('[AUTH-STATE-3] the suite sends a fresh state per login and rejects a callback whose state differs', async ({ settings }) => {
    expect(newState()).not.toBe(newState());
    const idp = await startFakeIdp({ alterState: true });
    try {
      const fake = fakeTarget(settings, idp);
      const error = await openAggregatorSession(fake, fake.settings.accounts[0], authorizeWithForm).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SessionError);
      expect((error as SessionError).requirement).toBe('AUTH-STATE-1');
      expect(idp.requests.some((r) => r.path === '/idp/token'), 'no code exchange after a wrong state').toBe(false);
      const states = idp.requests.filter((r) => r.path === '/idp/auth').map((r) => r.query.state);
      expect(states).toHaveLength(1);
    } finally {
      await idp.close();
    }
  });

  test('[AUTH-UA-1][AUTH-TOKEN-2][AUTH-REFRESH-3] token requests carry a User-Agent, are forms with exactly the listed fields, and refreshes present the newest token', async ({ settings }) => {
    const idp = await startFakeIdp({ redirectStatus: 303 });
    try {
      const fake = fakeTarget(settings, idp);
      const session = await openAggregatorSession(fake, fake.settings.accounts[0], authorizeWithForm);
      await session.refresh();
      await session.refresh();
      const tokenCalls = idp.requests.filter((r) => r.path === '/idp/token');
      expect(tokenCalls).toHaveLength(3);
      for (const call of tokenCalls) {
        expect(call.headers['user-agent'], 'User-Agent on every token request').toBeTruthy();
        expect(String(call.headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/);
      }
      const fields = tokenCalls.map((c) => [...new URLSearchParams(c.body).keys()].sort());
      expect(fields[0]).toEqual(['client_id', 'client_secret', 'code', 'code_verifier', 'grant_type', 'redirect_uri']);
      expect(fields[1]).toEqual(['client_id', 'client_secret', 'grant_type', 'refresh_token']);
      // Each refresh presents the token of the answer before it, never an old one.
      expect(new Set(idp.presentedRefreshTokens).size).toBe(2);
      expect(session.rotatedAway).toEqual(idp.presentedRefreshTokens);
    } finally {
      await idp.close();
    }
  });

  test('[GEN-AUTH-3][GEN-JSON-2] the API client sends Authorization: Bearer and JSON bodies as application/json', async ({ settings }, testInfo) => {
    const idp = await startFakeIdp();
    try {
      const api = new ApiClient(fakeTarget(settings, idp), testInfo);
      // The fake's answers are the suite's own: no response check judges a rule of the target on them.
      await api.post({ accessToken: 'access-token-xyz' }, '/items', { a: 1 }, { skipChecks: [...RESPONSE_CHECK_NAMES] });
      await api.get({ accessToken: 'access-token-xyz' }, '/webhooks', { skipChecks: [...RESPONSE_CHECK_NAMES] });
      const calls = idp.requests.filter((r) => r.path.startsWith('/api/'));
      expect(calls).toHaveLength(2);
      for (const call of calls) expect(call.headers.authorization).toBe('Bearer access-token-xyz');
      expect(calls[0].headers['content-type']).toBe('application/json');
      expect(JSON.parse(calls[0].body)).toEqual({ a: 1 });
    } finally {
      await idp.close();
    }
  });

  test('[AUTH-STORE-1] tokens never reach a failure message, its evidence or its reproduce command; traces are off', { tag: '@should' }, ({ settings }) => {
    const secret = `tok-${newCodeVerifier()}`;
    registerSecret(secret);
    const failure = new ConformanceFailure({
      title: 'probe',
      requirements: ['AUTH-STORE-1'],
      expected: 'x',
      actual: `y ${secret}`,
      exchange: {
        request: { method: 'POST', url: `${settings.authUrl}/token`, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `refresh_token=${secret}&client_secret=${settings.clientSecret}`, auth: 'session' },
        status: 400,
        headers: {},
        text: JSON.stringify({ access_token: secret, error: 'invalid_grant' }),
        json: undefined,
        durationMs: 1,
      },
    });
    const everything = `${failure.message}\n${JSON.stringify(failure.evidence)}`;
    expect(everything.includes(secret), 'the token appears nowhere').toBe(false);
    expect(everything.includes(settings.clientSecret), 'the client secret appears nowhere').toBe(false);
    expect(test.info().project.use.trace ?? 'off').toBe('off');
  });
});
