import { randomBytes } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import type { ReferenceAccount } from '../../reference/config.js';

/**
 * oidc-provider (a certified OpenID provider) configured as Seller Connect's
 * identity provider (spec, Authentication): the code flow with PKCE S256 at
 * `{auth_url}/auth` and `{auth_url}/token`, refresh tokens that rotate on every
 * refresh and whose reuse revokes the grant, opaque access tokens that the API
 * checks at the introspection endpoint (RFC 7662). Everything else is the
 * provider's own default on purpose: the lane judges the provider, not a
 * provider bent to pass.
 */

/** The application (spec step 1) and the API, the introspecting resource server. */
export interface LaneClients {
  app: { id: string; secret: string; redirectUri: string };
  api: { id: string; secret: string };
}

/** Where the login and consent pages live (interop/oidc/interactions.ts). */
export const INTERACTION_PREFIX = '/interaction/';

/** The introspection endpoint, below {auth_url} like the others. */
export const INTROSPECTION_PATH = '/token/introspection';

/** The spec leaves lifetimes open; the reference's own (an hour; refresh tokens outlive any run). */
const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
/** A login left half-way, a browser session, a grant: long enough for a run, short enough to be forgotten. */
const INTERACTION_SECONDS = 600;
const SESSION_SECONDS = 3600;
/** oidc-provider's default for authorization codes. */
const CODE_SECONDS = 60;

export function createProvider(issuer: string, clients: LaneClients, accounts: ReferenceAccount[]): Provider {
  const known = new Set(accounts.map((a) => a.username));
  const configuration: Configuration = {
    clients: [
      {
        client_id: clients.app.id,
        client_secret: clients.app.secret,
        redirect_uris: [clients.app.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Spec step 5: client_id and client_secret are form fields of the token request.
        token_endpoint_auth_method: 'client_secret_post',
      },
      // The API introspects with its own credentials; it obtains no tokens.
      { client_id: clients.api.id, client_secret: clients.api.secret, redirect_uris: [], grant_types: [], response_types: [], token_endpoint_auth_method: 'client_secret_basic' },
    ],
    // Accounts are the reference's: the username is the subject, so the API's per-account state follows it.
    findAccount: (_ctx, sub) => (known.has(sub) ? { accountId: sub, claims: () => ({ sub }) } : undefined),
    // Spec steps 2–3: PKCE with S256 on every authorization request (oidc-provider knows no other method).
    pkce: { required: () => true },
    // Spec step 7: every refresh returns a new refresh token; step 11: presenting a rotated one revokes the grant
    // (oidc-provider does that for every consumed refresh token).
    rotateRefreshToken: true,
    // The spec requests no scope (not even offline_access), yet every session has a refresh token (step 6).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true, allowedPolicy: (ctx) => ctx.oidc.client?.clientId === clients.api.id },
    },
    routes: { authorization: '/auth', token: '/token', introspection: INTROSPECTION_PATH },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: CODE_SECONDS,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Interaction: INTERACTION_SECONDS,
      Session: SESSION_SECONDS,
      Grant: REFRESH_TOKEN_SECONDS,
      IdToken: ACCESS_TOKEN_SECONDS,
    },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(defaultScope);
  return provider;
}

/**
 * The spec requests no scope, and oidc-provider refuses a login that grants none (access_denied, "no scope was
 * granted"). RFC 6749 §3.3: "If the client omits the scope parameter when requesting authorization, the
 * authorization server MUST either process the request using a pre-defined default value or fail the request";
 * oidc-provider has no setting for that default, so this deployment's default, `openid`, goes in here.
 */
const DEFAULT_SCOPE = 'openid';

const defaultScope: Parameters<Provider['use']>[0] = async (ctx, next) => {
  if (ctx.path === '/auth' && ctx.method === 'GET' && ctx.query.scope === undefined) ctx.query = { ...ctx.query, scope: DEFAULT_SCOPE };
  await next();
};
