import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestContext, Reply } from '../core/http.js';
import type { CodeGrant, IdpContext, LoginFlow } from './context.js';
import { consentPage, errorPage, loginPage } from './pages.js';
import { newToken } from './sessions.js';

/**
 * The browser side of the code flow (spec, Authentication steps 1–4; TARGET.md
 * "Login"): GET /auth → 302 to the login page → POST credentials → 302 to the
 * consent page → POST consent → 302 to `redirect_uri?code&state`.
 */

const COOKIE = 'sc_login';
/** A used code is remembered this long past its lifetime, so that a replay revokes what it issued. */
const CODE_MEMORY_MS = 10 * 60_000;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const PLAIN_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

function safeEqual(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * A redirect: 302, or 303 under `redirect-303`. Under `redirect-307`, 307 where it answers a GET; after a POST (the
 * credentials, the consent) 303 still: RFC 9700 §4.12, a 307 would have the browser post the form on to the next address.
 */
function redirect(ctx: IdpContext, location: string, afterPost = false): Reply {
  const status = ctx.seam.variant('redirect-303') || (afterPost && ctx.seam.variant('redirect-307')) ? 303 : ctx.seam.variant('redirect-307') ? 307 : 302;
  return { status, headers: { location, 'cache-control': 'no-store' } };
}

/** The callback URL: the registered URI plus our parameters (its own query, if any, is kept). */
function callback(ctx: IdpContext, flow: Pick<LoginFlow, 'redirectUri' | 'state'>, params: Record<string, string>, afterPost = false): Reply {
  const url = new URL(flow.redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  // The defect writes the state with encodeURI, not encodeURIComponent: `+` and `&` go out as they are.
  let unencodedState: string | undefined;
  if (flow.state !== undefined) {
    if (ctx.seam.defect('state-altered')) url.searchParams.set('state', flow.state.slice(0, -1) || 'x');
    else if (ctx.seam.defect('state-encoded-as-uri')) unencodedState = encodeURI(flow.state);
    else if (!ctx.seam.defect('state-dropped')) url.searchParams.set('state', flow.state);
  }
  // RFC 9207: an authorization server may name itself on the callback.
  if (ctx.seam.variant('callback-iss')) url.searchParams.set('iss', ctx.issuer());
  const location = url.toString();
  if (unencodedState !== undefined) return redirect(ctx, `${location}${url.search ? '&' : '?'}state=${unencodedState}`, afterPost);
  return redirect(ctx, location, afterPost);
}

/** The one value of a query parameter; undefined when absent, null when repeated (RFC 6749 3.1 forbids repeats). */
function single(query: URLSearchParams, name: string): string | undefined | null {
  const all = query.getAll(name);
  return all.length > 1 ? null : all[0];
}

/** GET {auth_url}/auth */
export function authorize(ctx: IdpContext, req: RequestContext): Reply {
  const q = req.query;
  const clientId = single(q, 'client_id');
  const redirectUri = single(q, 'redirect_uri');
  // Never redirect to an address we cannot vouch for (RFC 6749 4.1.2.1): these two answer a page.
  if (clientId !== ctx.client.id) return errorPage(400, 'Unknown or missing client_id.');
  if (redirectUri !== ctx.client.redirectUri) return errorPage(400, 'The redirect_uri is missing or not registered for this client.');

  const state = single(q, 'state');
  const flowState = state ?? undefined;
  const refuse = (error: string, description: string) =>
    callback(ctx, { redirectUri, state: flowState }, { error, error_description: description });
  if (state === null) return refuse('invalid_request', 'state is repeated');
  if (state === undefined && ctx.seam.defect('state-required')) return refuse('invalid_request', 'state is required');
  // The spec requests no scopes; the defect insists on one.
  if (!q.get('scope') && ctx.seam.defect('scope-required')) return refuse('invalid_scope', 'a scope is required');
  const responseType = single(q, 'response_type');
  if (!responseType) return refuse('invalid_request', 'response_type is required');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'only response_type=code is supported');

  const plainAllowed = ctx.seam.defect('wrong-verifier-accepted-plain');
  const method = single(q, 'code_challenge_method') ?? (plainAllowed ? 'plain' : undefined);
  if (method !== 'S256' && !(plainAllowed && method === 'plain')) {
    return refuse('invalid_request', 'code_challenge_method must be S256');
  }
  const challenge = single(q, 'code_challenge');
  if (!challenge || !(method === 'S256' ? S256_CHALLENGE : PLAIN_CHALLENGE).test(challenge)) {
    return refuse('invalid_request', 'code_challenge is required: BASE64URL(SHA-256(code_verifier)), 43 characters');
  }

  const flow: LoginFlow = { id: newToken(), redirectUri, challenge, method, state: flowState, csrf: newToken() };
  ctx.flows.set(flow.id, flow);
  return redirect(ctx, `${ctx.basePath}/login?tx=${encodeURIComponent(flow.id)}`);
}

/** The flow a login or consent request belongs to, if the same browser is still on it. */
function flowOf(ctx: IdpContext, req: RequestContext, source: 'query' | 'form'): LoginFlow | undefined {
  const fields = source === 'query' ? Object.fromEntries(req.query) : formOf(req);
  const flow = ctx.flows.get(fields.tx ?? '');
  if (!flow || source === 'query') return flow;
  const browser = cookieValue(req.headers.cookie, COOKIE);
  return safeEqual(fields.csrf, flow.csrf) && safeEqual(browser, flow.browser) ? flow : undefined;
}

function formOf(req: RequestContext): Record<string, string> {
  const body = req.body;
  if (typeof body !== 'object' || body === null) return {};
  return body as Record<string, string>;
}

const STALE = 'This sign-in has expired or was opened in another browser. Start again from the application.';

/** GET {auth_url}/login?tx= — the form; binds the flow to this browser's cookie. */
export function loginForm(ctx: IdpContext, req: RequestContext): Reply {
  const flow = flowOf(ctx, req, 'query');
  if (!flow) return errorPage(400, STALE);
  // One cookie per browser (not per flow), so parallel logins in one cookie jar do not collide.
  let browser = cookieValue(req.headers.cookie, COOKIE);
  const headers: Record<string, string> = {};
  if (!browser || !/^[A-Za-z0-9_-]{43}$/.test(browser)) {
    browser = randomBytes(32).toString('base64url');
    headers['set-cookie'] = `${COOKIE}=${browser}; Path=${ctx.basePath}; HttpOnly; SameSite=Lax`;
  }
  flow.browser = browser;
  return loginPage(`${ctx.basePath}/login`, { tx: flow.id, csrf: flow.csrf }, undefined, headers);
}

/** POST {auth_url}/login — checks the credentials; right → consent page, wrong → the form again. */
export function submitLogin(ctx: IdpContext, req: RequestContext): Reply {
  const flow = flowOf(ctx, req, 'form');
  if (!flow) return errorPage(400, STALE);
  const { username, password } = formOf(req);
  const account = ctx.accounts.find((a) => a.username === username);
  if (!account || !safeEqual(password, account.password)) {
    return loginPage(`${ctx.basePath}/login`, { tx: flow.id, csrf: flow.csrf }, 'Wrong username or password.');
  }
  flow.username = account.username;
  return redirect(ctx, `${ctx.basePath}/consent?tx=${encodeURIComponent(flow.id)}`, true);
}

/** GET {auth_url}/consent?tx= */
export function consentForm(ctx: IdpContext, req: RequestContext): Reply {
  const flow = flowOf(ctx, req, 'query');
  if (!flow?.username || !safeEqual(cookieValue(req.headers.cookie, COOKIE), flow.browser)) return errorPage(400, STALE);
  return consentPage(`${ctx.basePath}/consent`, { tx: flow.id, csrf: flow.csrf, consent: 'allow' }, ctx.client.id, flow.username);
}

/** POST {auth_url}/consent — issues the code and sends the browser back to the client. */
export function submitConsent(ctx: IdpContext, req: RequestContext): Reply {
  const flow = flowOf(ctx, req, 'form');
  if (!flow?.username) return errorPage(400, STALE);
  ctx.flows.delete(flow.id);
  if (formOf(req).consent !== 'allow') {
    return callback(ctx, flow, { error: 'access_denied', error_description: 'the user did not allow access' }, true);
  }
  const code = ctx.sessions.mint();
  const grant: CodeGrant = {
    username: flow.username,
    clientId: ctx.client.id,
    redirectUri: flow.redirectUri,
    challenge: flow.challenge,
    method: flow.method,
    // Codes "must be used at once" (spec step 5): the account's code lifetime (a minute by default); the defect never ends it.
    validUntil: ctx.seam.defect('codes-never-expire') ? Number.POSITIVE_INFINITY : Date.now() + ctx.lifetimes(flow.username).codeMs,
  };
  ctx.codes.set(code, grant, CODE_MEMORY_MS + ctx.lifetimes(flow.username).codeMs);
  return callback(ctx, flow, { code }, true);
}
