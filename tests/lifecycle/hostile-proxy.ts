/**
 * A fault-injecting HTTP proxy on 127.0.0.1, in front of a target (the embedded
 * reference started as an external server): every request is forwarded as it
 * came, except those a rule matches, which meet the rule's fault. Used by
 * tests/lifecycle/hostile-target.spec.ts. Everything it starts stops on `close()`:
 * hanging answers, drips and delays end with the sockets they hold.
 *
 *   const proxy = await startHostileProxy('http://127.0.0.1:4010', [{ path: /\/items\/categories$/, fault: 'slow-drip' }]);
 *   // point SC_BASE_URL / SC_AUTH_URL at proxy.origin + the same paths
 *   await proxy.close();
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, request as forward, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Reads the request, never answers. */
  | 'hang'
  /** Sends the upstream status line and headers and a few bytes, then resets the connection. */
  | 'reset-after-status'
  /** 503 with a JSON error, at once. */
  | 'storm-503'
  /** 200 application/json whose body does not parse. */
  | 'malformed-json'
  /** 200 application/json, 5 MiB of valid JSON (over the suite's 4 MiB cap). */
  | 'huge-body'
  /** 302 to the URL asked. */
  | 'redirect-loop'
  /** The upstream answer, one byte every 200 ms. */
  | 'slow-drip'
  /** The upstream answer labelled text/plain. */
  | 'wrong-content-type'
  /** The upstream list page with a fresh meta.pagination.next every time. */
  | 'endless-pagination'
  /** The upstream list page with every entry twice. */
  | 'duplicate-ids'
  /** The upstream answer after 20 s. */
  | 'slow-20s'
  /** 500 with an HTML page. */
  | 'html-500'
  /** 401 with a JSON error for any request carrying a bearer. */
  | 'refuse-bearer';

export interface FaultRule {
  method?: string;
  path: RegExp;
  fault: Fault;
}

export interface HostileProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** How many requests met each fault. */
  hits: Record<string, number>;
  /** Replaces the rules (a target that starts misbehaving in the middle of a run). */
  setRules(rules: FaultRule[]): void;
  close(): Promise<void>;
}

const HUGE_BYTES = 5 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Upstream {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Replaces the upstream origin by the proxy's in redirects and text bodies, so the client keeps coming back through the proxy. */
function rewrite(up: Upstream, from: string, to: string): Upstream {
  const headers = { ...up.headers };
  if (typeof headers.location === 'string') headers.location = headers.location.split(from).join(to);
  const type = String(headers['content-type'] ?? '');
  let body = up.body;
  if (/html|json|text/.test(type) && body.includes(from)) {
    body = Buffer.from(body.toString('utf8').split(from).join(to));
    headers['content-length'] = String(body.length);
  }
  return { ...up, headers, body };
}

function send(res: ServerResponse, up: Upstream): void {
  const headers: Record<string, string | string[]> = { ...up.headers, 'content-length': String(up.body.length) };
  delete headers['transfer-encoding'];
  res.writeHead(up.status, headers);
  res.end(up.body);
}

/** The list page with `mutate` applied to its parsed body (unchanged when it is not JSON). */
function mutateJson(up: Upstream, mutate: (body: Record<string, unknown>) => void): Upstream {
  try {
    const body = JSON.parse(up.body.toString('utf8')) as Record<string, unknown>;
    mutate(body);
    return { ...up, body: Buffer.from(JSON.stringify(body)) };
  } catch {
    return up;
  }
}

const listOf = (body: Record<string, unknown>): unknown[] | undefined => {
  if (Array.isArray(body)) return body;
  const key = Object.keys(body).find((k) => Array.isArray(body[k]));
  return key ? (body[key] as unknown[]) : undefined;
};

export function startHostileProxy(upstreamOrigin: string, initialRules: FaultRule[]): Promise<HostileProxy> {
  let rules = initialRules;
  const upstream = new URL(upstreamOrigin);
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const hits: Record<string, number> = {};
  let origin = '';

  const fetchUpstream = (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host };
      const up = forward({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers as Record<string, string | string[]>, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      up.setTimeout(30_000, () => up.destroy(new Error('upstream timeout')));
      up.on('error', reject);
      up.end(body);
    });

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const rule = rules.find((r) => (!r.method || r.method === req.method) && r.path.test(path));
    const fault = rule?.fault;
    if (fault) hits[fault] = (hits[fault] ?? 0) + 1;
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return;
    }
    const json = (status: number, value: unknown, type = 'application/json') => send(res, { status, headers: { 'content-type': type }, body: Buffer.from(JSON.stringify(value)) });
    const proxied = async (): Promise<Upstream | undefined> => {
      try {
        return rewrite(await fetchUpstream(req, body), upstreamOrigin, origin);
      } catch {
        res.destroy();
        return undefined;
      }
    };

    switch (fault) {
      case 'hang':
        return; // the socket stays open until the client gives up or the proxy closes
      case 'storm-503':
        return json(503, { code: 'SERVICE_UNAVAILABLE', message: 'try again later' });
      case 'malformed-json':
        return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"categories": [{"id": 1, "name": ') });
      case 'huge-body': {
        const pad = 'x'.repeat(HUGE_BYTES);
        return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"categories":[],"pad":"${pad}"}`) });
      }
      case 'redirect-loop':
        res.writeHead(302, { location: req.url ?? '/', 'content-length': '0' });
        return res.end();
      case 'html-500':
        return send(res, { status: 500, headers: { 'content-type': 'text/html' }, body: Buffer.from('<html><head><title>Internal Server Error</title></head><body><h1>500</h1></body></html>') });
      case 'refuse-bearer':
        if (/^Bearer /i.test(String(req.headers.authorization ?? ''))) return json(401, { code: 'UNAUTHORIZED', message: 'token refused' });
        break;
      default:
        break;
    }

    const up = await proxied();
    if (!up) return;
    switch (fault) {
      case 'reset-after-status': {
        const headers: Record<string, string | string[]> = { ...up.headers, 'content-length': String(up.body.length) };
        delete headers['transfer-encoding'];
        res.writeHead(up.status, headers);
        res.write(up.body.subarray(0, 8));
        later(50, () => req.socket.destroy());
        return;
      }
      case 'slow-drip': {
        const headers: Record<string, string | string[]> = { ...up.headers, 'content-length': String(up.body.length) };
        delete headers['transfer-encoding'];
        res.writeHead(up.status, headers);
        let i = 0;
        const drip = () => {
          if (res.destroyed || i >= up.body.length) return res.end();
          res.write(up.body.subarray(i, ++i));
          later(200, drip);
        };
        drip();
        return;
      }
      case 'wrong-content-type':
        return send(res, { ...up, headers: { ...up.headers, 'content-type': 'text/plain' } });
      case 'endless-pagination':
        return send(
          res,
          mutateJson(up, (b) => {
            b.meta = { ...(b.meta as object), pagination: { next: `more-${randomBytes(6).toString('hex')}` } };
          }),
        );
      case 'duplicate-ids':
        return send(
          res,
          mutateJson(up, (b) => {
            const list = listOf(b);
            if (list && list.length > 0) list.push(...list.map((e) => ({ ...(e as object) })));
          }),
        );
      case 'slow-20s':
        later(20_000, () => {
          if (!res.destroyed) send(res, up);
        });
        return;
      default:
        return send(res, up);
    }
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        origin,
        hits,
        setRules: (next) => {
          rules = next;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const t of timers) clearTimeout(t);
            timers.clear();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
