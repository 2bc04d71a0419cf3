/**
 * The preflight's probes, one per setting it proves (lifecycle/preflight.ts): the suite's
 * public URL, {base_url}, {auth_url}, the control API, and the API with a fresh token.
 * Each writes its problem or note to the findings (lifecycle/preflight-findings.ts).
 */
import { HttpError, httpRequest, joinUrl } from '../lib/http.js';
import { newCodeVerifier, newState, s256Challenge } from '../lib/pkce.js';
import { excerpt, mask } from '../lib/secrets.js';
import { type RefusedToken, TOKEN_ACCEPTED_RULE } from '../results/run-artifacts.js';
import { authorizationUrl } from '../sessions/login.js';
import type { Session } from '../sessions/session.js';
import type { Settings } from '../settings/settings.js';
import { probeControlApi } from '../transport/control-probe.js';
import { SUITE_USER_AGENT } from '../transport/token-client.js';
import { type Findings, isLocalHost, path, why } from './preflight-findings.js';

export async function probePublicUrl(settings: Settings, suite: { localUrl: string; token: string } | undefined, f: Findings, timeoutMs: number): Promise<void> {
  if (!settings.publicUrl || !suite) return;
  const nonce = `preflight-${newState().slice(0, 12)}`;
  const url = joinUrl(settings.publicUrl, `images/valid.jpg?n=${nonce}`);
  try {
    await httpRequest({ method: 'GET', url, headers: { 'user-agent': SUITE_USER_AGENT }, timeoutMs });
  } catch (error) {
    if (isLocalHost(settings.publicUrl)) {
      f.problem(`SC_PUBLIC_URL: the suite's own server (receiver and image host, listening on ${suite.localUrl}, SC_LISTEN) does not answer at ${settings.publicUrl}: ${why(error)}`);
    } else {
      f.notes.push(`SC_PUBLIC_URL: ${settings.publicUrl} cannot be reached from here (${why(error)}); the target must reach it for webhooks and images`);
    }
    return;
  }
  // It answered: was it us? The suite server records every image fetch carrying ?n=.
  const seen = await httpRequest({ method: 'GET', url: joinUrl(suite.localUrl, `_suite/images?n=${nonce}`), headers: { 'x-suite-token': suite.token }, timeoutMs });
  const fetches = (JSON.parse(seen.text || '{}') as { fetches?: unknown[] }).fetches ?? [];
  if (fetches.length === 0) {
    f.problem(`SC_PUBLIC_URL: ${settings.publicUrl} answers, but another server is there: the suite's own server listens on ${suite.localUrl} (SC_LISTEN)`);
  }
}

export async function probeBaseUrl(settings: Settings, f: Findings, timeoutMs: number): Promise<boolean> {
  const url = joinUrl(settings.baseUrl, 'items/categories');
  try {
    await httpRequest({ method: 'GET', url, headers: { 'user-agent': SUITE_USER_AGENT, accept: 'application/json' }, timeoutMs });
    return true;
  } catch (error) {
    // A status line arrived: it answers (a body that never ends is the checks' to judge, not a setting).
    if (error instanceof HttpError && error.status !== undefined) return true;
    f.problem(`SC_BASE_URL: ${settings.baseUrl} does not answer (GET ${path(url)}: ${why(error)})`);
    return false;
  }
}

export async function probeAuthUrl(settings: Settings, f: Findings, timeoutMs: number): Promise<boolean> {
  const url = authorizationUrl({ authUrl: settings.authUrl, clientId: settings.clientId, redirectUri: settings.redirectUri, challenge: s256Challenge(newCodeVerifier()), state: newState() });
  try {
    const res = await httpRequest({ method: 'GET', url, headers: { 'user-agent': SUITE_USER_AGENT, accept: 'text/html' }, timeoutMs });
    if (res.status === 404) {
      f.problem(`SC_AUTH_URL: ${settings.authUrl}/auth answers 404: no authorization endpoint there`);
      return false;
    }
    if (res.status === 429 || res.status >= 500) {
      // Rate limits exist, their answer is "not shown" (spec, Limits); a 5xx is the server's failure: neither is a setting.
      f.notes.push(`SC_AUTH_URL: GET ${settings.authUrl}/auth answers ${res.status}: a failure or a throttle of the server, left to the logins and the checks`);
      return true;
    }
    if (res.status >= 400) {
      // Neither the login page nor a redirect: not an authorization endpoint, or one that refuses this client.
      const type = (res.headers['content-type'] ?? '').split(';')[0] || 'no content type';
      f.problem(`SC_AUTH_URL: GET ${settings.authUrl}/auth answers ${res.status} (${type}), not a login page or a redirect: is it the authorization endpoint, and are SC_CLIENT_ID and SC_REDIRECT_URI the registered ones?`);
      return false;
    }
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status !== undefined) return true;
    f.problem(`SC_AUTH_URL: ${settings.authUrl}/auth does not answer (${why(error)})`);
    return false;
  }
}

