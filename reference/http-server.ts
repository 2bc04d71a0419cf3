import { referenceDebug } from './config.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, OAuthError } from './core/errors.js';
import type { Reply, RequestContext, Router } from './core/http.js';
import { type BodyKind, ClientGone, parseBody, readBody } from './http-body.js';
import { networkDelay } from './latency.js';

/**
 * The reference's HTTP frame: one node:http server, URL prefixes ("mounts")
 * each with its router, body syntax, guard and error shape, and a last-resort
 * catch so that no request can crash the process or hang.
 */

/** One part of the URL space, e.g. `/api` with the bearer check. */
export interface Mount {
  prefix: string;
  router: Router;
  bodyKind: BodyKind;
  /** Runs before routing: returns the username for `ctx.username`, or throws to refuse (e.g. 401); async when it asks an external identity provider. */
  guard?: (req: IncomingMessage) => string | undefined | Promise<string | undefined>;
  /** Turns a refusal (ApiError, OAuthError) into this mount's error reply. */
  fail: (err: ApiError | OAuthError) => Reply;
  /** Last look at every reply of this mount before it is written, with the request it answers (defects of the general group, evasions). */
  finish?: (reply: Reply, req: IncomingMessage) => Reply;
}

/** Counters the tests read: a 500 is a bug of the reference, and the robustness test asserts none. */
export interface FrameStats {
  requests: number;
  serverErrors: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a Reply; never throws (a reply that cannot be written becomes a counted 500). */
export function send(res: ServerResponse, reply: Reply, stats?: FrameStats): void {
  if (res.headersSent || res.destroyed) return;
  try {
    const headers: Record<string, string | number> = { ...reply.headers };
    let payload = '';
    if (reply.raw) {
      headers['content-type'] = reply.raw.contentType;
      payload = reply.raw.text;
    } else if (reply.body !== undefined && reply.status !== 204 && reply.status !== 304) {
      headers['content-type'] = JSON_TYPE;
      payload = JSON.stringify(reply.body);
    }
    headers['content-length'] = Buffer.byteLength(payload);
    res.writeHead(reply.status, headers);
    res.end(payload);
  } catch (err) {
    lastResort(res, err, 'writing the reply', stats);
  }
}

/** The one place a 500 is answered: counted, logged without request data (it may hold secrets). */
function lastResort(res: ServerResponse, err: unknown, where: string, stats?: FrameStats): void {
  if (stats) stats.serverErrors++;
  const detail = referenceDebug() ? ` ${err instanceof Error ? err.stack : String(err)}` : '';
  console.error(`reference: unexpected error while ${where} (answered 500; REFERENCE_DEBUG=1 shows the stack)${detail}`);
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const payload = JSON.stringify({ code: 'INTERNAL_ERROR', message: 'the reference server failed unexpectedly' });
  res.writeHead(500, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(payload), connection: 'close' });
  res.end(payload);
}

function isRefusal(err: unknown): err is ApiError | OAuthError {
  return err instanceof ApiError || err instanceof OAuthError;
}

/** Serves one request on a mount: guard, route, body, handler, reply. */
export async function dispatch(
  mount: Mount,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  stats?: FrameStats,
): Promise<void> {
  let reply: Reply;
  try {
    const username = await mount.guard?.(req);
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(mount.prefix.length) || '/';
    const { handler, params } = mount.router.resolve(method, path);
    const rawBody = await readBody(req);
    const body = parseBody(rawBody, req.headers['content-type'], mount.bodyKind);
    const ctx: RequestContext = { method, path, params, query: url.searchParams, headers: req.headers, body, rawBody, username };
    reply = await handler(ctx);
  } catch (err) {
    if (err instanceof ClientGone) return;
    if (!isRefusal(err)) {
      lastResort(res, err, `serving ${req.method} ${url.pathname}`, stats);
      return;
    }
    try {
      reply = mount.fail(err);
    } catch (failErr) {
      lastResort(res, failErr, 'shaping an error reply', stats);
      return;
    }
  }
  send(res, mount.finish ? mount.finish(reply, req) : reply, stats);
}

/**
 * The request target as a URL. Origin-form targets are appended to a fixed
 * origin rather than resolved against it, so `//host/path` stays a path.
 */
export function requestUrl(target: string | undefined): URL {
  const raw = target ?? '/';
  return raw.startsWith('/') ? new URL(`http://reference.invalid${raw}`) : new URL(raw);
}

/** Mounts by prefix, plus the free routes every server has (`GET /health`). */
export class Frame {
  readonly stats: FrameStats = { requests: 0, serverErrors: 0 };

  /** `latencyMs`: the round trip every answer pays (REFERENCE_LATENCY_MS, reference/latency.ts); 0 on the loopback. */
  constructor(
    private readonly mounts: Mount[],
    private readonly latencyMs = 0,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.stats.requests++;
    try {
      await networkDelay(res, this.latencyMs);
      const url = requestUrl(req.url);
      const path = url.pathname;
      if (path === '/health' || path === '/oauth/health') {
        send(res, { status: 200, body: { status: 'ok' } }, this.stats);
        return;
      }
      const mount = this.mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`));
      if (!mount) {
        send(res, { status: 404, body: { code: 'NOT_FOUND', message: `no resource at ${path}` } }, this.stats);
        return;
      }
      await dispatch(mount, req, res, url, this.stats);
    } catch (err) {
      // new URL() refuses some request targets; anything else here is a bug.
      if (err instanceof TypeError && /Invalid URL/.test(err.message)) {
        send(res, { status: 400, body: { code: 'INVALID_REQUEST', message: 'the request target is not a valid path' } });
      } else lastResort(res, err, 'routing a request', this.stats);
    }
  }
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** Answers HTTP parse errors (bad request line, huge headers) and timeouts with a JSON body instead of a bare close. */
function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const code = err.code ?? '';
  const known = CLIENT_ERROR_STATUS[code] ?? (code.startsWith('HPE_') ? [400, 'Bad Request'] : undefined);
  if (!socket.writable || !known) {
    socket.destroy();
    return;
  }
  const [status, reason] = known;
  // Before routing we cannot tell /oauth (OAuth shape) from /api (spec shape): the body carries both.
  const message = `the request could not be served: ${reason}`;
  const payload = JSON.stringify({ code: 'INVALID_REQUEST', message, error: 'invalid_request', error_description: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
  );
}

/** A node:http server with every wait bounded: headers 10 s, whole request 30 s, idle keep-alive 5 s. */
export function createFrameServer(frame: Frame): Server {
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
    void frame.handle(req, res);
  });
  server.on('clientError', onClientError);
  return server;
}
