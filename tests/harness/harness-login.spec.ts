/**
 * The login drivers against a fake identity provider (specs/auth/support/fake-idp.ts):
 * path-scoped cookies, 302 and 303, a relative form action, a consent button
 * carrying the decision, `iss` on the callback; and their failures.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startFakeIdp } from '../../specs/auth/support/fake-idp.js';
import { findForms } from '../../sessions/html-forms.js';
import { authorizeInBrowser, launchChromium } from '../../sessions/login-browser.js';
import { type AuthorizeOptions, authorizationUrl, authorizeWithForm, LoginError } from '../../sessions/login.js';
import { ownTarget } from '../../transport/served-target.js';

const base = (authUrl: string): AuthorizeOptions => ({
  target: ownTarget(),
  authUrl,
  clientId: 'fake-client',
  redirectUri: 'http://127.0.0.1/callback',
  username: 'alice',
  password: 'pw-alice',
  loginFields: { user: 'login', password: 'secret' },
  timeoutMs: 5_000,
});

async function withServer(handler: Parameters<typeof createServer>[1], run: (origin: string) => Promise<void>): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

test.describe('form login driver', () => {
  for (const redirectStatus of [302, 303] as const) {
    test(`completes a flow with path-scoped cookies, a consent button and iss (${redirectStatus})`, async () => {
      const idp = await startFakeIdp({ redirectStatus });
      try {
        const result = await authorizeWithForm(base(idp.authUrl));
        expect(result.code.length).toBeGreaterThan(10);
        expect(result.returnedState).toBe(result.sentState);
        expect(result.callbackParams.sort()).toEqual(['code', 'iss', 'state']);
        expect(result.redirectStatus).toBe(redirectStatus);
        const auth = idp.requests.find((r) => r.path === '/idp/auth');
        expect(auth?.query).toMatchObject({ client_id: 'fake-client', response_type: 'code', code_challenge_method: 'S256', code_challenge: result.challenge });
        expect(auth?.query.scope).toBeUndefined();
        // The login cookie (Path=/idp/login) never went to /idp/consent; the consent cookie did.
        const consent = idp.requests.filter((r) => r.path === '/idp/consent');
        expect(consent).toHaveLength(2);
        for (const r of consent) expect(String(r.headers.cookie)).toMatch(/^sess=[^;]+$/);
        expect(new URLSearchParams(consent[1].body).get('decision')).toBe('allow');
      } finally {
        await idp.close();
      }
    });
  }

  test('state can be left out', async () => {
    const idp = await startFakeIdp();
    try {
      const result = await authorizeWithForm({ ...base(idp.authUrl), state: null });
      expect(result.sentState).toBeUndefined();
      expect(idp.requests.find((r) => r.path === '/idp/auth')?.query.state).toBeUndefined();
    } finally {
      await idp.close();
    }
  });

  test('refused credentials, a missing login form and an OAuth error are clear LoginErrors', async () => {
    const idp = await startFakeIdp();
    try {
      await expect(authorizeWithForm({ ...base(idp.authUrl), password: 'wrong-pw-123' })).rejects.toThrow(/login form came back.*Wrong password/s);
      await expect(authorizeWithForm({ ...base(idp.authUrl), loginFields: { user: 'username', password: 'password' } })).rejects.toThrow(
        /no <form> with the fields username and password \(SC_LOGIN_FIELDS\)/,
      );
    } finally {
      await idp.close();
    }
    await withServer(
      (_req, res) => {
        res.writeHead(302, { location: 'http://127.0.0.1/callback?error=access_denied&error_description=nope&state=s' });
        res.end();
      },
      async (origin) => {
        const error = await authorizeWithForm(base(`${origin}/oauth`)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LoginError);
        expect((error as LoginError).oauthError).toBe('access_denied');
      },
    );
  });

  test('an endless redirect loop ends after maxHops', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(302, { location: `/loop?n=${Math.random()}` });
        res.end();
      },
      async (origin) => {
        await expect(authorizeWithForm({ ...base(origin), maxHops: 5 })).rejects.toThrow(/no redirect to http:\/\/127\.0\.0\.1\/callback within 5 requests/);
      },
    );
  });

  test('the authorization URL joins an auth URL with a path of its own', () => {
    for (const authUrl of ['http://idp.example/tenant/oauth', 'http://idp.example/tenant/oauth/']) {
      expect(new URL(authorizationUrl({ authUrl, clientId: 'c', redirectUri: 'r:/x', challenge: 'x' })).pathname).toBe('/tenant/oauth/auth');
    }
  });

  test('forms are read as a browser submits them', () => {
    const [form] = findForms(
      `<form action="../go?x=1" method=post><input type=hidden name=a value=1><input type=checkbox name=b><input type=checkbox name=c checked>
       <select name=d><option value=o1>1<option value=o2 selected>2</select><textarea name=e>hi</textarea><input name=f disabled value=z>
       <input type=submit name=s value=ok></form>`,
      'http://h/p/q/page',
    );
    expect(form.action).toBe('http://h/p/go?x=1');
    expect(form.method).toBe('POST');
    expect(form.fields).toEqual([['a', '1'], ['c', 'on'], ['d', 'o2'], ['e', 'hi']]);
    expect(form.submitter).toEqual(['s', 'ok']);
  });
});

test.describe('browser login driver', () => {
  test.skip(!existsSync('/usr/bin/chromium'), 'needs /usr/bin/chromium');

  test('completes the same flow in headless Chromium', async () => {
    const idp = await startFakeIdp({ redirectStatus: 303 });
    const browser = await launchChromium('/usr/bin/chromium');
    try {
      const result = await authorizeInBrowser({ ...base(idp.authUrl), browser });
      expect(result.code.length).toBeGreaterThan(10);
      expect(result.returnedState).toBe(result.sentState);
      expect(result.callbackParams).toContain('iss');
      await expect(authorizeInBrowser({ ...base(idp.authUrl), password: 'wrong-pw-123', browser })).rejects.toThrow(/login form came back/);
    } finally {
      await browser.close();
      await idp.close();
    }
  });
});
