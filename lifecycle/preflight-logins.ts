/**
 * The preflight's logins (lifecycle/preflight.ts): the login driver SC_LOGIN picks, and a
 * failed login told apart as a setting's fault (the run stops) or the server's (the
 * checks judge it).
 */
import { HttpError } from '../lib/http.js';
import { mask } from '../lib/secrets.js';
import { authorizeWithForm, LoginError } from '../sessions/login.js';
import { authorizeInBrowser, launchChromium } from '../sessions/login-browser.js';
import { SessionError } from '../sessions/session.js';
import type { Authorize } from '../sessions/open-session.js';
import type { Settings } from '../settings/settings.js';
import { oauthError } from '../transport/token-client.js';
import { firstLine, path } from './preflight-findings.js';

/** The login driver of SC_LOGIN, and how to close it. */
export function defaultAuthorize(settings: Settings): { authorize: Authorize; close: () => Promise<void> } {
  if (settings.login === 'form') return { authorize: authorizeWithForm, close: async () => {} };
  let browser: ReturnType<typeof launchChromium> | undefined;
  return {
    authorize: async (options) => {
      browser ??= launchChromium(settings.chromiumPath).catch((error: Error) => {
        throw new Error(
          `SC_LOGIN=browser: cannot launch Chromium at ${settings.chromiumPath} (SC_CHROMIUM_PATH): ${error.message.split('\n')[0]}. ` +
            "To get one: apt-get install chromium (it is /usr/bin/chromium), or npx playwright install chromium and " +
            `SC_CHROMIUM_PATH="$(node -p "require('playwright-core').chromium.executablePath()")"`,
        );
      });
      return authorizeInBrowser({ ...options, browser: await browser });
    },
    close: async () => {
      if (browser) await (await browser.catch(() => undefined))?.close();
    },
  };
}

// OAuth errors of a callback that point at the client's settings, not at a fault of the server.
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client', 'access_denied', 'invalid_request']);

/**
 * A failed login or code exchange, as one line: `setting` when it points at a
 * setting or an account (the run cannot judge anything: exit 2), `server` when
 * the server broke a rule of the flow (the run goes on and the auth checks
 * charge it to its rule, e.g. a state altered, an exchange answering 500).
 */
export function classifyLoginFailure(error: unknown, username: string): { setting: string } | { server: string } {
  const account = `SC_ACCOUNTS: account '${username}'`;
  if (error instanceof SessionError && error.requirement) return { server: `${account}: ${firstLine(error, username)}` };
  if (error instanceof SessionError && error.exchange && typeof error.exchange.status === 'number') {
    const answer = error.exchange;
    const code = oauthError(answer);
    if (answer.status === 401 || code === 'invalid_client') {
      return { setting: `SC_CLIENT_ID / SC_CLIENT_SECRET: the token endpoint refuses the client credentials (POST ${path(answer.request.url)} → ${answer.status}${code ? ` ${code}` : ''})` };
    }
    return { server: `${account}: the code exchange failed (POST ${path(answer.request.url)} → ${answer.status}${code ? ` ${code}` : ''})` };
  }
  if (error instanceof HttpError) {
    // A status line that came without its body is the server's fault; no answer at all points at SC_AUTH_URL.
    if (error.status !== undefined) return { server: `${account}: the code exchange did not complete (${mask(error.message)})` };
    return { setting: `SC_AUTH_URL: the token endpoint does not answer (${mask(error.message)})` };
  }
  if (error instanceof LoginError) {
    const line = firstLine(error, username).replace(/^login of \S+ \(browser\): /, '');
    if (error.transport && error.status === undefined) return { setting: `SC_AUTH_URL: account '${username}' cannot log in: ${line}` };
    if (error.transport) return { server: `${account}: ${line}` };
    if (/came back after the credentials were submitted/.test(line)) return { setting: `${account} cannot log in: the login form came back after the password was submitted (a wrong password?)` };
    if (/no <form>|no visible field/.test(line)) return { setting: `${account} cannot log in: ${line} (SC_LOGIN_FIELDS, SC_LOGIN)` };
    // A throttle's 429 or a server's 5xx instead of the page: the server's answer, not a setting.
    if (/expected a redirect or an HTML form at \S+, got (429|5\d\d) /.test(line)) return { server: `${account}: ${line}` };
    if (/expected a redirect or an HTML form/.test(line)) return { setting: `${account} cannot log in: ${line} (are SC_CLIENT_ID and SC_REDIRECT_URI the registered ones?)` };
    if (error.oauthError && CLIENT_ERRORS.has(error.oauthError)) return { setting: `${account} cannot log in: ${line} (are SC_CLIENT_ID and SC_REDIRECT_URI the registered ones?)` };
    return { server: `${account}: ${line}` };
  }
  return { setting: firstLine(error) };
}
