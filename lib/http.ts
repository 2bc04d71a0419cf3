/**
 * One HTTP exchange with hard bounds, for every part of the suite that talks to
 * a target (API client, login driver, token client, control API, cleanup).
 *
 * - One deadline (AbortSignal) for the whole exchange: connecting, the status
 *   line and headers, and every byte of the body. undici's own headers and body
 *   timeouts only bound silence; a server that trickles one byte every 200 ms
 *   is cut at the deadline all the same (tests/harness-http.spec.ts).
 * - A cap on the body read, so a server answering gigabytes cannot exhaust
 *   memory: the answer says `truncated` (the caller must not judge a cut body).
 * - Redirects are never followed here: callers that follow them (the login
 *   driver) do so one hop at a time, with their own bound.
 * - Errors are `HttpError`s with one clear line: method, URL (masked), what
 *   failed and when. What did arrive is kept: a status line received before a
 *   reset or a deadline stays on the error (`status`, `headers`, `partial`).
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

/** Where an exchange stood when it failed. */
export type HttpPhase = 'connect' | 'headers' | 'body';

/** What had arrived when an exchange failed: nothing, or a status line, headers and part of the body. */
export interface PartialAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body bytes read before the failure (at most the body cap). */
  partial: Buffer;
}

export class HttpError extends Error {
  /** The status received before the failure (a reset or a deadline after the status line), else undefined. */
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly partial?: Buffer;
  /** 'connect': no connection; 'headers': connected, no status line; 'body': the status line came, the body did not end. */
  readonly phase: HttpPhase;
  readonly elapsedMs: number;
  /** Set when the request was not sent: the same operation failed so `count` times in a row earlier in the run (transport/target-health.ts). */
  readonly remembered?: { count: number; first: string };

  constructor(
    message: string,
    readonly kind: 'timeout' | 'network',
    details: { phase?: HttpPhase; answer?: PartialAnswer; elapsedMs?: number; remembered?: { count: number; first: string } } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.phase = details.phase ?? (details.answer ? 'body' : 'headers');
    this.status = details.answer?.status;
    this.headers = details.answer?.headers;
    this.partial = details.answer?.partial;
    this.elapsedMs = details.elapsedMs ?? 0;
    this.remembered = details.remembered;
  }

  /** A short phrase for step titles and evidence: "no answer in time", "401, then the connection reset"… */
  get summary(): string {
    if (this.remembered) return 'not sent: failed earlier in this run';
    if (this.status !== undefined) return `${this.status}, then ${this.kind === 'timeout' ? 'the body did not end in time' : 'the connection failed'}`;
    if (this.kind === 'timeout') return 'no answer in time';
    return this.phase === 'connect' ? 'connection refused' : 'connection failed';
  }
}

// Error codes that mean no connection was made (nothing reached the server).
const CONNECT_CODES = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT/;

// One keep-alive agent per process; short idle timeout so a server that closes
// idle sockets early is rarely met with a stale one.
const agent = new Agent({ keepAliveTimeout: 2_000, keepAliveMaxTimeout: 10_000, connections: 32 });

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

function headersOf(raw: Record<string, string | string[] | undefined>): { headers: Record<string, string>; setCookies: string[] } {
  const headers: Record<string, string> = {};
  let setCookies: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') setCookies = Array.isArray(value) ? value : [value];
    headers[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers, setCookies };
}

export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const started = performance.now();
  const signal = AbortSignal.timeout(req.timeoutMs);
  const where = `${req.method} ${mask(req.url)}`;
  // What arrived so far, kept for the error when the exchange fails half-way.
  let answer: PartialAnswer | undefined;
  const chunks: Buffer[] = [];
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
    const received = headersOf(res.headers);
    answer = { status: res.statusCode, headers: received.headers, partial: Buffer.alloc(0) };
    const max = req.maxBodyBytes ?? DEFAULT_MAX_BODY;
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
    return {
      status: res.statusCode,
      headers: received.headers,
      setCookies: received.setCookies,
      body,
      text: body.toString('utf8'),
      truncated,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const elapsedMs = Math.round(performance.now() - started);
    const name = (error as Error)?.name ?? '';
    const code = (error as { code?: string })?.code ?? '';
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    if (answer) answer.partial = Buffer.concat(chunks);
    const got = answer ? `status ${answer.status} received, then ${answer.partial.length} byte${answer.partial.length === 1 ? '' : 's'} of body` : '';
    if (signal.aborted || /Timeout/i.test(name) || /TIMEOUT/.test(code)) {
      const phase: HttpPhase = answer ? 'body' : 'headers';
      const what = answer ? `the body did not end within ${req.timeoutMs} ms (${got})` : `no answer within ${req.timeoutMs} ms`;
      throw new HttpError(`${where}: ${what} (gave up after ${elapsedMs} ms)`, 'timeout', { phase, answer, elapsedMs });
    }
    const detail = mask([code, cause?.code, (error as Error)?.message].filter(Boolean).join(' '));
    if (answer) {
      throw new HttpError(`${where}: ${got}, then the connection failed: ${detail}`, 'network', { phase: 'body', answer, elapsedMs });
    }
    const phase: HttpPhase = CONNECT_CODES.test(`${code} ${cause?.code ?? ''}`) ? 'connect' : 'headers';
    throw new HttpError(`${where}: the request failed${phase === 'headers' ? ' before a status line' : ''}: ${detail}`, 'network', { phase, elapsedMs });
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
