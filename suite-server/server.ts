/**
 * The suite's own HTTP server: ONE per run, started by global setup in the
 * runner process (so a fixed SC_LISTEN port works with many workers).
 *
 *   POST /hooks/<key>?…              webhook receiver: records the delivery, answers the scripted status
 *   GET  /images/…                   image host (suite-server/image-host.ts)
 *   GET  /_suite/hooks/<key>         deliveries recorded for a key          } loopback control routes for
 *   PUT  /_suite/hooks/<key>/script  {statuses: (status | {status, delayMs})[]} } workers, protected by the
 *   GET  /_suite/images?n=<n>        fetches of images carrying ?n=<n>      } header x-suite-token
 *   POST /_suite/pace …              the run's request schedule               }
 *   POST /_suite/sessions[/take] …   sessions handed on (suite-server/run-desk.ts) }
 *
 * Workers reach it through clients/receiver-client.ts. Nothing here knows the target.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveImage } from './image-host.js';
import { RunDesk } from './run-desk.js';

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

/** A JSON body as an object; anything else as an empty one (the desk answers 400 for what it lacks). */
function parsed(body: Buffer): Record<string, unknown> {
  try {
    const value = JSON.parse(body.toString('utf8') || '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
  // The run's schedule and handed-on sessions (suite-server/run-desk.ts).
  const desk = new RunDesk();
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
        const answer = desk.pace(parsed(await readBody(req, 4096)));
        return json(res, answer.status, answer.body);
      }
      if (parts[1] === 'sessions' && req.method === 'POST' && parts.length <= 3) {
        const answer = desk.sessions(parts[2] === 'take', parsed(await readBody(req, MAX_BODY)));
        return json(res, answer.status, answer.body);
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
