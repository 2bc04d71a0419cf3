import { connect } from 'node:net';
import type { RunningReference } from '../../reference/server.js';
import { expect, test } from './reference-fixture.js';
import { login } from './reference-login.js';

/**
 * The reference's HTTP frame: body limits and syntax, unknown paths and
 * methods, the control token, the health route, HTTP-level garbage.
 */

let ref: RunningReference;
let bearer: string;
test.beforeAll(async ({ reference }) => {
  ref = reference;
  bearer = `Bearer ${(await login(ref, ref.accounts[0])).access_token}`;
});

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const json = (authorization: string, body: string, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { authorization, 'content-type': contentType },
  body,
});

test('GET /health answers 200 without credentials', async () => {
  expect((await call(`${ref.authUrl.replace(/\/oauth$/, '')}/health`)).status).toBe(200);
});

test('a body over 1 MiB answers 413 {code, message} on /api and the OAuth shape on /oauth/token', async () => {
  const big = ' '.repeat(1024 * 1024 + 1);
  const api = await call(`${ref.baseUrl}/webhooks`, json(bearer, big));
  expect(api.status).toBe(413);
  expect(api.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  const oauth = await call(`${ref.authUrl}/token`, json('', big, 'application/x-www-form-urlencoded'));
  expect(oauth.status).toBe(413);
  expect(oauth.body.error).toEqual(expect.any(String));
  // Exactly 1 MiB is still read (and here refused for its content, not its size).
  const atCap = await call(`${ref.baseUrl}/webhooks`, json(bearer, ' '.repeat(1024 * 1024)));
  expect(atCap.status).toBe(400);
});

test('malformed JSON answers 400 INVALID_BODY_REQUEST; a wrong content type answers 415', async () => {
  expect(await call(`${ref.baseUrl}/webhooks`, json(bearer, '{"url": '))).toMatchObject({ status: 400, body: { code: 'INVALID_BODY_REQUEST' } });
  const wrongType = await call(`${ref.baseUrl}/webhooks`, json(bearer, 'url=x', 'text/plain'));
  expect(wrongType).toMatchObject({ status: 415, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } });
});

test('unknown paths answer 404 and known paths with another method 405, both {code, message}', async () => {
  const auth = { headers: { authorization: bearer } };
  expect((await call(`${ref.baseUrl}/nothing-here`, auth)).status).toBe(404);
  expect((await call(`${ref.baseUrl}/webhooks/x/y/z`, auth)).status).toBe(404);
  expect(await call(`${ref.baseUrl}/webhooks`, { ...auth, method: 'DELETE' })).toMatchObject({ status: 405, body: { code: expect.any(String) } });
  expect((await call(`${ref.baseUrl.replace(/\/api$/, '')}/elsewhere`)).status).toBe(404);
  expect((await call(`${ref.authUrl}/nothing`)).body.error).toEqual(expect.any(String));
});

test('the API and the control API refuse missing or wrong credentials with 401 {code, message}', async () => {
  expect(await call(`${ref.baseUrl}/webhooks`)).toMatchObject({ status: 401, body: { code: 'USER_UNAUTHORIZED' } });
  expect((await call(`${ref.baseUrl}/webhooks`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  const control = await call(`${ref.controlUrl}/direct-sessions`, json(bearer, '{"username":"pro-1"}'));
  expect(control).toMatchObject({ status: 401, body: { code: expect.any(String), message: expect.any(String) } });
});

test('the control API validates its bodies with 4xx {code, message}', async () => {
  const control = `Bearer ${ref.controlToken}`;
  const cases: [string, string, string, number][] = [
    ['POST', '/direct-sessions', '{"username":"nobody"}', 404],
    ['POST', '/direct-sessions', '[]', 400],
    ['PUT', '/accounts/pro-3/limit', '{"total":-1}', 400],
    ['PUT', '/accounts/nobody/limit', '{"total":1}', 404],
    ['POST', '/purchases', '{"item_id":"no-such-item"}', 404],
    ['POST', '/disputes', '{"transaction_id":"no-such-tx"}', 404],
    ['POST', '/events', '{"username":"pro-1","type":"NOT_AN_EVENT"}', 400],
    ['POST', '/events', '{"username":"pro-1","type":"ITEM_BANNED","data":[]}', 400],
  ];
  for (const [method, path, body, status] of cases) {
    const answer = await call(`${ref.controlUrl}${path}`, { ...json(control, body), method });
    expect(answer.status, `${method} ${path} ${body}`).toBe(status);
    expect(answer.body, `${method} ${path} ${body}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  }
  expect(await call(`${ref.controlUrl}/accounts/pro-3/limit`, { ...json(control, '{"total":7}'), method: 'PUT' })).toEqual({ status: 200, body: { total: 7 } });
  const event = await call(`${ref.controlUrl}/events`, json(control, '{"username":"pro-1","type":"DISPUTE_CANCELLED_BY_SERVICE","data":{}}'));
  expect(event.status).toBe(202);
  expect(event.body.id).toEqual(expect.any(String));
});

test('a request that is not HTTP answers 400 with a JSON body and the server stays up', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(ref.baseUrl).port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error('no answer')));
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(answer).toContain('"code":"INVALID_REQUEST"');
  expect((await call(`${ref.authUrl.replace(/\/oauth$/, '')}/health`)).status).toBe(200);
  expect(ref.stats.serverErrors).toBe(0);
});
