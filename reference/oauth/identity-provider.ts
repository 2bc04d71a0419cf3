import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type OAuthError } from '../core/errors.js';
import { type Reply, Router } from '../core/http.js';
import type { Lifetimes, ReferenceAccount } from '../config.js';
import { dispatch, type Mount, requestUrl } from '../http-server.js';
import type { Seam } from '../seam.js';
import { authorize, consentForm, loginForm, submitConsent, submitLogin } from './authorize.js';
import type { CodeGrant, IdpContext, LoginFlow, OAuthClient } from './context.js';
import { ExpiringMap } from './expiring-map.js';
import { SessionStore } from './sessions.js';
import { token } from './token.js';

export interface IdentityProviderDeps {
  seam: Seam;
  client: OAuthClient;
  accounts: ReferenceAccount[];
  /** How long an account's codes and tokens live (reference/config.ts: the settings', or the short-lived account's). */
  lifetimes: (username: string) => Lifetimes;
  /** Mount point, `/oauth`. */
  basePath: string;
  /** `{auth_url}`, known once the server listens (used by the `callback-iss` variant). */
  issuer: () => string;
  /** Put before every token and code minted (ReferenceOptions.tokenPrefix). */
  tokenPrefix?: string;
}

/** Logins left half-way are forgotten after 10 minutes; at most this many are kept at once. */
const FLOW_TTL_MS = 10 * 60_000;
const MAX_PENDING = 20_000;
/** A code is remembered this long (more where its lifetime is longer: authorize.ts), so that a replay revokes what it issued. */
const CODE_MEMORY_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/** Maps the frame's refusals (404, 405, bad body) to the OAuth error shape used everywhere under /oauth. */
const OAUTH_ERROR_OF: Record<string, string> = { INVALID_BODY_REQUEST: 'invalid_request' };

/**
 * The identity provider at `{auth_url}` (spec, Authentication): the code flow
 * with PKCE for aggregators, refresh with rotation and reuse detection, and
 * direct-integrator sessions handed out by the control API.
 */
export class IdentityProvider {
  readonly mount: Mount;
  private readonly ctx: IdpContext;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: IdentityProviderDeps) {
    const sessions = new SessionStore(deps.seam, deps.lifetimes, deps.tokenPrefix);
    const flows = new ExpiringMap<LoginFlow>(FLOW_TTL_MS, MAX_PENDING);
    // Each code is kept CODE_MEMORY_MS past its own lifetime (authorize.ts sets it per code).
    const codes = new ExpiringMap<CodeGrant>(CODE_MEMORY_MS, MAX_PENDING);
    this.ctx = { ...deps, sessions, flows, codes };
    const router = new Router()
      .add('GET', '/auth', (req) => authorize(this.ctx, req))
      .add('GET', '/login', (req) => loginForm(this.ctx, req))
      .add('POST', '/login', (req) => submitLogin(this.ctx, req))
      .add('GET', '/consent', (req) => consentForm(this.ctx, req))
      .add('POST', '/consent', (req) => submitConsent(this.ctx, req))
      .add('POST', '/token', (req) => token(this.ctx, req));
    this.mount = { prefix: deps.basePath, router, bodyKind: 'form', fail: (err) => this.fail(err) };
    this.sweeper = setInterval(() => {
      sessions.sweep();
      flows.sweep();
      codes.sweep();
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** Serves one `/oauth/*` request. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return dispatch(this.mount, req, res, requestUrl(req.url));
  }

  /** The username of a live access token in `Authorization: Bearer …`, or undefined. */
  authenticate(authorizationHeader: string | undefined): string | undefined {
    const match = /^bearer +(\S+)\s*$/i.exec(authorizationHeader ?? '');
    if (!match) return undefined;
    const session = this.ctx.sessions.accessSession(match[1]);
    if (session) return session.username;
    // The defect: any well-formed bearer passes, as the first account.
    if (this.deps.seam.defect('bogus-bearer-accepted')) return this.deps.accounts[0]?.username;
    return undefined;
  }

  /** A direct-integrator session (spec, Authentication step 11) for the control API. */
  createDirectSession(username: string): { refresh_token: string } {
    if (!this.deps.accounts.some((a) => a.username === username)) {
      throw new ApiError(404, 'UNKNOWN_ACCOUNT', `no account named ${username}`);
    }
    const session = this.ctx.sessions.create(username, 'direct', this.deps.client.id);
    return { refresh_token: this.ctx.sessions.issueRefreshToken(session) };
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private fail(err: ApiError | OAuthError): Reply {
    const shaped = err instanceof ApiError ? { error: OAUTH_ERROR_OF[err.code] ?? err.code.toLowerCase(), error_description: err.message } : err.body();
    if (this.deps.seam.variant('generic-oauth-descriptions')) shaped.error_description = 'invalid request';
    // OAuth answers body problems with 400 (RFC 6749 5.2), not 415.
    const status = err.status === 415 ? 400 : err.status;
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (status === 401) headers['www-authenticate'] = 'Basic realm="seller-connect"';
    return { status, body: shaped, headers };
  }
}
