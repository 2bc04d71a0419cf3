import { expect, test } from './reference-fixture.js';
import fc from 'fast-check';
import { Pool } from 'undici';
import type { RunningReference } from '../../reference/server.js';
import { extractList } from '../../schemas/lists.js';
import { type Known, type RandomRequest, requestArb } from './reference-robustness-arbitraries.js';
import { login } from './reference-login.js';

/**
 * Robustness of the reference: at least 10,000 random and malformed requests
 * to one in-process server. None may answer 5xx; every 4xx of /api and /control
 * is `{code, message}`, every JSON 4xx under /oauth is `{error}`; the server
 * stays up. A failure prints fast-check's seed and path; replay it with
 * FC_SEED=<seed> FC_PATH=<path>.
 */

const BATCH = 16;
const RUNS = 640; // 640 batches of 16: 10,240 requests

let ref: RunningReference;
let pool: Pool;
let known: Known;

async function call(method: string, path: string, auth: string, body?: unknown): Promise<unknown> {
  const res = await pool.request({
    method: method as 'GET',
    path,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.body.json();
}

// Ten thousand random requests, the control token among them, leave the reference in no state another file should meet.
test.use({ referenceOwner: 'robustness' });

test.beforeAll(async ({ reference }) => {
  ref = reference;
  pool = new Pool(new URL(ref.baseUrl).origin, { connections: 8, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const { access_token } = await login(ref, ref.accounts[0]);
  const bearer = `Bearer ${access_token}`;
  const control = `Bearer ${ref.controlToken}`;
  const itemIds = (extractList(await call('GET', '/api/items', bearer)) ?? []).map((i) => String((i as { id: unknown }).id));
  const purchase = (await call('POST', '/control/purchases', control, { item_id: itemIds[0] })) as { request_id?: string };
  const hook = (await call('POST', '/api/webhooks', bearer, { url: 'http://127.0.0.1:1/hook', events: ['ITEM_LISTED'] })) as { id?: string };
  const ids = [...itemIds, purchase.request_id, hook.id].filter((id): id is string => typeof id === 'string');
  known = {
    accessToken: access_token,
    controlToken: ref.controlToken,
    clientId: ref.clientId,
    clientSecret: ref.clientSecret,
    ids,
    usernames: ref.accounts.map((a) => a.username),
  };
});

test.afterAll(async () => {
  await pool?.close();
});

/** Replays a printed failure: FC_SEED=<seed> [FC_PATH=<path>] npx playwright test ... */
function replay(): { seed?: number; path?: string } {
  const seed = process.env.FC_SEED;
  return seed ? { seed: Number(seed), path: process.env.FC_PATH || undefined } : {};
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(r: RandomRequest): Promise<Answer> {
  const body = typeof r.body === 'object' ? Buffer.alloc(r.body.bytes, 0x61) : r.body;
  const res = await pool.request({ method: r.method as 'GET', path: r.path, headers: r.headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text };
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer, or undefined. */
function problem(r: RandomRequest, a: Answer): string | undefined {
  if (a.status >= 500) return 'a 5xx';
  if (a.status < 400 || r.method === 'HEAD') return undefined;
  // As the server sees it: dot segments resolved (`/oauth/..` is `/`).
  const pathname = new URL(`http://x${r.path}`).pathname;
  const body = parse(a.text);
  if (pathname.startsWith('/oauth/')) {
    // The browser-facing pages answer HTML; everything JSON under /oauth is the OAuth shape.
    if (a.contentType.startsWith('text/html') && !/^\/oauth\/token\/?$/.test(pathname)) return undefined;
    return typeof body?.error === 'string' ? undefined : 'a 4xx under /oauth without {error}';
  }
  if (typeof body?.code !== 'string' || typeof body?.message !== 'string') return 'a 4xx without {code, message}';
  return undefined;
}

function explain(r: RandomRequest, a: Answer, why: string): string {
  const body = typeof r.body === 'object' ? `<${r.body.bytes} bytes>` : (r.body ?? '').slice(0, 200);
  return `${why}: ${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 300)} body=${body} → ${a.status} ${a.text.slice(0, 200)}`;
}

test('10,000 random and malformed requests: no 5xx, every error has its shape, the server stays up', async () => {
  test.setTimeout(150_000);
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(requestArb(known), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const answers = await Promise.all(batch.map(send));
      sent += batch.length;
      batch.forEach((r, i) => {
        const why = problem(r, answers[i]);
        if (why) throw new Error(explain(r, answers[i], why));
      });
    }),
    { numRuns: RUNS, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: true, ...replay() },
  );
  expect(sent).toBeGreaterThanOrEqual(10_000);
  expect(ref.stats.serverErrors, 'unexpected exceptions answered 500').toBe(0);
  const health = await fetch(`${new URL(ref.baseUrl).origin}/health`);
  expect(health.status).toBe(200);
});
