import { newCodeVerifier, newState, s256Challenge } from '../../lib/pkce.js';

/**
 * A small plain-fetch driver of the reference IdP's code flow, for the
 * reference's own tests and the benchmark (the suite's real login driver lives
 * in fixtures/). It walks redirects and forms by hand, keeping cookies.
 */

export interface IdpTarget {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface Callback {
  /** The redirect to redirect_uri, as received. */
  location: URL;
  status: number;
  code?: string;
  state?: string;
  verifier: string;
}

const TIMEOUT_MS = 5000;
const USER_AGENT = 'seller-connect-reference-tests/1';

interface Form {
  action: string;
  fields: Record<string, string>;
  hasPassword: boolean;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first `<form>` of a page: its action and its inputs with a value (the reference's pages are simple). */
export function parseForm(html: string): Form | undefined {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const fields: Record<string, string> = {};
  let hasPassword = false;
  for (const input of form[2].matchAll(/<input\b([^>]*)>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(input[1])?.[1];
    const name = attr('name');
    if (attr('type') === 'password') hasPassword = true;
    if (name) fields[unescapeHtml(name)] = unescapeHtml(attr('value') ?? '');
  }
  return { action: unescapeHtml(form[1]), fields, hasPassword };
}

/** Starts a code flow and walks it to the callback; `tweak` edits the /auth query (tests of refusals). */
export async function authorize(
  target: IdpTarget,
  account: { username: string; password: string },
  tweak: (query: URLSearchParams) => void = () => {},
  verifier = newCodeVerifier(),
): Promise<Callback> {
  const query = new URLSearchParams({
    client_id: target.clientId,
    response_type: 'code',
    redirect_uri: target.redirectUri,
    code_challenge: s256Challenge(verifier),
    code_challenge_method: 'S256',
    state: newState(),
  });
  tweak(query);
  const cookies = new Map<string, string>();
  let url = new URL(`${target.authUrl}/auth?${query}`);
  let init: RequestInit = {};
  for (let step = 0; step < 10; step++) {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (location !== null && res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      const next = new URL(location, url);
      if (next.href.startsWith(target.redirectUri)) {
        const code = next.searchParams.get('code') ?? undefined;
        const state = next.searchParams.get('state') ?? undefined;
        return { location: next, status: res.status, code, state, verifier };
      }
      url = next;
      init = {};
      continue;
    }
    const form = res.status === 200 ? parseForm(await res.text()) : undefined;
    if (!form) throw new Error(`login stopped at ${url.pathname}: status ${res.status}, no form`);
    const fields = { ...form.fields };
    if (form.hasPassword) Object.assign(fields, { username: account.username, password: account.password });
    url = new URL(form.action, url);
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
  }
  throw new Error('login did not reach the callback in 10 steps');
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** POST {auth_url}/token with form fields; a User-Agent unless `userAgent` is null. */
export async function tokenRequest(target: IdpTarget, fields: Record<string, string>, userAgent: string | null = USER_AGENT): Promise<TokenAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (userAgent !== null) headers['user-agent'] = userAgent;
  const res = await fetch(`${target.authUrl}/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Exchanges a callback's code for tokens. */
export function exchange(target: IdpTarget, callback: Callback, extra: Record<string, string> = {}): Promise<TokenAnswer> {
  return tokenRequest(target, {
    grant_type: 'authorization_code',
    code: callback.code ?? '',
    redirect_uri: target.redirectUri,
    code_verifier: callback.verifier,
    client_id: target.clientId,
    client_secret: target.clientSecret,
    ...extra,
  });
}

export function refresh(target: IdpTarget, refreshToken: string): Promise<TokenAnswer> {
  return tokenRequest(target, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: target.clientId,
    client_secret: target.clientSecret,
  });
}

/** A full login: an access and refresh token pair for the account. */
export async function login(target: IdpTarget, account: { username: string; password: string }): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await exchange(target, await authorize(target, account));
  if (answer.status !== 200) throw new Error(`token exchange answered ${answer.status} ${String(answer.body.error)}`);
  return answer.body as { access_token: string; refresh_token: string };
}
