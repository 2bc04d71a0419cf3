/**
 * The items part's defect seam: every declared defect is read in
 * reference/items, every read is declared, its `breaks` name catalog IDs, and
 * switching it on changes what a client sees (a probe that is false on the
 * faithful reference and true with the defect).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_IMAGES } from '../../reference/config.js';
import { expect, test } from './reference-fixture.js';
import { serveImage } from '../../suite-server/image-host.js';
import { type ServedImage, servedPath } from '../../suite-server/served-image.js';
import { isTestable, requirementById } from '../../catalog/index.js';
import { isDefectName } from '../../reference/defects/index.js';
import { ITEMS_DEFECTS } from '../../reference/defects/items.js';
import { isVariantName } from '../../reference/variants.js';
import { createPayload, type HarnessOptions, type ImageHost, ItemsHarness } from './reference-items-harness.js';

let host: ImageHost;
// The suite's own image host, for the images served the way a check chose (suite-server/served-image.ts).
let suiteImages: Server;
let suiteImagesBase: string;
test.beforeAll(async ({ imageHost }) => {
  host = imageHost;
  suiteImages = createServer((req, res) => {
    if (!serveImage(req, res, new URL(req.url ?? '/', 'http://x').pathname)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => suiteImages.listen(0, '127.0.0.1', resolve));
  suiteImagesBase = `http://127.0.0.1:${(suiteImages.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => suiteImages.close(() => resolve()));
});

const ITEMS_DIR = new URL('../../reference/items/', import.meta.url);
const source = readdirSync(ITEMS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(new URL(f, ITEMS_DIR), 'utf8'))
  .join('\n');
const reads = (kind: 'defect' | 'variant') => new Set([...source.matchAll(new RegExp(`seam\\.${kind}\\('([a-z0-9-]+)'\\)`, 'g'))].map((m) => m[1]));

test('every items defect is read in reference/items, and every read there is declared', () => {
  // A defect of another group may be read here too, where its deviation happens (no-item-listed-event: the create emits).
  const read = reads('defect');
  expect(Object.keys(ITEMS_DEFECTS).filter((name) => !read.has(name))).toEqual([]);
  for (const name of read) expect(isDefectName(name), name).toBe(true);
  for (const name of reads('variant')) expect(isVariantName(name), name).toBe(true);
  expect(Object.keys(ITEMS_DEFECTS).length).toBeGreaterThanOrEqual(20);
});

test('every items defect breaks testable catalog IDs', () => {
  for (const [name, info] of Object.entries(ITEMS_DEFECTS)) {
    expect(info.group, name).toBe('items');
    expect(info.breaks.length, name).toBeGreaterThan(0);
    for (const id of info.breaks) {
      const requirement = requirementById(id);
      expect(requirement && isTestable(requirement), `${name} → ${id} (a testable catalog entry)`).toBe(true);
    }
  }
});

type Probe = { options?: HarnessOptions; deviates: (h: ItemsHarness) => Promise<boolean> };
const ok = () => host.url('/ok.jpg');
const post = (h: ItemsHarness, who: string, body: unknown) => h.call(who, 'POST', '/items', { body });
const created = async (h: ItemsHarness, item: Record<string, unknown>, extra: Record<string, unknown> = {}, who = 'pro-1') =>
  (await post(h, who, createPayload(ok(), item, extra))).status === 201;
const createdWithImage = async (h: ItemsHarness, path: string) => (await post(h, 'pro-1', createPayload(host.url(path)))).status === 201;
/** A create whose main image is the plain JPEG served with these changes. */
const createdServed = async (h: ItemsHarness, over: Partial<ServedImage>) => {
  const image: ServedImage = { body: 'jpeg', status: 200, contentType: 'image/jpeg', length: 'declared', redirects: [], extension: 'jpg', ...over };
  return (await post(h, 'pro-1', createPayload(`${suiteImagesBase}${servedPath(image)}?n=probe`))).status === 201;
};
const firstId = async (h: ItemsHarness, who: string, path = '/items') => (await h.call(who, 'GET', path)).body.items[0].id as string;
const activeCount = async (h: ItemsHarness, who: string) => {
  const { ids } = await h.walk(who);
  return ids.length - (await h.walk(who, '/items/inactive')).ids.length;
};
const slotKept = (op: 'sold' | 'delete') => async (h: ItemsHarness) => {
  const id = (await post(h, 'basic-1', createPayload(ok()))).body.id;
  await (op === 'sold' ? h.call('basic-1', 'PUT', `/items/${id}/sold`) : h.call('basic-1', 'DELETE', `/items/${id}`));
  return (await h.limits('basic-1')).used !== 1;
};

