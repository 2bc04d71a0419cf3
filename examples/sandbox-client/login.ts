/**
 * Authorization Code with PKCE, as the spec's Authentication section and
 * TARGET.md's form flow describe it: a fresh verifier and state, the login
 * form filled, a consent form submitted as it is, the code read from the
 * redirect to redirect_uri and exchanged at {auth_url}/token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { CookieJar, TIMEOUT_MS, Unexpected } from './http.js';

export interface Client {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** An account and the names of the login form's two fields (SC_LOGIN_FIELDS). */
export interface Credentials {
  username: string;
  password: string;
  fields: [user: string, password: string];
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** How many pages and redirects a login may take before we call it a loop. */
const MAX_HOPS = 10;
const USER_AGENT = 'seller-connect-sandbox-client/1';

/** RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]; base64url of 32 random bytes gives 43. */
function codeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

interface Form {
  action: string;
  method: string;
  fields: Record<string, string>;
}

/** The first <form> of a page with its inputs (hidden ones included), read with an HTML parser. */
function firstForm(html: string, pageUrl: string): Form | undefined {
  const stack: DefaultTreeAdapterTypes.Node[] = [parse(html)];
  let form: Form | undefined;
  while (stack.length > 0) {
    const node = stack.pop() as DefaultTreeAdapterTypes.Element;
    const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value;
    if (node.nodeName === 'form' && !form) form = { action: new URL(attr('action') ?? pageUrl, pageUrl).href, method: (attr('method') ?? 'get').toUpperCase(), fields: {} };
    if (form && (node.nodeName === 'input' || node.nodeName === 'button') && attr('name')) form.fields[attr('name') as string] = attr('value') ?? '';
    if (node.childNodes) stack.push(...[...node.childNodes].reverse());
  }
  return form;
}

/** Runs the browser part of the flow by hand; returns the code and state from the redirect to redirect_uri. */
async function authorize(client: Client, who: Credentials, challenge: string, state: string): Promise<URL> {
  const jar = new CookieJar();
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, code_challenge: challenge, code_challenge_method: 'S256', state });
  let request: { url: string; init: RequestInit } = { url: `${client.authUrl.replace(/\/$/, '')}/auth?${query}`, init: { method: 'GET' } };
  let filledLogin = false;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const headers = new Headers(request.init.headers);
    if (jar.header()) headers.set('cookie', jar.header());
    const res = await fetch(request.url, { ...request.init, headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      const next = new URL(location, request.url);
      if (next.href.startsWith(client.redirectUri)) return next;
      request = { url: next.href, init: { method: 'GET' } };
      continue;
    }
    const form = firstForm(await res.text(), request.url);
    if (!form) throw new Unexpected(`the login page at ${new URL(request.url).pathname} answered ${res.status} without a form`);
    const [userField, passwordField] = who.fields;
    if (!filledLogin && passwordField in form.fields) {
      form.fields[userField] = who.username;
      form.fields[passwordField] = who.password;
      filledLogin = true;
    }
    const body = new URLSearchParams(form.fields);
    request =
      form.method === 'GET'
        ? { url: `${form.action.split('?')[0]}?${body}`, init: { method: 'GET' } }
        : { url: form.action, init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() } };
  }
  throw new Unexpected(`no redirect to redirect_uri after ${MAX_HOPS} pages`);
}

/** POSTs a grant to {auth_url}/token (with a User-Agent, as the spec asks). */
export async function tokenRequest(client: Client, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({ ...fields, client_id: client.clientId, client_secret: client.clientSecret });
  const res = await fetch(`${client.authUrl.replace(/\/$/, '')}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT, accept: 'application/json' },
    body: form.toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** A whole aggregator login: the state must come back unchanged and the code must buy a token pair. */
export async function login(client: Client, who: Credentials): Promise<Tokens> {
  const verifier = codeVerifier();
  const state = randomBytes(16).toString('hex');
  const callback = await authorize(client, who, s256(verifier), state);
  if (callback.searchParams.get('state') !== state) throw new Unexpected('the state came back changed');
  const code = callback.searchParams.get('code');
  if (!code) throw new Unexpected(`the redirect to redirect_uri carries no code (error=${callback.searchParams.get('error')})`);
  const answer = await tokenRequest(client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier });
  const { access_token, refresh_token } = answer.body;
  if (answer.status !== 200 || typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw new Unexpected(`the code exchange answered ${answer.status} ${String(answer.body.error ?? '')}`);
  }
  return { access_token, refresh_token };
}
