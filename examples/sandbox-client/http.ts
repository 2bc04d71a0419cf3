/**
 * The example client's HTTP plumbing: bounded JSON calls, a one-host cookie jar
 * for the login pages, and a small server for the webhook receiver and the image
 * it lists items with. Node's own fetch and http only.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every call of the example gives up after this long: a sandbox that hangs must not hang us. */
export const TIMEOUT_MS = 10_000;

/** Thrown when the server answers something the spec does not allow; the message says what and where. */
export class Unexpected extends Error {}

export interface Answer {
  status: number;
  body: unknown;
}

/** A JSON call; `body` is sent as JSON when given. Never throws on a status: the caller judges it. */
export async function call(method: string, url: string, bearer: string | undefined, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text, the caller reports it.
  }
  return { status: res.status, body: parsed };
}

/** Cookies of the identity provider's pages (one host, paths ignored: enough for a login). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** One notification as the receiver got it: the raw body is what the signature covers. */
export interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

export interface LocalServer {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  deliveries: Delivery[];
  /** Statuses for the next notifications, in order; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

/** The smallest JPEG there is (1×1), served as the item image. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z',
  'base64',
);

/** GET /image.jpg serves the JPEG; every POST is a notification, recorded and answered from `answers`. */
export async function startLocalServer(): Promise<LocalServer> {
  const state = { deliveries: [] as Delivery[], answers: [] as number[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/image.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      state.deliveries.push({ path: req.url ?? '/', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    ...state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `ready` every 100 ms for at most `ms`; false when time runs out. */
export async function waitUntil(ready: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
