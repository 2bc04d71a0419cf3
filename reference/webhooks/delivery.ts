import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How one delivery attempt ended; only `ok` confirms receipt (a 2xx answer). */
export type AttemptResult = { ok: true; status: number } | { ok: false; status?: number; error?: string };

export interface Outgoing {
  /** The subscribed URL exactly as given: its path and query string are sent byte for byte. */
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * POSTs one notification. Never throws and never hangs: the whole exchange
 * (connect, headers, body) is bounded by `timeoutMs`, after which the socket is
 * destroyed and the attempt counts as failed. `track` lets the caller abort
 * in-flight requests on shutdown.
 */
export function postOnce(out: Outgoing, track: Set<ClientRequest>): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(out.url);
    } catch {
      resolve({ ok: false, error: 'the subscribed URL does not parse' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let req: ClientRequest;
    try {
      req = send({
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || undefined,
        path: rawPathAndQuery(out.url),
        method: 'POST',
        // A fresh connection per attempt: no pooled socket outlives the attempt or keeps a test server open.
        agent: false,
        headers: { ...out.headers, 'Content-Length': String(out.body.length), Connection: 'close' },
      });
    } catch (err) {
      // e.g. characters Node refuses in a request path: a failed attempt, never a crash.
      resolve({ ok: false, error: err instanceof Error ? err.message : 'request refused' });
      return;
    }
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      track.delete(req);
      resolve(result);
    };
    track.add(req);
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, error: `no answer within ${out.timeoutMs} ms` });
    }, out.timeoutMs);
    timer.unref();
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      // Only the status matters; the answer's content is ignored.
      // Drained within the same bound: a body that never ends cannot hold the socket open.
      const drain = setTimeout(() => req.destroy(), out.timeoutMs);
      drain.unref();
      res.resume();
      res.on('error', () => undefined);
      res.on('end', () => {
        clearTimeout(drain);
        req.destroy();
      });
      finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status });
    });
    req.on('error', (err) => finish({ ok: false, error: err.message }));
    req.end(out.body);
  });
}

/**
 * The request target as the subscriber wrote it: everything after the authority,
 * without the fragment (never sent over HTTP). Not re-serialised through `URL`,
 * so the query string arrives exactly as subscribed.
 */
export function rawPathAndQuery(url: string): string {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const start = afterScheme.search(/[/?#]/);
  if (start < 0) return '/';
  let rest = afterScheme.slice(start);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  if (rest.startsWith('?')) rest = `/${rest}`;
  return rest === '' ? '/' : rest;
}
