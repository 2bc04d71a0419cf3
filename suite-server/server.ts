/**
 * The suite's own HTTP server: ONE per run, started by global setup in the
 * runner process (so a fixed SC_LISTEN port works with many workers).
 *
 *   POST /hooks/<key>?…              webhook receiver: records the delivery, answers the scripted status
 *   GET  /images/…                   image host (suite-server/image-host.ts)
 *   GET  /_suite/hooks/<key>         deliveries recorded for a key          } loopback control routes for
 *   PUT  /_suite/hooks/<key>/script  {statuses: (status | {status, delayMs})[]} } workers, protected by the
 *   GET  /_suite/images?n=<n>        fetches of images carrying ?n=<n>      } header x-suite-token
 *   POST /_suite/pace {key, limit, windowMs?}  when a worker may send one   }
 *        request ({id, waitMs}), or {retryMs}: ask again (transport/pacing-window.ts) }
 *        {key, done: id, at}         that request's answer came back at `at`  }
 *        {key, holdMs}               a 429 said wait: hold the key            }
 *   POST /_suite/sessions {sessions} sessions the preflight opened           }
 *   POST /_suite/sessions/take {username}  one of them, once (404: none)     }
 *
 * Workers reach it through clients/receiver-client.ts. Nothing here knows the target.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveImage } from './image-host.js';
import { PaceSchedule } from '../transport/pacing-window.js';

/** One notification (or any request) received at /hooks/<key>. */
export interface HookRequest {
  /** Epoch ms at which the request was complete. */
  at: number;
  method: string;
  /** Path and query exactly as received. */
  url: string;
  /** Query parameters (last value wins). */
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Raw body bytes, base64: signatures are computed over the exact bytes. */
  bodyBase64: string;
  /** The status the receiver answered. */
  answered: number;
}

export interface ImageFetch {
  at: number;
  method: string;
  path: string;
}

