/**
 * Opening a session (sessions/session.ts): an aggregator's login and code exchange, or
 * a direct integrator's first refresh token (SC_DIRECT_TOKEN_COMMAND, run with
 * SC_ACCOUNT=<username>, or the control API's POST /direct-sessions) and one refresh.
 */
import { execFile } from 'node:child_process';
import { excerpt, registerSecret } from '../lib/secrets.js';
import { childEnv } from '../settings/run-context.js';
import type { Account } from '../settings/settings.js';
import type { ServedTarget } from '../transport/served-target.js';
import type { ControlClient } from '../transport/control-client.js';
import { exchangeCode, tokenPair } from '../transport/token-client.js';
import type { AuthorizationResult, AuthorizeOptions } from './login.js';
import { Session, SessionError, tokenEndpoint } from './session.js';

export type Authorize = (options: AuthorizeOptions) => Promise<AuthorizationResult>;

export function authorizeOptions(target: ServedTarget, account: Account): AuthorizeOptions {
  const { settings } = target;
  return {
    target,
    authUrl: settings.authUrl,
    clientId: settings.clientId,
    redirectUri: settings.redirectUri,
    username: account.username,
    password: account.password,
    loginFields: settings.loginFields,
    timeoutMs: settings.requestTimeoutMs,
  };
}

/** Login + code exchange. The callback's state must be the one sent (the suite rejects any other: AUTH-STATE-3). */
export async function openAggregatorSession(target: ServedTarget, account: Account, authorize: Authorize): Promise<Session> {
  const { settings } = target;
  const result = await authorize(authorizeOptions(target, account));
  if (result.returnedState !== result.sentState) {
    throw new SessionError(
      `login of ${account.username}: the callback's state differs from the one sent (${result.returnedState === undefined ? 'absent' : 'altered'}); the suite rejects it`,
      undefined,
      'AUTH-STATE-1',
    );
  }
  const endpoint = tokenEndpoint(target);
  const answer = await exchangeCode(endpoint, { code: result.code, verifier: result.verifier, redirectUri: settings.redirectUri });
  const pair = tokenPair(answer);
  if (!pair) {
    throw new SessionError(`code exchange for ${account.username} → ${answer.status}: ${excerpt(answer.text, 300)}`, answer);
  }
  return new Session(account.username, account.plan, 'aggregator', pair, endpoint, answer);
}

/** Runs SC_DIRECT_TOKEN_COMMAND for one account, bounded by a timeout; stdout must be {"refresh_token":"…"}. */
export function runDirectTokenCommand(command: string, username: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { env: childEnv({ SC_ACCOUNT: username }), timeout: timeoutMs, maxBuffer: 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const why = (text: string) => new SessionError(`SC_DIRECT_TOKEN_COMMAND for ${username}: ${text}`);
        if (error) {
          const killed = (error as { killed?: boolean }).killed;
          return reject(why(killed ? `no answer within ${timeoutMs} ms` : `failed (${excerpt(String(stderr || error.message), 300)})`));
        }
        let token: unknown;
        try {
          token = (JSON.parse(stdout) as { refresh_token?: unknown }).refresh_token;
        } catch {
          return reject(why(`stdout is not JSON (expected an object with a string refresh_token): ${excerpt(stdout, 100)}`));
        }
        if (typeof token !== 'string' || token === '') return reject(why('stdout has no string refresh_token'));
        registerSecret(token);
        resolve(token);
      },
    );
  });
}

/** A new direct-integrator session: a first refresh token, then one refresh for the access token. */
export async function openDirectSession(target: ServedTarget, account: Account, control: ControlClient | undefined): Promise<Session> {
  const { settings } = target;
  let first: string;
  if (settings.directTokenCommand) first = await runDirectTokenCommand(settings.directTokenCommand, account.username, settings.directTokenTimeoutMs);
  else if (control) first = await control.directSession(account.username);
  else throw new SessionError('no direct sessions: set SC_DIRECT_TOKEN_COMMAND or the control API (SC_CONTROL_URL)');
  const endpoint = tokenEndpoint(target);
  // A placeholder pair until the first refresh fills it: the session is unusable on the API before that.
  const session = new Session(account.username, account.plan, 'direct', { accessToken: '', refreshToken: first }, endpoint);
  await session.refresh();
  return session;
}
