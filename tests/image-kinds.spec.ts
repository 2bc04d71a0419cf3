/**
 * The image host's kinds that isolate one image rule (issue 17.1): `gone`
 * breaks only the 2xx rule, its body and type are those of the valid JPEG.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { IMAGE_PATHS, serveImage, VALID_JPEG } from '../fixtures/images.js';

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