export interface SuiteServer {
  /** http://host:port of the listening socket (loopback address for workers). */
  localUrl: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const MAX_DELIVERIES_PER_KEY = 500;
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** One scripted answer: its status, given after `delayMs` (a slow receiver). */
export interface ScriptedAnswer {
  status: number;
  delayMs: number;
}

/** How long a scripted answer may be held back: well under the server's own request timeout. */
export const MAX_ANSWER_DELAY_MS = 10_000;

interface HookState {
  deliveries: HookRequest[];
  script: ScriptedAnswer[];
}

/** A script entry as sent (a status, or {status, delayMs}), or undefined when it is not one. */
function scriptedAnswer(entry: unknown): ScriptedAnswer | undefined {
  const { status, delayMs = 0 } = typeof entry === 'number' ? { status: entry } : ((entry ?? {}) as { status?: unknown; delayMs?: unknown });
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599) return undefined;
  if (!Number.isInteger(delayMs) || (delayMs as number) < 0 || (delayMs as number) > MAX_ANSWER_DELAY_MS) return undefined;
  return { status: status as number, delayMs: delayMs as number };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function tokenMatches(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startSuiteServer(options: { host: string; port: number; token: string }): Promise<SuiteServer> {
  const hooks = new Map<string, HookState>();
  const imageFetches = new Map<string, ImageFetch[]>();
  // The run's one request schedule: every worker asks it before an API request (transport/pacing.ts).
  const pace = new PaceSchedule();
  // Sessions handed on from the preflight to the first worker that needs the account (sessions/session-broker.ts).
  const handed = new Map<string, unknown>();
  const hook = (key: string): HookState => {
    let state = hooks.get(key);
    if (!state) {
      state = { deliveries: [], script: [] };
      hooks.set(key, state);
    }
    return state;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://suite.invalid');
    const path = url.pathname;
    const parts = path.split('/').filter(Boolean);

    if (parts[0] === 'hooks' && parts.length === 2 && KEY.test(parts[1])) {
      const body = await readBody(req, MAX_BODY);
      const state = hook(parts[1]);
      const { status: answered, delayMs } = state.script.shift() ?? { status: 200, delayMs: 0 };
      if (state.deliveries.length < MAX_DELIVERIES_PER_KEY) {
        state.deliveries.push({
          at: Date.now(),
          method: req.method ?? 'GET',
          url: req.url ?? path,
          query: Object.fromEntries(url.searchParams),
          headers: flatHeaders(req),
          bodyBase64: body.toString('base64'),
          answered,
        });
      }
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (!res.destroyed) json(res, answered, { received: true });
      return;
    }

    if (parts[0] === 'images') {
      const n = url.searchParams.get('n');
      if (n) {
        const list = imageFetches.get(n) ?? [];
        if (list.length < MAX_DELIVERIES_PER_KEY) list.push({ at: Date.now(), method: req.method ?? 'GET', path });
        imageFetches.set(n, list);
      }
      if (serveImage(req, res, path)) return;
    }

    if (parts[0] === '_suite') {
      if (!tokenMatches(req.headers['x-suite-token'], options.token)) return json(res, 401, { error: 'x-suite-token required' });
      if (parts[1] === 'hooks' && parts.length === 3 && KEY.test(parts[2]) && req.method === 'GET') {
        return json(res, 200, { deliveries: hook(parts[2]).deliveries });
      }
      if (parts[1] === 'hooks' && parts.length === 4 && parts[3] === 'script' && KEY.test(parts[2]) && req.method === 'PUT') {
        let statuses: unknown;
        try {
          statuses = (JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}') as { statuses?: unknown }).statuses;
        } catch {
          statuses = undefined;
        }
        const script = Array.isArray(statuses) ? statuses.map(scriptedAnswer) : [undefined];
        if (script.some((a) => a === undefined)) {
          return json(res, 400, { error: `statuses must be an array of HTTP statuses 200..599, or {status, delayMs} with delayMs 0..${MAX_ANSWER_DELAY_MS}` });
        }
        hook(parts[2]).script = script as ScriptedAnswer[];
        return json(res, 200, { script: statuses });
      }
      if (parts[1] === 'pace' && parts.length === 2 && req.method === 'POST') {
        let ask: { key?: unknown; limit?: unknown; holdMs?: unknown; windowMs?: unknown; done?: unknown; at?: unknown };
        try {
          ask = JSON.parse((await readBody(req, 4096)).toString('utf8') || '{}');
        } catch {
          ask = {};
        }
        if (typeof ask.key !== 'string') return json(res, 400, { error: 'key must be a string' });
        if (typeof ask.holdMs === 'number' && ask.holdMs >= 0) {
          pace.hold(ask.key, Math.min(ask.holdMs, 60_000));
          return json(res, 200, { waitMs: 0 });
        }
        if (typeof ask.done === 'number') {
          pace.done(ask.key, ask.done, typeof ask.at === 'number' ? ask.at : Date.now());
          return json(res, 200, {});
        }
        if (typeof ask.limit !== 'number' || !(ask.limit > 0)) return json(res, 400, { error: 'limit must be a positive number' });
        const windowMs = typeof ask.windowMs === 'number' && ask.windowMs >= 1 && ask.windowMs <= 600_000 ? ask.windowMs : undefined;
        return json(res, 200, pace.grant(ask.key, ask.limit, Date.now(), windowMs));
      }
      if (parts[1] === 'sessions' && req.method === 'POST') {
        let body: { sessions?: unknown; username?: unknown };
        try {
          body = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}');
        } catch {
          body = {};
        }
        if (parts.length === 2 && Array.isArray(body.sessions)) {
          for (const s of body.sessions as { username?: unknown }[]) if (typeof s?.username === 'string') handed.set(s.username, s);
          return json(res, 200, { deposited: body.sessions.length });
        }
        if (parts.length === 3 && parts[2] === 'take' && typeof body.username === 'string') {
          const session = handed.get(body.username);
          handed.delete(body.username);
          return session ? json(res, 200, session) : json(res, 404, { error: 'no session for that account' });
        }
        return json(res, 400, { error: 'expected {sessions: [...]} or /take {username}' });
      }
      if (parts[1] === 'images' && req.method === 'GET') {
        return json(res, 200, { fetches: imageFetches.get(url.searchParams.get('n') ?? '') ?? [] });
      }
    }

    json(res, 404, { error: `no route ${req.method} ${path}` });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String((error as Error)?.message ?? error) });
      else res.destroy();
    });
  });
  // Bounded waits on our side too: a client that never finishes its request is dropped.
  server.requestTimeout = 60_000;
  server.headersTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const localHost = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  return {
    localUrl: `http://${localHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
