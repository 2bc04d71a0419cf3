/**
 * Worker-side handles to the suite's own HTTP server (suite-server/server.ts),
 * which global setup started once for the run.
 *
 *   const hook = await receiver.newHook({ user: 'pro-1' });   // url has ?user=pro-1
 *   await hook.script([500, 200]);                            // first delivery answered 500, then 200
 *   await hook.script([{ status: 202, delayMs: 500 }]);       // answered 202 half a second after it arrived
 *   const [first] = await hook.waitFor((ds) => ds.length >= 1, { what: 'an ITEM_INACTIVATED notification' });
 *   imageHost.url('valid')                                    // http://…/images/valid.jpg?n=<unique>
 */
import { randomBytes } from 'node:crypto';
import { test } from '@playwright/test';
import { httpRequest } from '../lib/http.js';
import { fail } from '../judging/failure.js';
import { recordPass } from '../judging/verdict-ledger.js';
import { type ImageName, IMAGE_PATHS } from '../suite-server/image-host.js';
import { type ServedImage, servedPath } from '../suite-server/served-image.js';
import type { HookRequest, ImageFetch } from '../suite-server/server.js';
import { suiteServer as handedSuiteServer } from '../settings/run-context.js';

export type { HookRequest, ImageFetch } from '../suite-server/server.js';
export type { ServedBody, ServedImage } from '../suite-server/served-image.js';

/** A delivery with its body decoded. */
export interface ReceivedDelivery extends HookRequest {
  body: Buffer;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
}

export interface Hook {
  /** The public URL to subscribe (unique key, plus the extra query given). */
  url: string;
  key: string;
  /** Answers to the next deliveries, in order (a status, or a status given after a delay); 200 at once when the list is spent. */
  script(statuses: (number | { status: number; delayMs: number })[]): Promise<void>;
  deliveries(): Promise<ReceivedDelivery[]>;
  /**
   * Polls until the predicate holds on all deliveries so far. After `timeoutMs`
   * (default SC_WEBHOOK_WAIT_MS) it fails naming `what`: a ConformanceFailure of
   * `requirements` when given, else a WaitTimeout.
   */
  waitFor(predicate: (deliveries: ReceivedDelivery[]) => boolean, options?: WaitOptions): Promise<ReceivedDelivery[]>;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** What is awaited, for the failure message, e.g. 'an ITEM_INACTIVATED notification'. */
  what?: string;
  /** Catalog IDs the wait proves: a timeout then fails the test with evidence. */
  requirements?: string[];
}

export interface Receiver {
  newHook(query?: Record<string, string>): Promise<Hook>;
}

export interface ImageHost {
  /** Public URL of a test image, with a unique `?n=` so a caching server cannot answer from cache. */
  url(name: ImageName): string;
  /** Public URL of an image served the way `image` says (suite-server/served-image.ts), with a unique `?n=`. */
  served(image: ServedImage): string;
  /** The `n` of a URL made by url(). */
  nonceOf(url: string): string;
  /** Requests the image host received for a URL made by url(). */
  fetches(url: string): Promise<ImageFetch[]>;
}

/** Raised when a wait for deliveries ends without what was awaited. */
export class WaitTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitTimeout';
  }
}

function suiteServer(): { local: string; token: string; public: string } {
  const server = handedSuiteServer();
  if (!server) throw new Error('the suite server is not running: run through playwright.config.ts (lifecycle/global-setup.ts starts it)');
  return { local: server.localUrl, token: server.token, public: server.publicUrl };
}

/** The suite's own server answers at once; 5 s is a generous bound, never more than the caller's wait has left. */
const CONTROL_TIMEOUT_MS = 5_000;

async function control(method: string, path: string, body?: unknown, timeoutMs = CONTROL_TIMEOUT_MS): Promise<unknown> {
  const server = suiteServer();
  const res = await httpRequest({
    method,
    url: `${server.local}${path}`,
    headers: { 'x-suite-token': server.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs,
  });
  if (res.status !== 200) throw new Error(`suite server ${method} ${path} → ${res.status}: ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text);
}

const decode = (d: HookRequest): ReceivedDelivery => {
  const body = Buffer.from(d.bodyBase64, 'base64');
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { ...d, body, text, json };
};

export function createReceiver(defaultWaitMs: number): Receiver {
  return {
    async newHook(query = {}) {
      const key = `h${randomBytes(9).toString('base64url')}`;
      // Percent-encoded (RFC 3986), never `+` for a space: a `+` reads as a space once form-decoded and as a plus
      // otherwise, so a server could change the value by decoding it the other way. Decoded either way, each is the same.
      const search = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      const url = new URL(`${suiteServer().public}/hooks/${key}${search ? `?${search}` : ''}`);
      const deliveries = async (timeoutMs?: number) =>
        ((await control('GET', `/_suite/hooks/${key}`, undefined, timeoutMs)) as { deliveries: HookRequest[] }).deliveries.map(decode);
      return {
        url: url.toString(),
        key,
        script: async (statuses) => {
          await control('PUT', `/_suite/hooks/${key}/script`, { statuses });
        },
        deliveries,
        waitFor: async (predicate, options = {}) => {
          const timeoutMs = options.timeoutMs ?? defaultWaitMs;
          const deadline = Date.now() + timeoutMs;
          let seen: ReceivedDelivery[] = [];
          // Bounded poll: at most timeoutMs / 100 rounds.
          for (;;) {
            // Each read is bounded by what the wait has left (at least 500 ms): the wait never outlives its bound by more.
            seen = await deliveries(Math.min(CONTROL_TIMEOUT_MS, Math.max(500, deadline - Date.now())));
            if (predicate(seen)) {
              // What was awaited arrived: the rule the wait stands for held.
              if (options.requirements) recordPass(test.info(), options.requirements);
              return seen;
            }
            if (Date.now() >= deadline) break;
            await new Promise((r) => setTimeout(r, Math.min(100, Math.max(1, deadline - Date.now()))));
          }
          const what = options.what ?? 'deliveries';
          const got = `received ${seen.length}: ${seen.map((d) => `${d.method} answered ${d.answered}, type ${(d.json as { type?: string } | undefined)?.type ?? '?'}`).join('; ') || 'none'}`;
          if (options.requirements) {
            return fail(test.info(), { title: `${what} reaches the webhook url`, requirements: options.requirements, expected: `${what} within ${timeoutMs} ms (SC_WEBHOOK_WAIT_MS)`, actual: got });
          }
          throw new WaitTimeout(`waited ${timeoutMs} ms (SC_WEBHOOK_WAIT_MS) for ${what} at hook ${key}; ${got}`);
        },
      };
    },
  };
}

export function createImageHost(): ImageHost {
  let counter = 0;
  const nonce = () => `${process.pid}-${Date.now().toString(36)}-${++counter}-${randomBytes(3).toString('hex')}`;
  return {
    url: (name) => `${suiteServer().public}${IMAGE_PATHS[name]}?n=${nonce()}`,
    served: (image) => `${suiteServer().public}${servedPath(image)}?n=${nonce()}`,
    nonceOf: (url) => new URL(url).searchParams.get('n') ?? '',
    fetches: async (url) => ((await control('GET', `/_suite/images?n=${encodeURIComponent(new URL(url).searchParams.get('n') ?? '')}`)) as { fetches: ImageFetch[] }).fetches,
  };
}
