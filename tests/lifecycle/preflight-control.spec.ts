/**
 * transport/control-probe.ts: the preflight's "is there a control API at
 * SC_CONTROL_URL, and does it take SC_CONTROL_TOKEN?", against small servers
 * that answer as TARGET.md allows a control API to (any 2xx JSON, any 4xx
 * {code, message}), as a server without one does, and as a wrong token gets.
 * Each case also counts the requests: a valid call (a real direct session) is
 * sent only when the bad body with and without the token could not tell.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type ControlPresence, probeControlApi } from '../../transport/control-probe.js';
import { isRegisteredSecret } from '../../lib/secrets.js';
import { startReference } from '../../reference/server.js';
import { freePort } from '../support/free-port.js';

const TOKEN = 'control-probe-test-token';

/** What a fake target answers: the request's bearer and its parsed body in, [status, content type, text] out. */
type Answerer = (request: { token: string | undefined; body: unknown; path: string }) => [number, string, string];

const json = (status: number, body: unknown): [number, string, string] => [status, 'application/json', JSON.stringify(body)];
const err = (status: number, code: string, message: string) => json(status, { code, message });

async function fake(answer: Answerer): Promise<{ url: string; seen: { token?: string; body: unknown }[]; server: Server }> {
  const seen: { token?: string; body: unknown }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      seen.push({ token, body });
      const [status, type, out] = answer({ token, body, path: req.url ?? '' });
      res.writeHead(status, { 'content-type': type }).end(out);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/control`, seen, server };
}

async function probeOf(answer: Answerer, username: string | undefined = 'pro-1'): Promise<{ found: ControlPresence; requests: number; validCalls: number }> {
  const target = await fake(answer);
  try {
    const found = await probeControlApi({ controlUrl: target.url, token: TOKEN, username, timeoutMs: 5_000 });
    const validCalls = target.seen.filter((s) => typeof (s.body as { username?: unknown })?.username === 'string').length;
    return { found, requests: target.seen.length, validCalls };
  } finally {
    await new Promise((done) => target.server.close(done));
  }
}

/** A control API: the token first (401 to any other), then the body, as `bad` answers a missing username. */
const controlApi =
  (bad: (body: unknown) => [number, string, string], refuseToken: [number, string, string] = err(401, 'UNAUTHORIZED', 'bad token')): Answerer =>
  ({ token, body }) => {
    if (token !== TOKEN) return refuseToken;
    const username = (body as { username?: unknown })?.username;
    return typeof username === 'string' ? json(201, { refresh_token: 'rt-from-the-probe-test' }) : bad(body);
  };

test.describe('a control API answering as TARGET.md allows is present, whatever 4xx it picks', () => {
  const cases: [string, Answerer][] = [
    ['404 {code, message} to a missing username ("no account undefined")', controlApi((b) => err(404, 'NOT_FOUND', `no account ${(b as { username?: string }).username}`))],
    ['400 {code, message}', controlApi(() => err(400, 'INVALID_BODY', 'username is required'))],
    ['422 {code, message}', controlApi(() => err(422, 'UNPROCESSABLE', 'username is required'))],
    ['409 {code, message} with a numeric code', controlApi(() => json(409, { code: 40901, message: 'conflict' }))],
    ['429 {code, message} (a throttle)', controlApi(() => err(429, 'TOO_MANY_REQUESTS', 'slow down'))],
    ['2xx JSON even to a bad body', controlApi(() => json(200, { ok: true }))],
    ['403 {code, message} to a wrong token', controlApi(() => err(404, 'NOT_FOUND', 'no account undefined'), err(403, 'FORBIDDEN', 'no'))],
    ['404 {code, message} to a wrong token too, with another code', controlApi(() => err(404, 'UNKNOWN_ACCOUNT', 'no account undefined'), err(404, 'NOT_FOUND', 'no such token'))],
  ];
  for (const [name, answerer] of cases) {
    test(name, async () => {
      const { found, requests, validCalls } = await probeOf(answerer);
      expect(found).toEqual({ kind: 'present' });
      // Two requests with a bad body, no session opened.
      expect([requests, validCalls]).toEqual([2, 0]);
    });
  }

  test('a control API that reads the body before the token: told apart by one valid call, whose session is noted and kept secret', async () => {
    const { found, requests, validCalls } = await probeOf(({ token, body }) => {
      if (typeof (body as { username?: unknown })?.username !== 'string') return err(400, 'INVALID_BODY', 'username is required');
      return token === TOKEN ? json(201, { refresh_token: 'rt-body-before-token' }) : err(401, 'UNAUTHORIZED', 'bad token');
    });
    expect(found).toMatchObject({ kind: 'present', note: expect.stringMatching(/^a direct-integrator session of 'pro-1' was opened to tell the control API apart .*; it is not used$/) });
    expect([requests, validCalls]).toEqual([3, 1]);
    expect(isRegisteredSecret('rt-body-before-token')).toBe(true);
  });

  test('a control API with no token check that answers 404 {code, message} to a bad body and 201 to a valid one', async () => {
    const { found, validCalls } = await probeOf(({ body }) => (typeof (body as { username?: unknown })?.username === 'string' ? json(201, { refresh_token: 'rt-open' }) : err(404, 'NOT_FOUND', 'no account undefined')));
    expect(found.kind).toBe('present');
    expect(validCalls).toBe(1);
  });

  test('a control API refusing even a valid call with another {code, message} is there (the checks meet its answer)', async () => {
    const { found } = await probeOf(({ body }) => (typeof (body as { username?: unknown })?.username === 'string' ? err(409, 'ACCOUNT_LOCKED', 'locked') : err(404, 'NOT_FOUND', 'no account undefined')));
    expect(found).toMatchObject({ kind: 'present', note: expect.stringContaining('refuses a valid call') });
  });
});

test.describe('no control API: absent, not a refused token', () => {
  const cases: [string, Answerer][] = [
    ['a plain 404 Not Found page for every path', () => [404, 'text/plain', 'Not Found']],
    ['an HTML 404 page', () => [404, 'text/html', '<h1>404</h1>']],
    ['the same JSON 404 {code, message} for every unknown path, token or not, body or not', ({ path }) => err(404, 'NOT_FOUND', `no resource at ${path}`)],
    ['a 405 without {code, message}', () => [405, 'text/plain', 'Method Not Allowed']],
    ['a static site answering 200 HTML to anything', () => [200, 'text/html', '<html>home</html>']],
  ];
  for (const [name, answerer] of cases) {
    test(name, async () => {
      const { found, requests } = await probeOf(answerer);
      expect(found).toMatchObject({ kind: 'absent', evidence: expect.stringMatching(/^POST \/direct-sessions .*\{username: 'pro-1'\}/) });
      expect(requests).toBe(3);
    });
  }
});

test('a refused control token: the valid call refused 401/403 too', async () => {
  for (const status of [401, 403]) {
    const { found } = await probeOf(() => err(status, 'UNAUTHORIZED', 'bad token'));
    expect(found, String(status)).toEqual({ kind: 'token-refused', answer: `${status} {code: UNAUTHORIZED}` });
  }
  // With no account to ask about, a 401 to the bad body is enough.
  expect((await probeOf(() => err(401, 'UNAUTHORIZED', 'bad token'), undefined)).found.kind).toBe('token-refused');
});

test('nothing listening: no answer, with the transport error', async () => {
  const found = await probeControlApi({ controlUrl: `http://127.0.0.1:${await freePort()}/control`, token: TOKEN, username: 'pro-1', timeoutMs: 3_000 });
  expect(found.kind).toBe('no-answer');
  expect(found.kind === 'no-answer' && found.error.phase).toBe('connect');
});

test('the reference with control-refusals-404-422 and control-answers-200: present from the bad body alone; the evasion no-control-required: absent', async () => {
  for (const [variants, evasions, kind] of [
    [['control-refusals-404-422', 'control-answers-200'], [], 'present'],
    [[], [], 'present'],
    [[], ['no-control-required'], 'absent'],
  ] as const) {
    const ref = await startReference({ variants: [...variants], evasions: [...evasions] });
    try {
      const found = await probeControlApi({ controlUrl: ref.controlUrl, token: ref.controlToken, username: ref.accounts[0].username, timeoutMs: 5_000 });
      expect(found.kind, `${variants.join(',')} ${evasions.join(',')}`).toBe(kind);
      if (kind === 'present') expect(found).toEqual({ kind: 'present' });
    } finally {
      await ref.close();
    }
  }
});
