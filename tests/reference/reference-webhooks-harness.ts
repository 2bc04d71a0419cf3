/**
 * In-process harness for the reference's webhooks and transactions parts, apart
 * from the frame: a minimal node:http server mounting one Router, where the
 * bearer is the username itself (`Authorization: Bearer pro-1`), and a local
 * receiver that records notifications and answers as scripted.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { ApiError } from '../../reference/core/errors.js';
import { EventBus } from '../../reference/core/events.js';
import { Router } from '../../reference/core/http.js';
import { Seam } from '../../reference/seam.js';
import { WebhooksService } from '../../reference/webhooks/index.js';

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field.
  body: any;
}

export interface Api {
  base: string;
  call(method: string, path: string, options?: { user?: string; body?: unknown; raw?: string }): Promise<Answer>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startApi(mount: (router: Router) => void): Promise<Api> {
  const router = new Router();
  mount(router);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://harness');
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    let status = 500;
    let body: unknown;
    try {
      const { handler, params } = router.resolve(req.method ?? 'GET', url.pathname);
      let parsed: unknown;
      if (rawBody.length > 0) {
        try {
          parsed = JSON.parse(rawBody.toString('utf8'));
        } catch {
          throw new ApiError(400, 'INVALID_BODY_REQUEST', 'not JSON');
        }
      }
      const reply = await handler({
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: req.headers,
        body: parsed,
        rawBody,
        username: auth?.[1],
      });
      status = reply.status;
      body = reply.status === 204 ? undefined : reply.body;
    } catch (err) {
      if (err instanceof ApiError) {
        status = err.status;
        body = err.body();
      } else body = { code: 'HARNESS_500', message: String(err) };
    }
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, text ? { 'content-type': 'application/json' } : {});
    res.end(text);
  });
  const base = await listen(server);
  return {
    base,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.user) headers.authorization = `Bearer ${options.user}`;
      let payload: string | undefined = options.raw;
      if (options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + path, { method, headers, body: payload });
      const text = await res.text();
      return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
    },
    close: () => closeServer(server),
  };
}

/** A check that pro-1's one call answers `status`: for a defect seen in a status alone. */
export function answers(status: number, method: string, path: string, body?: unknown): (rig: { api: Api }) => Promise<void> {
  return async (rig) => {
    expect((await rig.api.call(method, path, { user: 'pro-1', body })).status).toBe(status);
  };
}

/** One notification as the receiver got it. */
export interface Received {
  /** The request target: path and query string exactly as sent. */
  target: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: notifications are read field by field.
  json: any;
  at: number;
}

/** What to answer to the n-th request (0-based): a status, or 'hang' (never answer). */
export type Script = (n: number, received: Received) => number | 'hang';

export interface Receiver {
  /** Base URL; append a path and query of your own. */
  base: string;
  received: Received[];
  script: Script;
  /** Resolves once at least `count` notifications arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(script: Script = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const receiver = { received, script } as Receiver;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      json = undefined;
    }
    const entry: Received = { target: req.url ?? '', headers: req.headers, raw, json, at: Date.now() };
    received.push(entry);
    for (const wake of waiters.splice(0)) wake();
    const answer = receiver.script(received.length - 1, entry);
    if (answer === 'hang') return;
    res.writeHead(answer);
    res.end();
  });
  receiver.base = await listen(server);
  receiver.waitFor = async (count, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`receiver: ${received.length} of ${count} notifications after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return received;
  };
  receiver.close = () => closeServer(server);
  return receiver;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WebhooksRig {
  api: Api;
  bus: EventBus;
  service: WebhooksService;
  /** Creates a webhook for `user` and returns `{id, token}` (fails the test on anything but 201). */
  subscribe(user: string, url: string, events: string[]): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

/** A WebhooksService behind the harness API, with fast retries and a short attempt timeout. */
export async function startWebhooks(
  options: { defect?: string; variants?: string[]; retryMs?: number[]; timeoutMs?: number } = {},
): Promise<WebhooksRig> {
  const bus = new EventBus();
  const service = new WebhooksService({
    seam: new Seam(options.defect, options.variants ?? []),
    options: { webhookRetryMs: options.retryMs ?? [50, 100, 150] },
    bus,
    deliveryTimeoutMs: options.timeoutMs ?? 500,
  });
  const api = await startApi((router) => service.registerRoutes(router));
  return {
    api,
    bus,
    service,
    async subscribe(user, url, events) {
      const answer = await api.call('POST', '/webhooks', { user, body: { url, events } });
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`POST /webhooks answered ${answer.status}: ${answer.text}`);
      return { id: answer.body.id, token: answer.body.token };
    },
    async close() {
      service.close();
      await api.close();
    },
  };
}