/**
 * SC_CONTROL_URL / SC_CONTROL_TOKEN (transport/control-probe.ts tells a control API from
 * none: any answer TARGET.md allows it is read as one). No control API there: when the run
 * requires one (SC_REQUIRE), the capability is absent (its checks not applicable, the gate
 * INCOMPLETE, naming it); so it is against the embedded reference, whose control URL no one
 * typed; a remote SC_CONTROL_URL the run does not require is a setting naming nothing: one
 * line, the run stops (exit 2), so a typo never turns a dozen MUST rules not applicable.
 */
export async function probeControl(settings: Settings, f: Findings, timeoutMs: number, required: boolean): Promise<'absent' | undefined> {
  if (!settings.controlUrl || !settings.controlToken) return undefined;
  const url = joinUrl(settings.controlUrl, 'direct-sessions');
  const found = await probeControlApi({ controlUrl: settings.controlUrl, token: settings.controlToken, username: settings.accounts[0]?.username, timeoutMs });
  if (found.kind === 'present') {
    if (found.note) f.notes.push(`SC_CONTROL_URL: ${found.note}`);
  } else if (found.kind === 'token-refused') {
    f.problem(`SC_CONTROL_TOKEN: the control API refuses the token (POST ${path(url)} → ${found.answer}; is SC_CONTROL_URL the control API?)`);
  } else if (found.kind === 'no-answer') {
    f.problem(`SC_CONTROL_URL: ${settings.controlUrl} does not answer (POST ${path(url)}: ${why(found.error)})`);
  } else if (required || settings.embedded) {
    // Required: the gate names the missing capability (INCOMPLETE). Embedded: no SC_CONTROL_URL was given to be wrong.
    const then = required ? 'the run requires one (SC_REQUIRE): the checks that need it are not applicable [no_control_api] and the run cannot pass' : 'the checks that need it are not applicable [no_control_api]';
    f.notes.push(`SC_CONTROL_URL: no control API at ${settings.controlUrl} (${found.evidence}); ${then}`);
    return 'absent';
  } else {
    // Named by the user, not required: a setting pointing at nothing, never a quiet "not applicable".
    f.problem(`SC_CONTROL_URL: no control API at ${settings.controlUrl} (${found.evidence}): unset SC_CONTROL_URL and SC_CONTROL_TOKEN to run without one`);
  }
  return undefined;
}

export async function probeToken(settings: Settings, sessions: Session[], timeoutMs: number): Promise<RefusedToken | 'not-found' | undefined> {
  const url = joinUrl(settings.baseUrl, 'items/categories');
  let refused: RefusedToken | undefined;
  // Every fresh token refused, not one: two accounts are tried when there are two.
  for (const session of sessions.slice(0, 2)) {
    const headers = { authorization: `Bearer ${session.accessToken}`, 'user-agent': SUITE_USER_AGENT, accept: 'application/json' };
    let res: Awaited<ReturnType<typeof httpRequest>>;
    try {
      res = await httpRequest({ method: 'GET', url, headers, timeoutMs });
    } catch {
      // No answer: the checks will judge it with their own evidence.
      return undefined;
    }
    if (res.status === 404) return 'not-found';
    if (res.status !== 401 && res.status !== 403) return undefined;
    const accounts = [...(refused?.accounts ?? []), session.username];
    refused = {
      requirement: TOKEN_ACCEPTED_RULE,
      message: `the API refuses a fresh access token from its own identity provider: GET ${path(url)} → ${res.status} for ${accounts.map((a) => `'${a}'`).join(' and ')}`,
      request: { method: 'GET', url: mask(url), headers: { authorization: 'Bearer ***', accept: 'application/json' } },
      status: res.status,
      bodyExcerpt: excerpt(res.text, 300),
      accounts,
    };
  }
  return refused;
}
