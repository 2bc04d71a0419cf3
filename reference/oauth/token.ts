import { timingSafeEqual } from 'node:crypto';
import { OAuthError } from '../core/errors.js';
import type { RequestContext, Reply } from '../core/http.js';
import { s256Challenge } from '../../lib/pkce.js';
import { evadedRefusal } from '../refusal-evasions.js';
import type { IdpContext } from './context.js';
import { newToken, type Session } from './sessions.js';

/**
 * POST {auth_url}/token (spec, Authentication steps 5–9 and 11; RFC 6749 section 5).
 * Errors use the OAuth shape `{error, error_description}`.
 */

const invalidRequest = (why: string) => new OAuthError(400, 'invalid_request', why);
const invalidGrant = (why: string) => new OAuthError(400, 'invalid_grant', why);
const invalidClient = (why: string) => new OAuthError(401, 'invalid_client', why);

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The form fields, refusing repeated parameters (RFC 6749 3.2: "MUST NOT be included more than once"). */
function formFields(ctx: IdpContext, req: RequestContext): Record<string, string> {
  if (req.body === undefined) {
    // The defect: a request without a body is not refused here; the endpoint then fails reading its fields (a 500).
    if (ctx.seam.defect('token-body-missing-500')) return req.body as unknown as Record<string, string>;
    throw invalidRequest('the request needs a form body (application/x-www-form-urlencoded)');
  }
  const params = new URLSearchParams(req.rawBody.toString('utf8'));
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) throw invalidRequest(`parameter ${name} is repeated`);
    seen.add(name);
  }
  return req.body as Record<string, string>;
}

/** HTTP Basic client credentials (RFC 6749 2.3.1: each part form-urlencoded), or undefined. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header || !/^basic\s/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('malformed Basic credentials');
  try {
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalidClient('malformed Basic credentials');
  }
}

/** Client authentication by form fields or HTTP Basic (one method only, RFC 6749 2.3). */
function authenticateClient(ctx: IdpContext, req: RequestContext, form: Record<string, string>): void {
  const basic = basicCredentials(req.headers.authorization);
  if (basic && form.client_secret !== undefined) throw invalidRequest('use one client authentication method, not two');
  if (basic && form.client_id !== undefined && form.client_id !== basic.id) throw invalidRequest('client_id differs from the Basic credentials');
  const id = basic?.id ?? form.client_id;
  const secret = basic?.secret ?? form.client_secret;
  if (!id) throw invalidClient('client authentication is required (client_id and client_secret)');
  // The defect takes any client_id for this client's: only the secret is checked.
  const known = ctx.seam.defect('unknown-client-id-accepted') ? id : ctx.client.id;
  if (id !== known) throw invalidClient('unknown client');
  if (ctx.seam.defect('client-secret-not-checked')) return;
  if (!secret || !safeEqual(secret, ctx.client.secret)) throw invalidClient('client authentication failed');
}

function required(form: Record<string, string>, name: string): string {
  const value = form[name];
  if (!value) throw invalidRequest(`${name} is required`);
  return value;
}

function tokenReply(ctx: IdpContext, session: Session, refreshToken: string): Reply {
  const body: Record<string, unknown> = {
    access_token: ctx.sessions.issueAccessToken(session),
    refresh_token: refreshToken,
    // RFC 6749 5.1: token_type is REQUIRED; the defect leaves it out.
    ...(ctx.seam.defect('token-type-missing') ? {} : { token_type: 'Bearer' }),
    // RFC 6749 5.1: expires_in is RECOMMENDED, not required; the variant states none (the lifetime is the same).
    ...(ctx.seam.variant('token-no-expires-in') ? {} : { expires_in: ctx.sessions.expiresIn(session) }),
  };
  if (ctx.seam.variant('token-extra-fields')) {
    // Fields the spec does not show: a client must ignore them.
    Object.assign(body, { scope: '', id_token: `${ctx.sessions.mint()}.${newToken()}.${newToken()}`, refresh_expires_in: 2_592_000 });
  }
  // RFC 6749 5.1: a response holding tokens MUST carry Cache-Control: no-store; the defect sends none.
  return { status: 200, body, headers: ctx.seam.defect('token-response-cacheable') ? {} : { 'cache-control': 'no-store', pragma: 'no-cache' } };
}

function verifierMatches(ctx: IdpContext, verifier: string, challenge: string, method: 'S256' | 'plain'): boolean {
  if (ctx.seam.defect('pkce-not-checked')) return true;
  // RFC 7636 4.1: 43–128 unreserved characters; anything else cannot match.
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  if (verifier.length === 43 && ctx.seam.defect('verifier-43-refused')) return false;
  if (ctx.seam.defect('wrong-verifier-accepted-plain') && verifier === challenge) return true;
  // Only reachable under that defect: /auth refuses every method but S256.
  if (method === 'plain') return verifier === challenge;
  return s256Challenge(verifier) === challenge;
}

