/**
 * The suite's own HTTP server (receiver, image host, control routes) and the
 * account lease lock.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { HUGE_JPEG_BYTES, VALID_JPEG, VALID_PNG } from '../../suite-server/image-host.js';
import { acquireLease, LeaseTimeout } from '../../sessions/lease.js';
import { createImageHost, createReceiver } from '../../clients/receiver-client.js';
import { type SuiteServer, startSuiteServer } from '../../suite-server/server.js';
import { HttpError, httpRequest } from '../../lib/http.js';
import { handOff } from '../../settings/run-context.js';

let server: SuiteServer;
const TOKEN = 'harness-token';

test.beforeAll(async () => {
  server = await startSuiteServer({ host: '127.0.0.1', port: 0, token: TOKEN });
  handOff({ suiteServerUrl: server.localUrl, suiteServerToken: TOKEN, suitePublicUrl: server.localUrl });
});
test.afterAll(async () => server.close());

const get = (path: string, timeoutMs = 5_000) => httpRequest({ method: 'GET', url: `${server.localUrl}${path}`, timeoutMs, maxBodyBytes: 64 * 1024 * 1024 });

test.describe('suite server', () => {
  test('[WH-NOTIF-8] the receiver records deliveries byte for byte and answers the scripted statuses', async () => {
    const hook = await createReceiver(2_000).newHook({ user: 'pro-1' });
    expect(new URL(hook.url).searchParams.get('user')).toBe('pro-1');
    await hook.script([500, 503]);
    const body = '{"id":"n1", "type":"ITEM_LISTED"}';
    const post = () => httpRequest({ method: 'POST', url: hook.url, headers: { 'content-type': 'application/json', 'x-service-timestamp': '1' }, body, timeoutMs: 2_000 });
    expect((await post()).status).toBe(500);
    expect((await post()).status).toBe(503);
    expect((await post()).status).toBe(200);
    const deliveries = await hook.waitFor((ds) => ds.length === 3, { what: 'three deliveries' });
    expect(deliveries.map((d) => d.answered)).toEqual([500, 503, 200]);
    expect(deliveries[0].text).toBe(body);
    expect(deliveries[0].query).toEqual({ user: 'pro-1' });
    expect(deliveries[0].headers['x-service-timestamp']).toBe('1');
    await expect(hook.waitFor((ds) => ds.length > 3, { timeoutMs: 300, what: 'a fourth delivery' })).rejects.toThrow(/waited 300 ms .* for a fourth delivery/);
  });

  test('control routes need the token', async () => {
    expect((await get('/_suite/hooks/abc')).status).toBe(401);
  });

  test('the image host serves each case, with fetches recorded per nonce', async () => {
    const images = createImageHost();
    const url = images.url('valid');
    const valid = await httpRequest({ method: 'GET', url, timeoutMs: 2_000 });
    expect(valid.status).toBe(200);
    expect(valid.headers['content-type']).toBe('image/jpeg');
    expect(valid.body.equals(VALID_JPEG)).toBe(true);
    expect(VALID_JPEG.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await images.fetches(url)).length).toBe(1);
    expect(images.url('valid')).not.toBe(url);

    const png = await get('/images/photo.png');
    expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.body.equals(VALID_PNG)).toBe(true);

    const huge = await get('/images/huge.jpg', 20_000);
    expect(Number(huge.headers['content-length'])).toBe(HUGE_JPEG_BYTES);
    expect(huge.body.length).toBe(HUGE_JPEG_BYTES);
    expect(HUGE_JPEG_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    expect(huge.body.subarray(0, 3).toString('hex')).toBe('ffd8ff');

    const redirect = await get('/images/redirect.jpg?n=7');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/images/valid.jpg?n=7');
    expect((await get('/images/missing.jpg')).status).toBe(404);
    await expect(get('/images/stall.jpg', 500)).rejects.toBeInstanceOf(HttpError);
  });
});

test.describe('account leases', () => {
  test('a held account makes the next lease wait, then time out naming the holder', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'sc-lease-'));
    const first = await acquireLease(runDir, ['pro-1'], { owner: 'test A', timeoutMs: 1_000 });
    const second = acquireLease(runDir, ['pro-1'], { owner: 'test B', timeoutMs: 300, pollMs: 20 });
    await expect(second).rejects.toBeInstanceOf(LeaseTimeout);
    await expect(second).rejects.toThrow(/pro-1 \(held by test A\)/);
    const other = await acquireLease(runDir, ['pro-1', 'pro-2'], { owner: 'test C', timeoutMs: 300 });
    expect(other.username).toBe('pro-2');
    first.release();
    const again = await acquireLease(runDir, ['pro-1'], { owner: 'test D', timeoutMs: 300 });
    expect(again.username).toBe('pro-1');
    again.release();
    other.release();
  });

  test('a waiting lease gets the account once it is released', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'sc-lease-'));
    const first = await acquireLease(runDir, ['basic-1'], { owner: 'A', timeoutMs: 1_000 });
    setTimeout(() => first.release(), 150);
    const started = Date.now();
    const second = await acquireLease(runDir, ['basic-1'], { owner: 'B', timeoutMs: 3_000, pollMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    second.release();
  });

  test('a lock left by a dead process is taken over', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'sc-lease-'));
    const stale = await acquireLease(runDir, ['pro-3'], { owner: 'crashed worker', timeoutMs: 300 });
    // Rewrite the owner as a process that cannot exist.
    writeFileSync(join(runDir, 'locks', 'pro-3', 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 17, owner: 'crashed worker', since: 0 }));
    const taken = await acquireLease(runDir, ['pro-3'], { owner: 'next', timeoutMs: 300 });
    expect(taken.username).toBe('pro-3');
    taken.release();
    stale.release();
  });
});