const PROBES: Record<string, Probe> = {
  'quota-ignored': { options: { itemLimit: 1 }, deviates: async (h) => (await created(h, {}, {}, 'basic-1')) && (await activeCount(h, 'basic-1')) > 1 },
  'quota-refuses': { options: { itemLimit: 1 }, deviates: async (h) => !(await created(h, {}, {}, 'basic-1')) },
  'quota-race': {
    options: { itemLimit: 2 },
    deviates: async (h) => {
      await Promise.all([1, 2, 3, 4].map(() => post(h, 'basic-1', createPayload(ok()))));
      return (await activeCount(h, 'basic-1')) > 2;
    },
  },
  'sold-keeps-slot': { deviates: slotKept('sold') },
  'delete-keeps-slot': { deviates: slotKept('delete') },
  'freed-slot-not-reused': {
    deviates: async (h) => {
      // The account's last slot filled, freed by a deletion, then a create: hidden under the defect, limits none the wiser.
      h.service.setLimit('basic-1', (await activeCount(h, 'basic-1')) + 1);
      await h.call('basic-1', 'DELETE', `/items/${(await post(h, 'basic-1', createPayload(ok()))).body.id}`);
      const id = (await post(h, 'basic-1', createPayload(ok()))).body.id;
      return (await h.call('basic-1', 'GET', `/items/${id}`)).body.inactive !== undefined;
    },
  },
  'activate-ignores-quota': {
    options: { itemLimit: 1 },
    deviates: async (h) => (await h.call('pro-1', 'PUT', `/items/${await firstId(h, 'pro-1', '/items/inactive')}/activate`)).status === 200,
  },
  'limit-lowering-keeps-active': {
    deviates: async (h) => {
      h.service.setLimit('pro-1', 0);
      return (await h.limits('pro-1')).used > 0;
    },
  },
  'limit-lowering-hides-sold': {
    deviates: async (h) => {
      // The newest item, sold: a lowering to 0 must hide the active ones and leave it sold.
      const id = (await post(h, 'pro-1', createPayload(ok()))).body.id;
      await h.call('pro-1', 'PUT', `/items/${id}/sold`);
      h.service.setLimit('pro-1', 0);
      return (await h.call('pro-1', 'GET', `/items/${id}`)).body.inactive?.flag === true;
    },
  },
  'limits-available-wrong': { deviates: async (h) => ((l) => l.available !== l.total - l.used)(await h.limits('pro-1')) },
  'basic-can-activate': {
    deviates: async (h) => {
      // An inactive item (the limit lowered to 0), then a free slot again: only the plan is left to refuse the activate.
      h.service.setLimit('basic-1', 0);
      h.service.setLimit('basic-1', 100);
      return (await h.call('basic-1', 'PUT', `/items/${await firstId(h, 'basic-1', '/items/inactive')}/activate`)).status === 200;
    },
  },
  'basic-can-inactivate': { deviates: async (h) => (await h.call('basic-1', 'PUT', `/items/${await firstId(h, 'basic-1')}/inactivate`)).status === 200 },
  'stock-on-basic-accepted': { deviates: (h) => created(h, {}, { stock: { units: 1 } }, 'basic-1') },
  'free-shipping-on-basic-accepted': { deviates: (h) => created(h, { delivery: { allowed_by_user: true, free_shipping: true } }, {}, 'basic-1') },
  'no-item-inactivated-event': {
    deviates: async (h) => {
      await h.call('pro-1', 'PUT', `/items/${await firstId(h, 'pro-1')}/inactivate`);
      return !h.events.some((e) => e.type === 'ITEM_INACTIVATED');
    },
  },
  'inactive-flag-false': { deviates: async (h) => 'inactive' in (await h.call('pro-1', 'GET', '/items')).body.items[0] },
  'inactive-missing-from-list': { deviates: async (h) => (await h.walk('pro-1')).ids.length !== 2 },
  'inactive-list-has-active': { deviates: async (h) => (await h.walk('pro-1', '/items/inactive')).ids.length !== 1 },
  'sold-still-listed': {
    deviates: async (h) => {
      const id = await firstId(h, 'pro-1');
      await h.call('pro-1', 'PUT', `/items/${id}/sold`);
      return (await h.walk('pro-1')).ids.includes(id);
    },
  },
  'page-drops-boundary-item': {
    options: { itemLimit: 10 },
    deviates: async (h) => {
      for (let i = 0; i < 5; i++) await post(h, 'basic-1', createPayload(ok()));
      return (await h.walk('basic-1')).ids.length !== 6;
    },
  },
  // Pages of 8: the ninth entry of basic-1's list (its own item and 8 created) is the first beyond a boundary.
  'page-8-drops-boundary-item': {
    options: { itemLimit: 20 },
    deviates: async (h) => {
      for (let i = 0; i < 8; i++) await post(h, 'basic-1', createPayload(ok()));
      return (await h.walk('basic-1')).ids.length !== 9;
    },
  },
  // Pages of 10: the hidden list's second page is its first again.
  'inactive-page-token-ignored-pages-of-10': {
    options: { itemLimit: 1 },
    deviates: async (h) => {
      for (let i = 0; i < 12; i++) await post(h, 'pro-1', createPayload(ok()));
      const first = (await h.call('pro-1', 'GET', '/items/inactive')).body;
      const next = first.meta?.pagination?.next;
      if (typeof next !== 'string') return false;
      const second = (await h.call('pro-1', 'GET', `/items/inactive?since=${next}`)).body;
      return second.items[0].id === first.items[0].id;
    },
  },
  'page-token-ignored': {
    options: { variants: ['page-size-1'] },
    deviates: async (h) => {
      const first = (await h.call('pro-1', 'GET', '/items')).body;
      const second = (await h.call('pro-1', 'GET', `/items?since=${first.meta.pagination.next}`)).body;
      return second.items[0].id === first.items[0].id;
    },
  },
  // The last page gives a next all the same, and following it gives that next again.
  'page-next-repeats': {
    deviates: async (h) => {
      const first = (await h.call('pro-1', 'GET', '/items')).body;
      const next = first.meta?.pagination?.next;
      if (typeof next !== 'string') return false;
      const second = (await h.call('pro-1', 'GET', `/items?since=${next}`)).body;
      return second.meta?.pagination?.next === next;
    },
  },
  // A page token that decodes to JSON null (base64url of 'null'): refused with a 4xx, never a 500 (the harness
  // calls the handler itself, so the defect's TypeError arrives as a throw, which the server answers with a 500).
  'page-token-unchecked': {
    deviates: (h) =>
      h.call('pro-1', 'GET', '/items?since=bnVsbA').then(
        (res) => res.status >= 500,
        (error: unknown) => error instanceof TypeError,
      ),
  },
  'external-id-lost': { deviates: async (h) => (await h.call('pro-1', 'GET', `/items/${await firstId(h, 'pro-1')}`)).body.attributes.external_id === undefined },
  'other-account-item-visible': { deviates: async (h) => (await h.call('pro-2', 'GET', `/items/${await firstId(h, 'pro-1')}`)).status === 200 },
  'deleted-item-readable': {
    deviates: async (h) => {
      const id = await firstId(h, 'pro-1');
      await h.call('pro-1', 'DELETE', `/items/${id}`);
      return (await h.call('pro-1', 'GET', `/items/${id}`)).status === 200;
    },
  },
  'item-read-omits-inactive': {
    // pro-1's seeded hidden item: still flagged in GET /items/inactive, not on its own read.
    deviates: async (h) => (await h.call('pro-1', 'GET', `/items/${await firstId(h, 'pro-1', '/items/inactive')}`)).body.inactive?.flag !== true,
  },
  'root-parent-self': { deviates: async (h) => (await h.call('pro-1', 'GET', '/items/categories')).body.categories[0].parent_id !== null },
  'fallback-language-wrong': {
    deviates: async (h) => (await h.call('pro-1', 'GET', '/items/categories', { headers: { 'accept-language': 'fr' } })).body.categories[0].name !== 'Motor',
  },
  'value-titles-untranslated': {
    deviates: async (h) => {
      const furniture = (await h.call('pro-1', 'GET', '/items/categories/301/attributes', { headers: { 'accept-language': 'es' } })).body;
      return furniture.attributes[0].options.values[0].title === 'New';
    },
  },
  'value-title-left-english': {
    deviates: async (h) => {
      const furniture = (await h.call('pro-1', 'GET', '/items/categories/301/attributes', { headers: { 'accept-language': 'it' } })).body;
      const condition = furniture.attributes[0].options.values as { id: string; title: string }[];
      return condition.find((v) => v.id === 'fair')?.title === 'Fair' && condition.find((v) => v.id === 'new')?.title === 'Nuovo';
    },
  },
  'missing-main-image-accepted': { deviates: async (h) => (await post(h, 'pro-1', { item: createPayload(ok()).item })).status === 201 },
  'currency-not-checked': { deviates: (h) => created(h, { price: { cash_amount: 1, currency: 'USD' } }) },
  'weight-not-checked': { deviates: (h) => created(h, { delivery: { allowed_by_user: true, max_weight_kg: 3 } }) },
  'grouping-category-accepted': { deviates: (h) => created(h, { category_leaf_id: '100' }) },
  'attribute-length-not-checked': { deviates: (h) => created(h, { attributes: { external_id: 'x'.repeat(76) } }) },
  'attribute-range-not-checked': { deviates: (h) => created(h, { category_leaf_id: '301', attributes: { height_cm: 301 } }) },
  'discrete-choices-not-checked': { deviates: (h) => created(h, { attributes: { condition: ['new', 'good'] } }) },
  'mandatory-attribute-not-checked': { deviates: (h) => created(h, { category_leaf_id: '201' }) },
  'unknown-attribute-accepted': { deviates: (h) => created(h, { attributes: { foo: 'bar' } }) },
  'license-plate-anywhere': { deviates: (h) => created(h, { attributes: { license_plate: 'AB12' } }) },
  'license-plate-update-ignored': {
    deviates: async (h) => {
      const cars = { category_leaf_id: '101', attributes: { brand: 'B', model: 'M', license_plate: 'AB12' } };
      const id = (await post(h, 'pro-1', createPayload(ok(), cars))).body.id;
      await h.call('pro-1', 'PUT', `/items/${id}`, { body: createPayload(ok(), { ...cars, attributes: { ...cars.attributes, license_plate: 'XY99' } }) });
      return (await h.call('pro-1', 'GET', `/items/${id}`)).body.attributes.license_plate !== 'XY99';
    },
  },
  'image-redirect-followed': { deviates: (h) => createdWithImage(h, '/redirect.jpg') },
  'image-png-accepted': { deviates: (h) => createdWithImage(h, '/ok.png') },
  'image-size-not-checked': { deviates: (h) => createdWithImage(h, '/big-declared.jpg') },
  'image-non-2xx-accepted': { deviates: (h) => createdWithImage(h, '/missing.jpg') },
  // missing.jpg answers 404 with a JPEG body: only its status is wrong.
  'image-status-ignored': { deviates: (h) => createdWithImage(h, '/missing.jpg') },
  'text-limit-counts-bytes': { deviates: async (h) => !(await created(h, { attributes: { external_id: 'é'.repeat(75) } })) },
  'text-limit-counts-utf16': { deviates: async (h) => !(await created(h, { attributes: { external_id: '😀'.repeat(75) } })) },
  'image-redirect-307-308-followed': { deviates: (h) => createdServed(h, { redirects: [307] }) },
  'image-status-200-only': { deviates: async (h) => !(await createdServed(h, { status: 203 })) },
  'image-type-from-header': { deviates: (h) => createdWithImage(h, '/png-as.jpg') },
  'image-type-case-sensitive': { deviates: async (h) => !(await createdServed(h, { contentType: 'IMAGE/JPEG' })) },
  'image-type-from-extension': { deviates: (h) => createdServed(h, { body: 'png', contentType: 'image/png', extension: 'jpg' }) },
  'image-size-from-header': { deviates: (h) => createdWithImage(h, '/big-chunked.jpg') },
  'image-length-required': { deviates: async (h) => !(await createdServed(h, { length: 'chunked' })) },
  'image-limit-exclusive': { deviates: async (h) => !(await createdServed(h, { body: 'jpeg-at-limit' })) },
  // Eleven additional images: the eleventh is past the maximum of 10 (REFERENCE_MAX_IMAGES).
  'no-image-maximum': {
    deviates: async (h) => {
      const id = await firstId(h, 'pro-1');
      const answers = [];
      for (let order = 0; order <= DEFAULT_MAX_IMAGES; order++) answers.push((await h.call('pro-1', 'POST', `/items/${id}/images`, { body: { url: ok(), order } })).status);
      return answers.every((s) => s === 201);
    },
  },
  'image-add-refused-after-delete': {
    deviates: async (h) => {
      const id = await firstId(h, 'pro-1');
      const add = (order: number) => h.call('pro-1', 'POST', `/items/${id}/images`, { body: { url: ok(), order } });
      await h.call('pro-1', 'DELETE', `/items/${id}/images/${(await add(0)).body.id}`);
      return (await add(0)).status !== 201;
    },
  },
  'image-order-negative-accepted': {
    deviates: async (h) => (await h.call('pro-1', 'POST', `/items/${await firstId(h, 'pro-1')}/images`, { body: { url: ok(), order: -1 } })).status === 201,
  },
};

test('every items defect has a probe', () => {
  expect(Object.keys(PROBES).sort()).toEqual(Object.keys(ITEMS_DEFECTS).sort());
});

for (const [name, probe] of Object.entries(PROBES)) {
  test(`defect ${name}: the faithful reference does not deviate, the defective one does`, async () => {
    expect(await probe.deviates(new ItemsHarness(probe.options)), 'faithful').toBe(false);
    expect(await probe.deviates(new ItemsHarness({ ...probe.options, defect: name })), 'defective').toBe(true);
  });
}
