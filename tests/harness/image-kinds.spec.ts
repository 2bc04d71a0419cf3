/**
 * The image host's kinds that isolate one image rule (issue 17.1): `gone`
 * breaks only the 2xx rule, its body and type are those of the valid JPEG.
 * And the images served the way a check chose (issue 17.2, suite-server/served-image.ts):
 * each dimension is served as asked, the padded JPEGs are real JPEGs of the size asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { request } from 'node:http';
import { IMAGE_PATHS, serveImage, VALID_JPEG } from '../../suite-server/image-host.js';
import { AT_LIMIT_BYTES, paddedJpeg, parseServedPath, type ServedImage, servedPath } from '../../suite-server/served-image.js';

let server: Server;
let base: string;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (!serveImage(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('gone answers 404 with the valid JPEG, typed image/jpeg: only its status breaks a rule', async () => {
  const res = await fetch(`${base}${IMAGE_PATHS.gone}?n=1`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  expect(Buffer.from(await res.arrayBuffer()).equals(VALID_JPEG)).toBe(true);
});

test('missing stays a 404 whose body is not an image', async () => {
  const res = await fetch(`${base}${IMAGE_PATHS.missing}`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toBe('text/plain');
});

const PLAIN: ServedImage = { body: 'jpeg', status: 200, contentType: 'image/jpeg', length: 'declared', redirects: [], extension: 'jpg' };

/** One raw exchange (fetch would follow redirects and hide the transfer coding). */
function raw(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** The markers of a JPEG up to its scan: SOI first, then well-formed segments (what a decoder walks). */
function jpegMarkers(bytes: Buffer): number[] {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  const markers: number[] = [];
  for (let at = 2; at < bytes.length; ) {
    expect(bytes[at]).toBe(0xff);
    const marker = bytes[at + 1];
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return markers;
}

test('a served image answers the status, type and length it was asked for', async () => {
  const asked: ServedImage = { ...PLAIN, status: 203, contentType: 'IMAGE/JPEG', length: 'chunked', extension: 'jpeg' };
  const res = await raw(`${servedPath(asked)}?n=1`);
  expect(res.status).toBe(203);
  expect(res.headers['content-type']).toBe('IMAGE/JPEG');
  expect(res.headers['content-length']).toBeUndefined();
  expect(res.headers['transfer-encoding']).toBe('chunked');
  expect(res.body.equals(VALID_JPEG)).toBe(true);
  const untyped = await raw(`${servedPath({ ...PLAIN, contentType: null })}?n=2`);
  expect(untyped.headers['content-type']).toBeUndefined();
  expect(untyped.headers['content-length']).toBe(String(VALID_JPEG.length));
});

test('each redirect hop answers its 3xx and points at the same image with one hop less, nonce kept', async () => {
  let path = `${servedPath({ ...PLAIN, redirects: [301, 307, 308] })}?n=chain`;
  const seen: number[] = [];
  for (let hop = 0; hop < 4; hop++) {
    const res = await raw(path);
    seen.push(res.status);
    if (res.status < 300) break;
    path = String(res.headers.location);
    expect(path).toMatch(/\?n=chain$/);
  }
  expect(seen).toEqual([301, 307, 308, 200]);
});

test('the padded JPEGs are JPEGs of exactly the size asked, their padding in comment segments', async () => {
  const atLimit = paddedJpeg(AT_LIMIT_BYTES);
  expect(atLimit.length).toBe(10_000_000);
  const markers = jpegMarkers(atLimit);
  expect(markers[0]).toBe(0xe0);
  expect(markers.filter((m) => m === 0xfe).length).toBeGreaterThan(100);
  expect(markers.at(-1)).toBe(0xda);
  expect(atLimit.subarray(-2).equals(VALID_JPEG.subarray(-2))).toBe(true);
  const res = await raw(`${servedPath({ ...PLAIN, body: 'jpeg-at-limit' })}?n=3`);
  expect(res.body.length).toBe(10_000_000);
  expect(res.headers['content-length']).toBe('10000000');
});

test('a path that names no served image is no route', () => {
  expect(parseServedPath('/images/served/not-base64.jpg')).toBeUndefined();
  expect(parseServedPath(servedPath({ ...PLAIN, status: 99 }))).toBeUndefined();
  expect(parseServedPath(servedPath(PLAIN))).toEqual(PLAIN);
});
