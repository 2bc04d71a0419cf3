/**
 * Updating items (PUT /items/{itemId}). The body is not shown: the suite sends
 * the create payload's `item` object ({item: {...}}, catalog ITEM-UPDATE-1);
 * success status not shown: any 2xx, with or without a body.
 */
import fc from 'fast-check';
import { runTag, test } from '../../fixtures/index.js';
import { expectRefused, freshPayload, leased, readOnly } from './support/bind.js';
import { EXTERNAL_ID, LICENSE_PLATE } from './support/constants.js';
import { assertProperty } from './support/fc-options.js';
import { draftFor, sampleDraft, toPayload } from './support/generators.js';
import type { ItemsApi } from './support/items-api.js';
import { expectedOf, readBack } from './support/read-back.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

type Json = Record<string, unknown>;

/** ITEM-UPDATE-2: a body, when there is one, is the updated item. */
async function bodyIsUpdated(items: ItemsApi, res: Awaited<ReturnType<ItemsApi['update']>>, id: string, item: Json): Promise<void> {
  if (res.status === 204 || res.text.trim() === '') return;
  const body = (res.json ?? {}) as Json;
  const price = body.price as Json | undefined;
  const expected = item.price as Json;
  await items.judge.verify(body.id === id && body.title === item.title && price?.cash_amount === expected.cash_amount, {
    title: `the body of PUT /items/${id} is the updated item`,
    requirements: ['ITEM-UPDATE-2'],
    expected: JSON.stringify({ id, title: item.title, price: expected }),
    actual: JSON.stringify({ id: body.id, title: body.title, price: body.price }),
    exchange: res,
  });
}

test.describe('update', { tag: '@items' }, () => {
  test('[ITEM-UPDATE-1][ITEM-UPDATE-2][ITEM-ATTR-13] an update with new values answers a 2xx and reads back with them (external_id, and license_plate in Cars)', async ({ api, sessions, track, imageHost }, testInfo) => {
    const catalog = await targetCatalog(await readOnly({ api, sessions, track }, testInfo));
    test.skip(catalog.leaves.length === 0, 'not exercised: the target offers no assignable category');
    const { items } = await leased({ api, sessions, track }, 'basic', testInfo);
    const pairs = fc.constantFrom(...catalog.leaves).chain((leaf) => fc.tuple(draftFor(leaf, { pro: false }), draftFor(leaf, { pro: false })));
    await assertProperty(
      fc.asyncProperty(pairs, async ([before, after]) => {
        const id = await items.createOk(freshPayload(before, imageHost), ['ITEM-UPDATE-1']);
        try {
          // The same item, with every value from the second draft and a new external_id.
          const { item } = toPayload(after, { imageUrl: '', externalId: runTag() }) as { item: Json };
          const res = await items.update(id, { item });
          await items.judge.status(res, '2xx', ['ITEM-UPDATE-1']);
          await bodyIsUpdated(items, res, id, item);
          const readBackIds = [EXTERNAL_ID, LICENSE_PLATE].map((a) => ({ id: a, requirement: 'ITEM-ATTR-13' }));
          await readBack(items, id, expectedOf({ item }, readBackIds), ['ITEM-UPDATE-1']);
        } finally {
          await items.remove(id);
        }
      }),
      { numRuns: 8, timeLimitMs: 15_000, grep: '[ITEM-UPDATE-1]' },
    );
  });

  test('[ITEM-UPDATE-3] an update that breaks a create rule is refused and leaves the item unchanged', { tag: '@should' }, async ({ api, sessions, track, imageHost }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const { items } = await leased({ api, sessions, track }, 'basic', testInfo);
    const payload = freshPayload(sampleDraft(leaf!, { pro: false }), imageHost);
    const id = await items.createOk(payload, ['ITEM-UPDATE-3']);
    const item = payload.item as Json;
    const breaks: [string, Json][] = [
      ['a currency other than EUR', { ...item, price: { ...(item.price as Json), currency: 'USD' } }],
      ['max_weight_kg 3', { ...item, delivery: { allowed_by_user: true, max_weight_kg: 3 } }],
    ];
    // The control: the same update unbroken is accepted, so the broken property is the only reason to refuse.
    const control = await items.update(id, { item });
    await items.judge.status(control, '2xx', ['ITEM-UPDATE-1'], `control: PUT /items/${id} with the item as created answers a 2xx`);
    for (const [what, broken] of breaks) {
      const res = await items.update(id, { item: broken });
      await expectRefused(items, res, ['ITEM-UPDATE-3'], `PUT /items/${id} with ${what} is refused`);
      await readBack(items, id, expectedOf(payload), ['ITEM-UPDATE-3']);
    }
  });
});
