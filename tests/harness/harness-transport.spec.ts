import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { HttpError, httpRequest } from '../../lib/http.js';
import { authStepFailure } from '../../judging/auth-step.js';
import { exchangeOfError } from '../../transport/exchange.js';
import { authorizeWithForm, LoginError } from '../../sessions/login.js';
import { operationRule } from '../../transport/operation-rules.js';
import { TargetHealth } from '../../transport/target-health.js';
import { probeReachable } from '../../transport/target-probe.js';
import { ownTarget, servedTarget } from '../../transport/served-target.js';
import { RunBroken, targetRequest } from '../../transport/target-request.js';
import { exchangeCode, TokenRequestError } from '../../transport/token-client.js';

/**
 * The transport layer against a misbehaving server: one deadline bounds the
 * whole exchange (a dribbled body too), what arrived before a failure stays in
 * the evidence, a body over the cap says so, the run's target health remembers
 * failing operations and breaks a run whose target stopped answering, and a
 * failed auth step is charged to its own rule with its exchange.
 */

let server: Server;
let base = '';
const timers = new Set<NodeJS.Timeout>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 200);
      timers.add(t);
      res.on('close', () => clearInterval(t));
    } else if (path === '/reset') {
      res.writeHead(401, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"code":');
      setTimeout(() => req.socket.destroy(), 30);
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(5 * 1024 * 1024, 0x20));
    } else if (path === '/hang' || path === '/oauth/token' || path === '/oauth/auth') {
      // never answers: the client's deadline ends it
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const get = (path: string, timeoutMs = 1_000) => httpRequest({ method: 'GET', url: `${base}${path}`, timeoutMs });
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as HttpError);

test('one deadline bounds the whole exchange: a body dribbled a byte every 200 ms is cut at it, with the status kept', async () => {
  const started = Date.now();
  const error = await failure(get('/drip', 1_000));
  expect(Date.now() - started).toBeLessThan(2_500);
  expect(error).toBeInstanceOf(HttpError);
  expect(error?.kind).toBe('timeout');
  expect(error?.phase).toBe('body');
  expect(error?.status).toBe(200);
  expect(error?.message).toMatch(/the body did not end within 1000 ms \(status 200 received, then \d+ bytes? of body\)/);
});

test('a reset after the status line keeps the status received, in the error and in the evidence', async () => {
  const error = (await failure(get('/reset'))) as HttpError;
  expect(error.kind).toBe('network');
  expect(error.status).toBe(401);
  expect(error.message).toMatch(/status 401 received, then 8 bytes of body, then the connection failed/);
  const evidence = exchangeOfError({ method: 'GET', url: `${base}/reset`, headers: {}, auth: 'none' }, error);
  expect(evidence.status).toBe(401);
  expect(evidence.text).toBe('{"code":');
  expect(evidence.transport).toMatchObject({ kind: 'network', phase: 'body' });
});

test('a body over the 4 MiB cap is cut and says so; a closed port is a refused connection', async () => {
  const res = await get('/huge', 5_000);
  expect(res.truncated).toBe(true);
  expect(res.body.length).toBe(4 * 1024 * 1024);
  const refused = (await failure(httpRequest({ method: 'GET', url: 'http://127.0.0.1:1/x', timeoutMs: 1_000 }))) as HttpError;
  expect(refused.phase).toBe('connect');
  expect(refused.summary).toBe('connection refused');
});