function exchangeCode(ctx: IdpContext, form: Record<string, string>): Reply {
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = required(form, 'code_verifier');
  const grant = ctx.codes.get(code);
  if (!grant) {
    if (ctx.seam.defect('unknown-grant-invalid-request')) throw invalidRequest('the authorization code is unknown');
    throw invalidGrant('the authorization code is unknown or expired');
  }
  if (grant.usedBy && !ctx.seam.defect('code-reusable')) {
    // A replayed code may be stolen: revoke what the first exchange issued (RFC 6749 4.1.2).
    ctx.sessions.revoke(grant.usedBy);
    if (ctx.seam.defect('used-code-wrong-error')) throw invalidRequest('the authorization code was already used');
    throw invalidGrant('the authorization code was already used');
  }
  if (grant.validUntil <= Date.now()) throw invalidGrant('the authorization code expired');
  if (grant.clientId !== ctx.client.id) throw invalidGrant('the authorization code was issued to another client');
  if (grant.redirectUri !== redirectUri && !ctx.seam.defect('redirect-uri-not-checked')) throw invalidGrant('redirect_uri differs from the authorization request');
  if (!verifierMatches(ctx, verifier, grant.challenge, grant.method)) {
    throw invalidGrant('code_verifier does not match the code_challenge');
  }
  const session = ctx.sessions.create(grant.username, 'aggregator', grant.clientId);
  grant.usedBy = session;
  return tokenReply(ctx, session, ctx.sessions.issueRefreshToken(session));
}

function refresh(ctx: IdpContext, form: Record<string, string>): Reply {
  const token = required(form, 'refresh_token');
  const record = ctx.sessions.refreshRecord(token);
  if (!record) {
    if (ctx.seam.defect('unknown-grant-invalid-request')) throw invalidRequest('the refresh token is unknown');
    throw invalidGrant('the refresh token is unknown, expired or revoked');
  }
  const { session } = record;
  if (session.clientId !== ctx.client.id) throw invalidGrant('the refresh token was issued to another client');
  if (record.rotated && !ctx.seam.defect('rotated-token-accepted')) {
    // Reuse of a rotated-away token: someone holds a copy. End the whole session (spec step 11).
    if (!ctx.seam.defect('reuse-not-revoking')) ctx.sessions.revoke(session);
    throw invalidGrant('the refresh token was already rotated; the session is revoked');
  }
  // Every refresh returns a new refresh token (spec step 7).
  const next = ctx.seam.defect('refresh-not-rotated') ? token : ctx.sessions.issueRefreshToken(session);
  const reply = tokenReply(ctx, session, next);
  // The defect: the refreshed access token is one the API does not know.
  if (ctx.seam.defect('refreshed-access-token-rejected')) (reply.body as Record<string, unknown>).access_token = ctx.sessions.mint();
  return reply;
}

/** The token endpoint; its errors in another status under a refusal evasion (reference/refusal-evasions.ts). */
export function token(ctx: IdpContext, req: RequestContext): Reply {
  try {
    return grant(ctx, req);
  } catch (err) {
    const evaded = err instanceof OAuthError ? (wrongErrorStatus(ctx, err) ?? evadedRefusal(ctx.seam, err.status)) : undefined;
    if (!evaded) throw err;
    const headers: Record<string, string> = { 'cache-control': 'no-store', ...evaded.headers };
    if (evaded.status === 401) headers['www-authenticate'] = 'Basic realm="seller-connect"';
    return { status: evaded.status, body: (err as OAuthError).body(), headers };
  }
}

/**
 * A token error other than invalid_client in another status than the 400 RFC 6749 §5.2
 * names without a MUST: the defect 'token-error-401' (a 401), and the variant
 * 'token-errors-403' (a 403, as some providers answer invalid_grant). Body kept.
 */
function wrongErrorStatus(ctx: IdpContext, err: OAuthError): { status: number; headers: Record<string, string> } | undefined {
  if (err.status !== 400) return undefined;
  if (ctx.seam.defect('token-error-401')) return { status: 401, headers: {} };
  return ctx.seam.variant('token-errors-403') ? { status: 403, headers: {} } : undefined;
}

/** Serves one token request: client authentication, then the grant. */
function grant(ctx: IdpContext, req: RequestContext): Reply {
  // The spec lets the server reject a token request without a User-Agent (steps 5, Errors rule 4).
  if (!req.headers['user-agent'] && !ctx.seam.variant('user-agent-optional')) {
    throw invalidRequest('a User-Agent header is required');
  }
  const form = formFields(ctx, req);
  const grantType = required(form, 'grant_type');
  authenticateClient(ctx, req, form);
  if (grantType === 'authorization_code') return exchangeCode(ctx, form);
  if (grantType === 'refresh_token') return refresh(ctx, form);
  throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
}
