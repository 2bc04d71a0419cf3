/**
 * The reference's image rules ("direct link, no redirections, must answer with a
 * 2xx status; only JPG or JPEG, up to 10 MB"), for the main image and for image
 * adds, against a local image host. Also: the fetch deadline, the image order,
 * the image limit and image removal.
 */
import { expect, test } from './reference-fixture.js';
import { DEFAULT_MAX_IMAGES as MAX_EXTRA_IMAGES } from '../../reference/config.js';
import { createPayload, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
test.beforeAll(({ imageHost }) => {
  host = imageHost;
});

const GOOD = ['/ok.jpg', '/octet.jpg', '/exact.jpg'];
const BAD = ['/ok.png', '/png-as.jpg', '/jpeg-as.png', '/redirect.jpg', '/missing.jpg', '/big-declared.jpg', '/big-chunked.jpg', '/nowhere.jpg'];

for (const path of GOOD) {
  test(`main image ${path} is accepted; so is an image add`, async () => {
    const h = new ItemsHarness();
    const created = await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url(path)) });
    expect(created).toEqual({ status: 201, body: { id: expect.any(String) } });
    const added = await h.call('pro-1', 'POST', `/items/${created.body.id}/images`, { body: { url: host.url(path), order: 0 } });
    expect(added).toEqual({ status: 201, body: { id: expect.any(String) } });
  });
}

for (const path of BAD) {
  test(`main image ${path} is refused with 400 INVALID_IMAGE; so is an image add`, async () => {
    const h = new ItemsHarness();
    const created = await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url(path)) });
    expect(created).toEqual({ status: 400, body: { code: 'INVALID_IMAGE', message: expect.any(String) } });
    const seed = (await h.call('pro-1', 'GET', '/items')).body.items[0].id;
    const added = await h.call('pro-1', 'POST', `/items/${seed}/images`, { body: { url: host.url(path), order: 1 } });
    expect(added).toEqual({ status: 400, body: { code: 'INVALID_IMAGE', message: expect.any(String) } });
  });
}

test('a redirect is not followed: the target of the redirect is never fetched', async () => {
  const h = new ItemsHarness();
  const before = host.hits.get('/ok.jpg') ?? 0;
  await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url('/redirect.jpg')) });
  expect(host.hits.get('/ok.jpg') ?? 0).toBe(before);
});

for (const url of ['not a url', 'ftp://127.0.0.1/a.jpg', 'file:///etc/passwd', 'http://127.0.0.1:1/a.jpg']) {
  test(`main image URL '${url}' answers 400 INVALID_IMAGE`, async () => {
    const h = new ItemsHarness();
    expect((await h.call('pro-1', 'POST', '/items', { body: createPayload(url) })).body.code).toBe('INVALID_IMAGE');
  });
}

test('a host that never answers is given up after the deadline', async () => {
  const h = new ItemsHarness({ imageTimeoutMs: 300 });
  const started = Date.now();
  const answer = await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url('/stall.jpg')) });
  expect(answer.body).toEqual({ code: 'INVALID_IMAGE', message: expect.stringContaining('300 ms') });
  expect(Date.now() - started).toBeLessThan(2000);
});

test.describe('image add and removal', () => {
  const IMAGE_ADD_BAD: [string, unknown][] = [
    ['order -1', { url: 'U', order: -1 }],
    ['order 1.5', { url: 'U', order: 1.5 }],
    ['order a string', { url: 'U', order: '1' }],
    ['no order', { url: 'U' }],
    ['no url', { order: 0 }],
    ['url a number', { url: 5, order: 0 }],
    ['no body', undefined],
  ];
  for (const [name, body] of IMAGE_ADD_BAD) {
    test(`image add with ${name} → 400 INVALID_BODY_REQUEST`, async () => {
      const h = new ItemsHarness();
      const seed = (await h.call('pro-1', 'GET', '/items')).body.items[0].id;
      const sent = body && typeof body === 'object' && (body as { url?: unknown }).url === 'U' ? { ...body, url: host.url('/ok.jpg') } : body;
      const answer = await h.call('pro-1', 'POST', `/items/${seed}/images`, { body: sent });
      expect(answer).toEqual({ status: 400, body: { code: 'INVALID_BODY_REQUEST', message: expect.any(String) } });
    });
  }

  test(`at most ${MAX_EXTRA_IMAGES} additional images (MAX_IMAGES_EXCEED); removal frees room; the main image stays`, async () => {
    const h = new ItemsHarness();
    const id = (await h.call('pro-1', 'POST', '/items', { body: createPayload(host.url('/ok.jpg')) })).body.id;
    const ids: string[] = [];
    for (let i = 0; i < MAX_EXTRA_IMAGES; i++) {
      ids.push((await h.call('pro-1', 'POST', `/items/${id}/images`, { body: { url: host.url('/ok.jpg'), order: MAX_EXTRA_IMAGES - i } })).body.id);
    }
    const extra = { url: host.url('/ok.jpg'), order: 0 };
    expect((await h.call('pro-1', 'POST', `/items/${id}/images`, { body: extra })).body.code).toBe('MAX_IMAGES_EXCEED');
    const item = (await h.call('pro-1', 'GET', `/items/${id}`)).body;
    expect(item.images.map((i: { order: number }) => i.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await h.call('pro-1', 'DELETE', `/items/${id}/images/${ids[0]}`)).status).toBe(204);
    expect((await h.call('pro-1', 'DELETE', `/items/${id}/images/${ids[0]}`)).status).toBe(404);
    expect((await h.call('pro-1', 'POST', `/items/${id}/images`, { body: extra })).status).toBe(201);
    const main = await h.call('pro-1', 'DELETE', `/items/${id}/images/${item.main_image.id}`);
    expect(main).toEqual({ status: 400, body: { code: 'INSUFFICIENT_IMAGES', message: expect.any(String) } });
    expect((await h.call('pro-2', 'DELETE', `/items/${id}/images/${ids[1]}`)).status).toBe(404);
  });
});