test('the target health remembers an operation after two failures in a row, forgets it on an answer, and is shared through a folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'health-'));
  try {
    const a = new TargetHealth({ dir });
    const b = new TargetHealth({ dir });
    await failure(targetRequest('GET /hang', { method: 'GET', url: `${base}/hang`, timeoutMs: 200 }, a));
    expect(b.before('GET /hang')).toBeUndefined();
    await failure(targetRequest('GET /hang', { method: 'GET', url: `${base}/hang`, timeoutMs: 200 }, b));
    // The other process sees it: not sent again, at once, with the first failure's words.
    const started = Date.now();
    const remembered = (await failure(targetRequest('GET /hang', { method: 'GET', url: `${base}/hang`, timeoutMs: 5_000 }, a))) as HttpError;
    expect(Date.now() - started).toBeLessThan(500);
    expect(remembered.remembered?.count).toBe(2);
    expect(remembered.message).toMatch(/not sent: GET \/hang failed 2 times in a row earlier in this run; first: GET .*\/hang: no answer within 200 ms/);
    a.answered('GET /hang');
    expect(b.before('GET /hang')).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('failures in a row on several operations, or refused connections, break the run once, with one line', async () => {
  const health = new TargetHealth({ breakAfter: 3, breakOnOperations: 2 });
  for (const op of ['GET /a', 'GET /b']) await failure(targetRequest(op, { method: 'GET', url: `${base}/hang`, timeoutMs: 100 }, health));
  expect(health.brokenLine()).toBeUndefined();
  await failure(targetRequest('GET /c', { method: 'GET', url: `${base}/hang`, timeoutMs: 100 }, health));
  expect(health.trippedHere).toBe(true);
  expect(health.brokenLine()).toMatch(/^the target stopped answering at \d\d:\d\d:\d\d: 3 exchanges in a row failed on 3 operations \(GET \/a: 1×, GET \/b: 1×, GET \/c: 1×\); last: /);
  await expect(targetRequest('GET /ok', { method: 'GET', url: `${base}/ok`, timeoutMs: 1_000 }, health)).rejects.toBeInstanceOf(RunBroken);

  const down = new TargetHealth();
  for (let i = 0; i < 2; i++) await failure(targetRequest(`GET /x${i}`, { method: 'GET', url: 'http://127.0.0.1:1/x', timeoutMs: 1_000 }, down));
  expect(down.brokenLine()).toMatch(/^the target refuses connections since \d\d:\d\d:\d\d: 2 in a row/);

  const healthy = new TargetHealth({ breakAfter: 2, breakOnOperations: 2 });
  await failure(targetRequest('GET /a', { method: 'GET', url: `${base}/hang`, timeoutMs: 100 }, healthy));
  await targetRequest('GET /ok', { method: 'GET', url: `${base}/ok`, timeoutMs: 1_000 }, healthy);
  await failure(targetRequest('GET /b', { method: 'GET', url: `${base}/hang`, timeoutMs: 100 }, healthy));
  expect(healthy.brokenLine()).toBeUndefined();
});

test("the reachability probe decides before a failure is charged: the target gone breaks the run at once, naming it and when; a target that answers keeps the failure as the operation's own", async () => {
  // A status line is an answer, whatever the status and however slowly the body comes: the drip ends the probe at its first byte.
  expect(await probeReachable(`${base}/missing`, 1_000)).toMatchObject({ answered: true, summary: '200' });
  const dripped = await probeReachable(`${base}/drip`, 5_000);
  expect(dripped).toMatchObject({ answered: true, summary: '200' });
  expect(await probeReachable(`${base}/hang`, 200)).toMatchObject({ answered: false, summary: 'no answer in time' });
  expect(await probeReachable('http://127.0.0.1:1/api', 1_000)).toMatchObject({ answered: false, summary: 'connection refused' });

  const started = Date.now() - 42_000;
  const gone = new TargetHealth({ targets: { api: 'http://127.0.0.1:1/api' }, runStartedMs: started, probe: () => probeReachable('http://127.0.0.1:1/api', 1_000) });
  // The first refused exchange is not charged: RunBroken (the check is not exercised), not the HttpError a rule would fail on.
  await expect(targetRequest('POST /items', { method: 'POST', url: 'http://127.0.0.1:1/api/items', timeoutMs: 1_000 }, gone)).rejects.toBeInstanceOf(RunBroken);
  expect(gone.trippedHere).toBe(true);
  expect(gone.brokenLine()).toMatch(
    /^the target http:\/\/127\.0\.0\.1:1\/api stopped answering at \d\d:\d\d:\d\d \(4[2-4] s into the run\): connection refused \(POST \/items; then the probe GET http:\/\/127\.0\.0\.1:1\/api: connection refused\)$/,
  );

  const alive = new TargetHealth({ targets: { api: base }, probe: () => probeReachable(`${base}/ok`, 1_000) });
  const error = await failure(targetRequest('GET /hang', { method: 'GET', url: `${base}/hang`, timeoutMs: 100 }, alive));
  expect(error).toBeInstanceOf(HttpError);
  expect(alive.brokenLine()).toBeUndefined();
});

test('a token request without an answer is evidence of the token step, charged to AUTH-TOKEN-1; a login hop to AUTH-CODE-1', async () => {
  // A target of its own, handed to the endpoint and the login as a fixture would: its health off, so every failure is the step's.
  const target = servedTarget(ownTarget().settings, undefined);
  target.health = new TargetHealth({ enabled: false });
  {
    const endpoint = { target, authUrl: `${base}/oauth`, clientId: 'c', clientSecret: 'transport-secret-91c3', timeoutMs: 300 };
    const error = await failure(exchangeCode(endpoint, { code: 'code-1', verifier: 'v'.repeat(43), redirectUri: 'http://127.0.0.1/callback' }));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toBeInstanceOf(HttpError);
    const facts = authStepFailure(error, 300);
    expect(facts?.requirements).toEqual([operationRule({ method: 'POST', path: '/token', group: 'auth' })]);
    expect(facts?.requirements).toEqual(['AUTH-TOKEN-1']);
    expect(facts?.exchange?.request.url).toBe(`${base}/oauth/token`);
    expect(facts?.title).toBe('POST /token (authorization_code) answers');

    const login = await failure(
      authorizeWithForm({
        target,
        authUrl: `${base}/oauth`,
        clientId: 'c',
        redirectUri: 'http://127.0.0.1/callback',
        username: 'u',
        password: 'transport-password-3e1',
        loginFields: { user: 'username', password: 'password' },
        timeoutMs: 300,
      }),
    );
    expect(login).toBeInstanceOf(LoginError);
    const loginFacts = authStepFailure(login);
    expect(loginFacts?.requirements).toEqual(['AUTH-CODE-1']);
    expect((login as unknown as LoginError).transport).toBe(true);
    expect(loginFacts?.exchange?.request.method).toBe('GET');
    expect(loginFacts?.actual).toMatch(/no answer within 300 ms/);
  }
});
