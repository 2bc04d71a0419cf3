/**
 * Images (spec "Item create payload" main_image and "Item image"): only a JPEG
 * of at most 10 MB, served directly with a 2xx, is accepted, as the main image
 * and as an additional one; `order` is an integer from 0. The suite's image
 * host serves each case (suite-server/image-host.ts).
 *
 * One reason per refusal: each refused image breaks one rule and keeps every
 * other (the 404 serves a valid JPEG, typed image/jpeg, so only its status is
 * wrong), and its control, the same request with the valid JPEG, must succeed.
 * A 429 after the retries never counts as the refusal, nor a 401 unless a re-check
 * of the same token shows it alive (judging/refusal.ts): then the 401 is the answer.
 *
 * Every create is an item on the account (docs/FIXTURES.md, "Footprint"): the
 * main-image checks break one base payload (support/proven.ts), whose create
 * with the direct JPEG is ITEM-IMG-1's check and the control of the others (this
 * file runs in one worker, in order, so it is sent once per run); the
 * additional-image rules are judged on one item, the valid add (ITEM-IMG-6)
 * being the control of every refused add; as the refused adds come after that
 * image was deleted, the item first takes a valid one again (support/image-room.ts).
 */
import { expectRefused, expectRefusedSoft, expectStatus, type ImageName, recordFinding, test, verify } from '../fixtures.js';
import { freshPayload } from '../shared/items/bind.js';
import { type CategoryFacts, sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { expectRoomAfterDelete } from './support/image-room.js';
import { baseFor } from './support/proven.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

// One worker, in order: ITEM-IMG-1's create proves the base the main-image refusals break (support/proven.ts).
test.describe.configure({ mode: 'default' });

/** The image host's refused images and the requirement each breaks as a main image: each is otherwise a valid JPEG. */
const REFUSED: { name: ImageName; what: string; requirement: string }[] = [
  { name: 'png', what: 'a PNG', requirement: 'ITEM-IMG-2' },
  { name: 'huge', what: 'a JPEG over 10 MB', requirement: 'ITEM-IMG-3' },
  { name: 'redirect', what: 'a redirect to a JPEG', requirement: 'ITEM-IMG-4' },
  { name: 'gone', what: 'a URL answering 404 with a valid JPEG body', requirement: 'ITEM-IMG-5' },
];

/** Refused answers carrying a code that fits worse than INVALID_IMAGE are a finding. */
function imageCodeFinding(what: string, json: unknown): void {
  const code = (json as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code !== 'INVALID_IMAGE') recordFinding(test.info(), { requirement: 'GEN-ERR-2', message: `${what}: refused with ${code}; INVALID_IMAGE fits better` });
}

test.describe('images', { tag: '@items' }, () => {
  let items: ItemsApi;
  let leaf: CategoryFacts;
  let draft: ReturnType<typeof sampleDraft>;

  test.beforeEach(async ({ catalog, leaseItems }) => {
    const found = plainLeaf(catalog);
    test.skip(!found, NO_CATEGORY);
    leaf = found!;
    draft = sampleDraft(leaf, { pro: false, minimal: true });
    ({ items } = await leaseItems('basic'));
  });

  test('[ITEM-IMG-1] a create whose main image is a direct JPEG answers 201', async ({ imageHost, proofs }) => {
    const base = baseFor('basic', leaf, proofs.source);
    await items.createOk(freshPayload(base.draft, imageHost), ['ITEM-IMG-1']);
    // The control of the main-image refusals below: the same create, their image aside.
    proofs.remember(base);
  });

  for (const { name, what, requirement } of REFUSED) {
    test(`[${requirement}] a create whose main image is ${what} is refused with a 4xx`, async ({ imageHost, proofs }) => {
      const { base, reused } = await test.step('control: the same create with the direct JPEG answers 201', () =>
        proofs.provenBase('basic', leaf, async (b) => {
          await items.createOk(freshPayload(b.draft, imageHost), ['ITEM-IMG-1']);
          return { accepted: true };
        }),
      );
      if (reused) await test.step('control: answered 201 earlier in this run (ITEM-IMG-1, or an earlier refusal of this file)', async () => {});
      const payload = { ...freshPayload(base.draft, imageHost), main_image: { url: imageHost.url(name) } };
      const res = await items.create(payload);
      await expectRefused(res, [requirement], `POST /items with ${what} as main image is refused`);
      imageCodeFinding(`main image ${what}`, res.json);
    });
  }

  test('[ITEM-IMG-6][ITEM-IMG-10][ITEM-IMG-11][ITEM-IMG-7][ITEM-IMG-8][ITEM-IMG-9] on one item: an additional JPEG with order 0 answers 201 with its id and its delete a 2xx, a second delete is refused; an image that breaks a main-image rule, an order below 0, no url or order, or a non-integer order is refused with a 4xx', async ({ imageHost }) => {
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-6']);
    // The valid add is ITEM-IMG-6's check and the control of every refused add below, sent to the same item in the
    // same state (no additional image: the valid one is deleted again first).
    const res = await items.addImage(id, { url: imageHost.url('valid'), order: 0 });
    await expectStatus(res, 201, ['ITEM-IMG-6'], `control: POST /items/${id}/images with the direct JPEG and order 0 answers 201`);
    const imageId = (res.json as { id?: unknown } | undefined)?.id;
    await verify(typeof imageId === 'string' || Number.isInteger(imageId), {
      title: 'POST /items/{itemId}/images answers the image id',
      requirements: ['ITEM-IMG-6'],
      expected: 'an id (string or integer)',
      actual: `id ${JSON.stringify(imageId)}`,
      exchange: res,
    });
    await expectStatus(await items.removeImage(id, String(imageId)), '2xx', ['ITEM-IMG-10']);
    // ITEM-IMG-11 is a SHOULD: its refusals are judged softly, so a finding never hides the rules below; nor does an
    // answer that cannot be judged (a 429 after the retries, a 401 to a dead token): not exercised for that rule only.
    await expectRefusedSoft(() => items.removeImage(id, String(imageId)), ['ITEM-IMG-11'], 'a second DELETE of the same image is refused');
    await expectRefusedSoft(() => items.removeImage(id, 'sc-no-such-image'), ['ITEM-IMG-11'], 'a DELETE of an image never added is refused');
    // The refusals below are judged on an item that had an image deleted: it must take a valid one again first, so
    // each refusal is its image's, not the deletion's (a refusal there is ITEM-IMG-12's, and leaves these unjudged).
    await expectRoomAfterDelete(items, id, imageHost.url('valid'));
    for (const { name, what } of REFUSED) {
      const refused = await expectRefusedSoft(() => items.addImage(id, { url: imageHost.url(name), order: 0 }), ['ITEM-IMG-7'], `POST /items/${id}/images with ${what} is refused`);
      if (refused.held !== undefined) imageCodeFinding(`additional image ${what}`, refused.res?.json);
    }
    const bodies: [string, unknown, string][] = [
      ['order -1', { url: imageHost.url('valid'), order: -1 }, 'ITEM-IMG-8'],
      ['no url', { order: 0 }, 'ITEM-IMG-9'],
      ['no order', { url: imageHost.url('valid') }, 'ITEM-IMG-9'],
      ['order 1.5', { url: imageHost.url('valid'), order: 1.5 }, 'ITEM-IMG-9'],
      ['order "0"', { url: imageHost.url('valid'), order: '0' }, 'ITEM-IMG-9'],
    ];
    for (const [what, body, requirement] of bodies) {
      await expectRefusedSoft(() => items.addImage(id, body), [requirement], `POST /items/${id}/images with ${what} is refused`);
    }
  });
});
