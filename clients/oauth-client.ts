/**
 * The checked token-endpoint client (the `oauth` fixture, fixtures/oauth.ts): the identity provider as the auth specs see it — each
 * call one step, every token registered as a secret, every timeout a failure.
 *
 *   const grant = await oauth.authorize(account);                    // login, no exchange
 *   const answer = await oauth.exchange(grant);                       // POST /token (authorization_code)
 *   const pair = await oauth.expectTokens(answer, ['AUTH-TOKEN-1']);  // 2xx with both tokens, else failure
 *   const again = await oauth.refresh(pair.refreshToken);             // POST /token (refresh_token)
 *   await expectOAuthError(again, 'invalid_grant', ['AUTH-REFRESH-4']);
 */
import { type TestInfo, test } from '@playwright/test';
import { HttpError } from '../lib/http.js';
import { authStepFailure } from '../judging/auth-step.js';
import type { Exchange } from '../transport/exchange.js';
import { fail } from '../judging/failure.js';
import { type AuthorizationResult, type AuthorizeOptions, LoginError } from '../sessions/login.js';
import { tokenEndpoint } from '../sessions/session.js';
import { authorizeOptions } from '../sessions/open-session.js';
import { isTransportFailure } from '../sessions/session-pool.js';
import type { Account } from '../settings/settings.js';
import type { ServedTarget } from '../transport/served-target.js';
import { exchangeCode, postToken, postTokenBody, refreshGrant, type TokenCallOptions, type TokenPair, tokenPair } from '../transport/token-client.js';

export interface OAuth {
  /**
   * The browser side of the flow for an account; overrides choose verifier or state (null: no state).
   * A login that does not reach the redirect fails `requirements` (default AUTH-CODE-1).
   */
  authorize(account: Account, overrides?: Partial<Pick<AuthorizeOptions, 'verifier' | 'state'>>, requirements?: string[]): Promise<AuthorizationResult>;
  exchange(grant: Pick<AuthorizationResult, 'code' | 'verifier'> & { redirectUri?: string }, options?: TokenCallOptions): Promise<Exchange>;
  refresh(refreshToken: string, options?: TokenCallOptions): Promise<Exchange>;
  /** Any form to the token endpoint. */
  post(form: Record<string, string>, options?: TokenCallOptions): Promise<Exchange>;
  /**
   * A body that is not a form to the token endpoint (GEN-ERR-3): `text` under `contentType`, or no body at all;
   * `what` names it in the step. Counted under `grantType`, the grant the text names.
   */
  postBody(what: string, body: { text?: string; contentType?: string; grantType?: string }): Promise<Exchange>;
  /** The pair of a 2xx answer with string access_token and refresh_token; a failure with evidence otherwise. */
  expectTokens(answer: Exchange, requirements: string[]): Promise<TokenPair>;
}

function grantOf(form: Record<string, string>): string {
  return form.grant_type ?? 'no grant_type';
}

export class OAuthClient implements OAuth {
  constructor(
    /** The test's target: every token request and login goes to it. */
    private readonly target: ServedTarget,
    private readonly authorizeFn: (o: AuthorizeOptions) => Promise<AuthorizationResult>,
    private readonly testInfo: TestInfo,
  ) {}

  /**
   * Logs in and reads the code. A login that does not reach the redirect fails `requirements`: the rule of
   * what this request does differently (a check of a flow without state names AUTH-STATE-2), else AUTH-CODE-1.
   */
  authorize(account: Account, overrides: Partial<Pick<AuthorizeOptions, 'verifier' | 'state'>> = {}, requirements: string[] = ['AUTH-CODE-1']): Promise<AuthorizationResult> {
    return test.step(
      `login ${account.username} (${this.target.settings.login})`,
      async () => {
        const login = () => this.authorizeFn({ ...authorizeOptions(this.target, account), ...overrides });
        try {
          // A login that meets a transport failure (reset, refused, a proxy's 502) is started over once, as a session's is.
          return await login().catch((error) => (isTransportFailure(error) ? login() : Promise.reject(error)));
        } catch (error) {
          if (!(error instanceof LoginError)) throw error;
          return fail(this.testInfo, {
            title: 'the Authorization Code flow with PKCE leads to a code at the redirect URI',
            requirements,
            expected: 'a redirect to SC_REDIRECT_URI carrying a code',
            actual: error.message,
          });
        }
      },
      { box: true },
    );
  }

  post(form: Record<string, string>, options?: TokenCallOptions): Promise<Exchange> {
    return this.call(`POST /token (${grantOf(form)})`, () => postToken(tokenEndpoint(this.target), form, options));
  }

  postBody(what: string, body: { text?: string; contentType?: string; grantType?: string }): Promise<Exchange> {
    // No grant this request could make: a hang is GEN-ERR-3's alone, never the exchange's (AUTH-TOKEN-1).
    return this.call(`POST /token (${what})`, () => postTokenBody(tokenEndpoint(this.target), body), []);
  }

  exchange(grant: Pick<AuthorizationResult, 'code' | 'verifier'> & { redirectUri?: string }, options?: TokenCallOptions): Promise<Exchange> {
    const redirectUri = grant.redirectUri ?? this.target.settings.redirectUri;
    return this.call('POST /token (authorization_code)', () => exchangeCode(tokenEndpoint(this.target), { code: grant.code, verifier: grant.verifier, redirectUri }, options));
  }

  refresh(refreshToken: string, options?: TokenCallOptions): Promise<Exchange> {
    return this.call('POST /token (refresh_token)', () => refreshGrant(tokenEndpoint(this.target), refreshToken, options));
  }

  async expectTokens(answer: Exchange, requirements: string[]): Promise<TokenPair> {
    const pair = tokenPair(answer);
    if (pair) return pair;
    const is2xx = answer.status >= 200 && answer.status <= 299;
    return fail(this.testInfo, {
      title: 'the token endpoint answers a token pair',
      requirements,
      expected: 'any 2xx with string access_token and refresh_token',
      actual: is2xx ? `${answer.status} without both tokens as non-empty strings` : String(answer.status),
      exchange: answer,
    });
  }

  /** Sends one request as a step; a request without a complete answer fails `stepRules` (default: the token step's own) and GEN-ERR-3. */
  private async call(label: string, run: () => Promise<Exchange>, stepRules?: string[]): Promise<Exchange> {
    let answer: Exchange;
    try {
      answer = await run();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // The token step's own rule (AUTH-TOKEN-1) with the request as evidence, and GEN-ERR-3 (never a hang).
      const facts = authStepFailure(error, this.target.settings.requestTimeoutMs);
      return test.step(`${label} → ${error.summary}`, () =>
        fail(this.testInfo, {
          title: `${label} answers`,
          requirements: [...(stepRules ?? facts?.requirements ?? []), 'GEN-ERR-3'],
          expected: facts?.expected ?? `an HTTP answer within ${this.target.settings.requestTimeoutMs} ms`,
          actual: error.message,
          exchange: facts?.exchange,
        }),
      );
    }
    await test.step(
      `${label} → ${answer.status}`,
      async () => {
        // A 5xx is never an acceptable answer of the token endpoint.
        if (answer.status >= 500) {
          await fail(this.testInfo, { title: `${label} answers without a server error`, requirements: ['GEN-ERR-3'], expected: 'a 2xx or a 4xx', actual: String(answer.status), exchange: answer });
        }
      },
      { box: true },
    );
    return answer;
  }
}
