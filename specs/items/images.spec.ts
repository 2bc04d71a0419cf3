/**
 * Images (spec "Item create payload" main_image and "Item image"): only a JPEG
 * of at most 10 MB, served directly with a 2xx, is accepted, as the main image
 * and as an additional one; `order` is an integer from 0. The suite's image
 * host serves each case (fixtures/images.ts).
 *
 * One reason per refusal: each refused image breaks one rule and keeps every
 * other (the 404 serves a valid JPEG, typed image/jpeg, so only its status is
 * wrong), and each check first sends its control, the same request with the
 * valid JPEG, which must succeed. A 401 or 429 never counts as the refusal.
 */
import { type ImageName, test } from '../../fixtures/index.js';
import { expectRefused, freshPayload, leased, readOnly } from './support/bind.js';
import { sampleDraft } from './support/generators.js';
import type { ItemsApi } from './support/items-api.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

/** The image host's refused images and the requirement each breaks as a main image: each is otherwise a valid JPEG. */
const REFUSED: { name: ImageName; what: string; requirement: string }[] = [
  { name: 'png', what: 'a PNG', requirement: 'ITEM-IMG-2' },
  { name: 'huge', what: 'a JPEG over 10 MB', requirement: 'ITEM-IMG-3' },
  { name: 'redirect', what: 'a redirect to a JPEG', requirement: 'ITEM-IMG-4' },
  { name: 'gone', what: 'a URL answering 404 with a valid JPEG body', requirement: 'ITEM-IMG-5' },
];

/** Refused answers carrying a code that fits worse than INVALID_IMAGE are a finding. */
function imageCodeFinding(items: ItemsApi, what: string, json: unknown): void {
  const code = (json as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code !== 'INVALID_IMAGE') items.judge.finding('GEN-ERR-2', `${what}: refused with ${code}; INVALID_IMAGE fits better`);
}

test.describe('images', { tag: '@items' }, () => {
  let items: ItemsApi;
  let draft: ReturnType<typeof sampleDraft>;

  test.beforeEach(async ({ api, sessions, track }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    draft = sampleDraft(leaf!, { pro: false, minimal: true });
    ({ items } = await leased({ api, sessions, track }, 'basic', testInfo));
  });

  test('[ITEM-IMG-1] a create whose main image is a direct JPEG answers 201', async ({ imageHost }) => {
    await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-1']);
  });

  for (const { name, what, requirement } of REFUSED) {
    test(`[${requirement}] a create whose main image is ${what} is refused with a 4xx`, async ({ imageHost }) => {
      const control = freshPayload(draft, imageHost);
      await test.step('control: the same create with the direct JPEG answers 201', () => items.createOk(control, ['ITEM-IMG-1']));
      const payload = { ...freshPayload(draft, imageHost), main_image: { url: imageHost.url(name) } };
      const res = await items.create(payload);
      await expectRefused(items, res, [requirement], `POST /items with ${what} as main image is refused`);
      imageCodeFinding(items, `main image ${what}`, res.json);
    });
  }

  test('[ITEM-IMG-6][ITEM-IMG-10] an additional JPEG with order 0 answers 201 with its id, and deleting it answers a 2xx', async ({ imageHost }) => {
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-6']);
    const res = await items.addImage(id, { url: imageHost.url('valid'), order: 0 });
    await items.judge.status(res, 201, ['ITEM-IMG-6']);
    const imageId = (res.json as { id?: unknown } | undefined)?.id;
    await items.judge.verify(typeof imageId === 'string' || Number.isInteger(imageId), {
      title: 'POST /items/{itemId}/images answers the image id',
      requirements: ['ITEM-IMG-6'],
      expected: 'an id (string or integer)',
      actual: `id ${JSON.stringify(imageId)}`,
      exchange: res,
    });
    const del = await items.removeImage(id, String(imageId));
    await items.judge.status(del, '2xx', ['ITEM-IMG-10']);
  });

  test('[ITEM-IMG-11] a second delete of an image, and the delete of an image never added, are refused', { tag: '@should' }, async ({ imageHost }) => {
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-11']);
    const res = await items.addImage(id, { url: imageHost.url('valid'), order: 0 });
    await items.judge.status(res, 201, ['ITEM-IMG-6']);
    const imageId = String((res.json as { id: unknown }).id);
    await items.judge.status(await items.removeImage(id, imageId), '2xx', ['ITEM-IMG-10']);
    await items.judge.status(await items.removeImage(id, imageId), '4xx', ['ITEM-IMG-11'], 'a second DELETE of the same image is refused');
    await items.judge.status(await items.removeImage(id, 'sc-no-such-image'), '4xx', ['ITEM-IMG-11'], 'a DELETE of an image never added is refused');
  });

  test('[ITEM-IMG-7] an additional image that breaks a main-image rule is refused with a 4xx', async ({ imageHost }) => {
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-7']);
    const control = await items.addImage(id, { url: imageHost.url('valid'), order: 0 });
    await items.judge.status(control, 201, ['ITEM-IMG-6'], `control: POST /items/${id}/images with the direct JPEG answers 201`);
    for (const { name, what } of REFUSED) {
      const res = await items.addImage(id, { url: imageHost.url(name), order: 0 });
      await expectRefused(items, res, ['ITEM-IMG-7'], `POST /items/${id}/images with ${what} is refused`);
      imageCodeFinding(items, `additional image ${what}`, res.json);
    }
  });

  test('[ITEM-IMG-8][ITEM-IMG-9] an image add with order below 0, without url or order, or with a non-integer order is refused with a 4xx', async ({ imageHost }) => {
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-8']);
    const control = await items.addImage(id, { url: imageHost.url('valid'), order: 0 });
    await items.judge.status(control, 201, ['ITEM-IMG-6'], `control: POST /items/${id}/images with url and order 0 answers 201`);
    const bodies: [string, unknown, string][] = [
      ['order -1', { url: imageHost.url('valid'), order: -1 }, 'ITEM-IMG-8'],
      ['no url', { order: 0 }, 'ITEM-IMG-9'],
      ['no order', { url: imageHost.url('valid') }, 'ITEM-IMG-9'],
      ['order 1.5', { url: imageHost.url('valid'), order: 1.5 }, 'ITEM-IMG-9'],
      ['order "0"', { url: imageHost.url('valid'), order: '0' }, 'ITEM-IMG-9'],
    ];
    for (const [what, body, requirement] of bodies) {
      const res = await items.addImage(id, body);
      await expectRefused(items, res, [requirement], `POST /items/${id}/images with ${what} is refused`);
    }
  });
});
