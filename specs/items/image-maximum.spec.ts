/**
 * The image maximum (spec, Limits: "Maximum number of images per item: not
 * shown"; Errors list MAX_IMAGES_EXCEED). Additional images, each the same valid
 * JPEG with the next order, are added to a new item until one is refused: the
 * refusal is a 4xx (MUST), MAX_IMAGES_EXCEED where another code is answered a
 * SHOULD finding (GEN-ERR-2). A second item stops at the same count (a maximum is
 * one fixed number), and after one of its images is deleted one more is taken.
 *
 * Bounded: where the target declares its maximum (SC_MAX_IMAGES), the checks add
 * that many and expect the next refused, up to 250 (Shopify's media per product;
 * above it not applicable [maximum_too_high]); else they look for one up to 50,
 * which holds the common range (marketplaces allow 10 to about 50), and a target
 * that takes 50 declared nothing to judge on, not exercised [limit_not_reached],
 * SC_MAX_IMAGES named. Footprint: two items (docs/FIXTURES.md).
 *
 * One reason per refusal: the refused add is the request the accepted ones
 * were, to the same item; only the count of its images differs.
 */
import { type ApiResponse, expectControl, expectRefused, expectStatus, notApplicable, notExercised, recordFinding, skipUnjudged, type StatusExpectation, test, unjudged, verify } from '../fixtures.js';
import { freshPayload } from '../shared/items/bind.js';
import { sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

/** The most additional images a check adds to one item looking for a maximum not declared: the common range fits. */
export const IMAGE_BOUND = 50;
/** The largest declared maximum judged (a hang guard: two items, 2 × (maximum + 1) + 1 adds). */
export const DECLARED_IMAGE_BOUND = 250;
/** Room in the test's time for each add beyond its own limit. */
const ADD_ALLOWANCE_MS = 200;

interface Filled {
  /** Images taken, their ids in order. */
  ids: string[];
  /** The first add refused (a non-2xx), or undefined when `limit + 1` were taken. */
  refusal?: ApiResponse;
}

/** Adds the valid JPEG to the item until one add is refused, `limit + 1` adds at most. */
async function fill(items: ItemsApi, id: string, url: string, limit: number): Promise<Filled> {
  const ids: string[] = [];
  for (let order = 0; order <= limit; order++) {
    const res = await items.addImage(id, { url, order });
    if (res.status < 200 || res.status > 299) return { ids, refusal: res };
    ids.push(String((res.json as { id?: unknown } | undefined)?.id));
  }
  return { ids };
}

/** An answer judged as `expected`, unless it cannot be (a 429 after the retries, a 401 to a dead token: judging/refusal.ts). */
async function expectJudged(res: ApiResponse, expected: StatusExpectation, requirements: string[], title: string): Promise<void> {
  const why = unjudged(res, title);
  if (why !== undefined) skipUnjudged(why);
  await expectStatus(res, expected, requirements, title);
}

function codeFinding(res: ApiResponse): void {
  const code = (res.json as { code?: unknown } | undefined)?.code;
  if (code !== 'MAX_IMAGES_EXCEED') recordFinding(test.info(), { requirement: 'GEN-ERR-2', message: `an image beyond the maximum was refused with ${JSON.stringify(code)}; MAX_IMAGES_EXCEED fits better` });
}

test.describe('image maximum', { tag: '@items' }, () => {
  test('[ITEM-IMG-12] an item takes images up to a maximum and refuses the next with a 4xx; a second item stops at the same count; a deleted image makes room for one more', async ({ catalog, leaseItems, imageHost, settings }) => {
    const declared = settings.declared.maxImages;
    if (declared !== undefined && declared > DECLARED_IMAGE_BOUND) {
      return skipUnjudged(notApplicable('maximum_too_high', `SC_MAX_IMAGES=${declared} is above the ${DECLARED_IMAGE_BOUND} images a check adds to one item`));
    }
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const { items } = await leaseItems('basic');
    const url = imageHost.url('valid');
    const limit = declared ?? IMAGE_BOUND;
    test.setTimeout(test.info().timeout + (2 * (limit + 1) + 1) * ADD_ALLOWANCE_MS);

    const first = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-1']);
    const found = await test.step(`add images to item 1 until one is refused (${limit + 1} at most)`, () => fill(items, first, url, limit));
    if (found.ids.length === 0 && found.refusal) await expectControl(found.refusal, 201, ['ITEM-IMG-6'], 'the first additional image of a new item answers 201');
    if (!found.refusal) {
      if (declared === undefined) skipUnjudged(notExercised('limit_not_reached', `the item took ${found.ids.length} additional images, none refused, and the target declares no maximum (SC_MAX_IMAGES)`));
      await verify(false, {
        title: `image ${declared! + 1} beyond the declared maximum of ${declared} is refused`,
        requirements: ['ITEM-IMG-12'],
        expected: `a 4xx after ${declared} additional images (SC_MAX_IMAGES)`,
        actual: `${found.ids.length} additional images taken, none refused`,
      });
      return;
    }
    const max = found.ids.length;
    await expectRefused(found.refusal, ['ITEM-IMG-12'], `image ${max + 1} of item 1 is refused with a 4xx`);
    codeFinding(found.refusal);
    if (declared !== undefined && max < declared) {
      // The spec fixes no value: a maximum below the declared one is still a maximum, told, not judged.
      test.info().annotations.push({ type: 'declared', description: `the item took ${max} additional images, fewer than the ${declared} declared (SC_MAX_IMAGES)` });
    }

    const second = await items.createOk(freshPayload(draft, imageHost), ['ITEM-IMG-1']);
    const again = await test.step(`add images to item 2 until one is refused (${max + 1} at most)`, () => fill(items, second, url, max));
    const unjudgedAgain = again.refusal && unjudged(again.refusal, `image ${again.ids.length + 1} of item 2`);
    if (unjudgedAgain) skipUnjudged(unjudgedAgain);
    await verify(again.ids.length === max && again.refusal !== undefined, {
      title: `item 2 takes the same ${max} additional images and refuses image ${max + 1}`,
      requirements: ['ITEM-IMG-12'],
      expected: `${max} taken, image ${max + 1} refused`,
      actual: again.refusal ? `${again.ids.length} taken, image ${again.ids.length + 1} answered ${again.refusal.status}` : `${again.ids.length} taken, none refused`,
      exchange: again.refusal,
    });
    if (again.refusal) await expectRefused(again.refusal, ['ITEM-IMG-12'], `image ${max + 1} of item 2 is refused with a 4xx`);

    await expectJudged(await items.removeImage(second, again.ids[0]), '2xx', ['ITEM-IMG-10'], 'DELETE one image of the full item 2');
    const room = await items.addImage(second, { url, order: max });
    await expectJudged(room, 201, ['ITEM-IMG-12'], `after one of its images is deleted, item 2 takes one more (image ${max})`);
  });
});
