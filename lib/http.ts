/**
 * One HTTP exchange with hard bounds, for every part of the suite that talks to
 * a target (API client, login driver, token client, control API, cleanup).
 *
 * - An overall deadline (AbortSignal) on top of undici's headers and body
 *   inactivity timeouts: a server that trickles bytes cannot stretch a request.
 * - A cap on the body read, so a server answering gigabytes cannot exhaust memory.
 * - Redirects are never followed here: callers that follow them (the login
 *   driver) do so one hop at a time, with their own bound.
 * - Errors are `HttpError`s with one clear line: method, URL (masked), cause.
 */
import { Agent, request } from 'undici';
import { mask } from './secrets.js';

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Overall deadline for the whole exchange, headers and body. */
  timeoutMs: number;
  /** Bytes of body kept; the rest is drained and dropped (default 4 MiB). */
  maxBodyBytes?: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', ' (except set-cookie, see `setCookies`). */
  headers: Record<string, string>;
  setCookies: string[];
  body: Buffer;
  text: string;
  /** True when the body was longer than `maxBodyBytes` and cut. */
  truncated: boolean;
  durationMs: number;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

// One keep-alive agent per process; short idle timeout so a server that closes
// idle sockets early is rarely met with a stale one.
const agent = new Agent({ keepAliveTimeout: 2_000, keepAliveMaxTimeout: 10_000, connections: 32 });

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const started = performance.now();
  const signal = AbortSignal.timeout(req.timeoutMs);
  const where = `${req.method} ${mask(req.url)}`;
  try {
    const res = await request(req.url, {
      method: req.method as 'GET',
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher: agent,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    const max = req.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      if (size + buf.length > max) {
        chunks.push(buf.subarray(0, Math.max(0, max - size)));
        size = max;
        truncated = true;
        // Stop reading: destroying the body closes the socket instead of downloading the rest.
        res.body.destroy();
        break;
      }
      chunks.push(buf);
      size += buf.length;
    }
    const body = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    let setCookies: string[] = [];
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      const lower = name.toLowerCase();
      if (lower === 'set-cookie') setCookies = Array.isArray(value) ? value : [value];
      headers[lower] = Array.isArray(value) ? value.join(', ') : value;
    }
    return {
      status: res.statusCode,
      headers,
      setCookies,
      body,
      text: body.toString('utf8'),
      truncated,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const elapsed = Math.round(performance.now() - started);
    const name = (error as Error)?.name ?? '';
    const code = (error as { code?: string })?.code ?? '';
    if (signal.aborted || /Timeout/i.test(name) || /TIMEOUT/.test(code)) {
      throw new HttpError(`${where}: no complete answer within ${req.timeoutMs} ms (gave up after ${elapsed} ms)`, 'timeout');
    }
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const detail = [code, cause?.code, (error as Error)?.message].filter(Boolean).join(' ');
    throw new HttpError(`${where}: the request failed: ${mask(detail)}`, 'network');
  }
}

/** Parses a body as JSON when it is JSON; undefined otherwise (never throws). */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `new URL(relative, base)` with the base treated as a folder: `join('http://h/oauth', 'token')` is `http://h/oauth/token`. */
export function joinUrl(base: string, relative: string): string {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return new URL(relative.replace(/^\/+/, ''), folder).toString();
}
