/**
 * Creating items (spec "Item create payload"): valid payloads generated from
 * the spec's constants and the target's own attributes are accepted and read
 * back; the optional parts each have a check of their own.
 */
import fc from 'fast-check';
import { test } from '../fixtures.js';
import { freshPayload } from '../shared/items/bind.js';
import { EXTERNAL_ID, LICENSE_PLATE, MAX_WEIGHTS } from '../shared/items/constants.js';
import { assertProperty } from '../shared/property.js';
import { draftFor, sampleDraft } from '../shared/items/generators.js';
import { expectedOf, readBack } from './support/read-back.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

const READ_BACK = [
  { id: EXTERNAL_ID, requirement: 'ITEM-ATTR-11' },
  { id: LICENSE_PLATE, requirement: 'ITEM-ATTR-12' },
];

test.describe('create', { tag: '@items' }, () => {
  test('[ITEM-CREATE-1][ITEM-CREATE-4][ITEM-CREATE-7][ITEM-READ-1][ITEM-ATTR-11] valid payloads in the sampled categories answer 201 and read back as sent', async ({ imageHost, leaseItems, catalog, settings }) => {
    test.skip(catalog.leaves.length === 0, NO_CATEGORY);
    const { items } = await leaseItems('pro');
    const drafts = fc.constantFrom(...catalog.leaves).chain((leaf) => draftFor(leaf, { pro: false }));
    // A fixed example on every run: delivery allowed with the largest listed weight proves ITEM-CREATE-4 whatever is drawn.
    const withDelivery = { ...sampleDraft(catalog.leaves[0], { pro: false }), delivery: { allowed_by_user: true, max_weight_kg: MAX_WEIGHTS[MAX_WEIGHTS.length - 1] } };
    await assertProperty(
      fc.asyncProperty(drafts, async (draft) => {
        const payload = freshPayload(draft, imageHost);
        // A draft with delivery allowed by the user and a listed max weight also proves ITEM-CREATE-4.
        const proves = draft.delivery?.allowed_by_user && draft.delivery.max_weight_kg !== undefined ? ['ITEM-CREATE-7', 'ITEM-CREATE-4'] : ['ITEM-CREATE-7'];
        const id = await items.createOk(payload, proves);
        try {
          await readBack(items, id, expectedOf(payload, READ_BACK), ['ITEM-CREATE-7']);
        } finally {
          // Deleted at once, shrinking runs included: the runs must not fill the account's quota.
          await items.remove(id);
        }
      }),
      // Each run is an item on the account (docs/FIXTURES.md, "Footprint"): the example and two drawn leaves and drafts.
      { settings, numRuns: 2, timeLimitMs: 20_000, examples: [[withDelivery]] },
    );
  });

  test('[ITEM-CREATE-2] a create holding only the required fields (and the run’s external_id) answers 201', async ({ imageHost, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items } = await leaseItems('basic');
    const payload = freshPayload(sampleDraft(leaf!, { pro: false, minimal: true }), imageHost);
    const id = await items.createOk(payload, ['ITEM-CREATE-2']);
    await readBack(items, id, expectedOf(payload), ['ITEM-CREATE-2']);
  });

  test('[ITEM-CREATE-3] a create carrying the deprecated hashtags answers 201', async ({ imageHost, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items } = await leaseItems('basic');
    const draft = { ...sampleDraft(leaf!, { pro: false, minimal: true }), hashtags: ['vintage', 'conformance'] };
    await items.createOk(freshPayload(draft, imageHost), ['ITEM-CREATE-3']);
  });

  test('[ITEM-CREATE-5][ITEM-CREATE-6] a Pro account’s create with stock units and with free shipping answers 201', async ({ imageHost, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items } = await leaseItems('pro');
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    await test.step('stock', async () => {
      const id = await items.createOk(freshPayload({ ...draft, stock: { units: 3 } }, imageHost), ['ITEM-CREATE-5']);
      await items.remove(id);
    });
    await test.step('free shipping', async () => {
      const delivery = { allowed_by_user: true, max_weight_kg: 5, free_shipping: true };
      await items.createOk(freshPayload({ ...draft, delivery }, imageHost), ['ITEM-CREATE-6']);
    });
  });
});
