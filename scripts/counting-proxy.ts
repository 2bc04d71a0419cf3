/**
 * A counting proxy: what a target sees of a run, measured where the target
 * measures it (issue 41). A node:http proxy on 127.0.0.1 in front of one
 * origin that holds every exchange for a round trip (half before forwarding
 * the request, half before answering) and records:
 *
 * - the time each API request left for the target (the arrival as the target
 *   sees it, but for the loopback), by the account its bearer belongs to;
 * - each token request by `grant_type`, with its time;
 * - each 429.
 *
 * An opaque bearer is tied to its account by what passed through the proxy
 * before it, as an observer of the wire could: the login form's user field
 * (`userField`), tied by the login's cookies to the redirect that carries the
 * code; the code (or refresh token, or a direct session's username) in a token
 * or direct-session request, tied to the tokens its answer carries. A bearer
 * the proxy never saw issued is counted as `(unknown bearer)`; a request
 * without one as `(no bearer)`.
 *
 *   const proxy = await startCountingProxy('http://127.0.0.1:4010', { rttMs: 300, apiPath: '/api', userField: 'username' });
 *   … run against proxy.url …;  proxy.peakPerAccount(1000);  proxy.tokenPeak(300_000);  await proxy.close();
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { peakInWindow } from '../results/budget-files.js';

export interface CountingProxyOptions {
  rttMs: number;
  /** The path under which the API is served (SC_BASE_URL's path): only its requests count per account. */
  apiPath: string;
  /** The login form's user field (SC_LOGIN_FIELDS' first name). */
  userField: string;
}

export interface CountingProxy {
  url: string;
  readonly requests: number;
  readonly status429: number;
  /** Per account: how many API requests arrived in the busiest `windowMs` (any window, not clock seconds). */
  peakPerAccount(windowMs?: number): Record<string, number>;
  /** Token requests per grant type, all of them. */
  grants(): Record<string, number>;
  /** Per grant type: the most token requests in any `windowMs` (the identity provider's 5 minutes). */
  tokenPeak(windowMs?: number): Record<string, number>;
  close(): Promise<void>;
}

const cookiePairs = (header: string | undefined) => (header ?? '').split(';').map((p) => p.trim()).filter(Boolean);

function params(body: string, contentType: string | undefined): Record<string, string> {
  try {
    if ((contentType ?? '').includes('json')) return JSON.parse(body) as Record<string, string>;
    return Object.fromEntries(new URLSearchParams(body));
  } catch {
    return {};
  }
}

export async function startCountingProxy(upstream: string, options: CountingProxyOptions): Promise<CountingProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const half = options.rttMs / 2;
  const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
  const state = { requests: 0, status429: 0 };
  const arrivals = new Map<string, number[]>();
  const tokenTimes = new Map<string, number[]>();
  /** Who a cookie, code, access or refresh token belongs to. */
  const owner = new Map<string, string>();
  const record = (into: Map<string, number[]>, key: string, at: number) => {
    const list = into.get(key) ?? [];
    list.push(at);
    into.set(key, list);
  };

  /** Ties what the answer carries (a code in its redirect, tokens in its body) to the account its request named. */
  function learn(req: IncomingMessage, sent: Record<string, string>, location: string | undefined, body: string) {
    const cookies = cookiePairs(req.headers.cookie);
    const named =
      sent[options.userField] ??
      (sent.grant_type === 'authorization_code' ? owner.get(`code:${sent.code}`) : undefined) ??
      (sent.grant_type === 'refresh_token' ? owner.get(sent.refresh_token) : undefined) ??
      (typeof sent.username === 'string' ? sent.username : undefined) ??
      cookies.map((c) => owner.get(`cookie:${c}`)).find(Boolean);
    if (!named) return;
    if (sent[options.userField]) for (const c of cookies) owner.set(`cookie:${c}`, named);
    const code = location ? new URL(location, 'http://x').searchParams.get('code') : null;
    if (code) owner.set(`code:${code}`, named);
    const answer = params(body, 'json');
    for (const key of ['access_token', 'refresh_token', 'accessToken', 'refreshToken']) {
      if (typeof answer[key] === 'string') owner.set(answer[key], named);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const sentBody = Buffer.concat(chunks);
      const sent = params(sentBody.toString(), req.headers['content-type']);
      await wait(half);
      const now = Date.now();
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST' && typeof sent.grant_type === 'string') record(tokenTimes, sent.grant_type, now);
      else if (req.method === 'POST' && path.endsWith('/token')) record(tokenTimes, '(none)', now);
      if (path === options.apiPath || path.startsWith(`${options.apiPath}/`)) {
        const bearer = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
        record(arrivals, bearer ? (owner.get(bearer) ?? '(unknown bearer)') : '(no bearer)', now);
      }
      const headers = { ...req.headers, host: target.host };
      const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', async () => {
          if (answer.statusCode === 429) state.status429++;
          const text = Buffer.concat(body);
          learn(req, sent, answer.headers.location, text.length < 100_000 ? text.toString() : '');
          await wait(half);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
        answer.on('error', () => res.destroy());
      });
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      up.end(sentBody);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  const peaks = (from: Map<string, number[]>, windowMs: number) =>
    Object.fromEntries([...from].map(([k, times]) => [k, peakInWindow([...times].sort((a, b) => a - b), windowMs)]));
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get status429() {
      return state.status429;
    },
    peakPerAccount: (windowMs = 1000) => peaks(arrivals, windowMs),
    grants: () => Object.fromEntries([...tokenTimes].map(([k, t]) => [k, t.length])),
    tokenPeak: (windowMs = 300_000) => peaks(tokenTimes, windowMs),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
        agent.destroy();
      }),
  };
}
