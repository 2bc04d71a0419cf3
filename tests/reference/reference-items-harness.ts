/**
 * In-process harness for the reference's items part: an ItemsService on its
 * own Router, called with a fake request context (no HTTP, no IdP), and a tiny
 * image host on 127.0.0.1 serving the cases the spec's image rules name.
 */
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REFERENCE_ACCOUNTS, type ReferenceOptions } from '../../reference/config.js';
import { ApiError } from '../../reference/core/errors.js';
import { EventBus, type ServiceEvent } from '../../reference/core/events.js';
import { Router } from '../../reference/core/http.js';
import { ItemsService } from '../../reference/items/index.js';
import { Seam } from '../../reference/seam.js';

export interface Answer {
  status: number;
  // Parsed JSON of the reply, as a client would see it.
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field.
  body: any;
}

export interface HarnessOptions {
  defect?: string;
  variants?: string[];
  itemLimit?: number;
  pageSize?: number;
  imageTimeoutMs?: number;
}

export class ItemsHarness {
  readonly router = new Router();
  readonly events: ServiceEvent[] = [];
  readonly service: ItemsService;

  constructor(options: HarnessOptions = {}) {
    const seam = new Seam(options.defect, options.variants ?? []);
    const bus = new EventBus();
    bus.subscribe((event) => this.events.push(event));
    const referenceOptions: ReferenceOptions = {
      port: 0,
      defect: options.defect,
      variants: options.variants ?? [],
      webhookRetryMs: [],
      itemLimit: options.itemLimit ?? 5,
      pageSize: options.pageSize ?? 3,
    };
    const accounts = REFERENCE_ACCOUNTS.map((a) => ({ ...a }));
    this.service = new ItemsService({ seam, options: referenceOptions, bus, accounts, imageTimeoutMs: options.imageTimeoutMs ?? 2000 });
    this.service.registerRoutes(this.router);
  }

  /** One call as `username`; `path` may carry a query. ApiErrors become answers, as the frame does. */
  async call(username: string, method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const url = new URL(path, 'http://reference.invalid');
    try {
      const { handler, params } = this.router.resolve(method, url.pathname);
      const body = init.body === undefined ? undefined : JSON.parse(JSON.stringify(init.body));
      const reply = await handler({
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: init.headers ?? {},
        body,
        rawBody: Buffer.alloc(0),
        username,
      });
      return { status: reply.status, body: reply.body === undefined ? undefined : JSON.parse(JSON.stringify(reply.body)) };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: error.body() };
      throw error;
    }
  }

  /** Every item of GET `path` (all pages), following meta.pagination.next; fails past 100 pages. */
  async walk(username: string, path = '/items'): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let since: string | null | undefined;
    for (let pages = 1; pages <= 100; pages++) {
      const page = await this.call(username, 'GET', since ? `${path}?since=${encodeURIComponent(since)}` : path);
      if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
      ids.push(...page.body.items.map((i: { id: string }) => i.id));
      since = page.body.meta.pagination.next;
      if (!since) return { ids, pages };
    }
    throw new Error(`GET ${path}: more than 100 pages`);
  }

  async limits(username: string): Promise<{ total: number; used: number; available: number; category_ids: number[] }> {
    const answer = await this.call(username, 'GET', '/items/limits');
    return Array.isArray(answer.body) ? answer.body[0] : answer.body.limits[0];
  }
}

/** A valid create payload in Books (only optional attributes), overridable field by field. */
export function createPayload(imageUrl: string, item: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    item: {
      category_leaf_id: '400',
      title: 'A book',
      description: 'Read once',
      price: { cash_amount: 10, currency: 'EUR' },
      ...item,
    },
    main_image: { url: imageUrl },
    ...extra,
  };
}

export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF-test-bytes')]);
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-test')]);
const MiB = 1024 * 1024;

/** Streams a JPEG header then zeros, `size` bytes in all, with or without Content-Length. */
function streamJpeg(res: http.ServerResponse, size: number, declare: boolean): void {
  res.writeHead(200, declare ? { 'content-type': 'image/jpeg', 'content-length': String(size) } : { 'content-type': 'image/jpeg' });
  const zeros = Buffer.alloc(64 * 1024);
  let sent = 0;
  const pump = (): void => {
    while (sent < size && !res.destroyed) {
      const next = sent === 0 ? JPEG_BYTES : zeros;
      const n = Math.min(next.length, size - sent);
      const ok = res.write(n === next.length ? next : next.subarray(0, n));
      sent += n;
      if (!ok) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

export interface ImageHost {
  url(path: string): string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** The image cases: ok.jpg, ok.png, png-as.jpg, jpeg-as.png, octet.jpg, redirect.jpg, missing.jpg, big-declared.jpg, big-chunked.jpg, exact.jpg, stall.jpg. */
export async function startImageHost(): Promise<ImageHost> {
  const hits = new Map<string, number>();
  const server: Server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, type: string, bytes: Buffer) => res.writeHead(status, { 'content-type': type }).end(bytes);
    switch (path) {
      case '/ok.jpg':
        return send(200, 'image/jpeg', JPEG_BYTES);
      case '/ok.png':
        return send(200, 'image/png', PNG_BYTES);
      case '/png-as.jpg':
        return send(200, 'image/jpeg', PNG_BYTES);
      case '/jpeg-as.png':
        return send(200, 'image/png', JPEG_BYTES);
      case '/octet.jpg':
        return send(200, 'application/octet-stream', JPEG_BYTES);
      case '/redirect.jpg':
        return res.writeHead(302, { location: '/ok.jpg' }).end();
      case '/missing.jpg':
        return send(404, 'image/jpeg', JPEG_BYTES);
      case '/big-declared.jpg':
        return streamJpeg(res, 11 * MiB, true);
      case '/big-chunked.jpg':
        return streamJpeg(res, 10 * MiB + 1, false);
      case '/exact.jpg':
        return streamJpeg(res, 10 * MiB, false);
      case '/stall.jpg':
        return; // never answers; close() drops the socket
      default:
        return send(404, 'text/plain', Buffer.from('no such image'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
