/**
 * Pro-only operations on a Basic account ("Some features (inactivate,
 * activate, stock, free shipping) require a Pro subscription"): inactivate
 * and activate are refused, any 4xx, and the item keeps its state. Stock and
 * free shipping are in the broken-payload catalogue (validation.spec.ts).
 */
import { test } from '../../fixtures/index.js';
import { activeCount, standingOf } from './support/account-state.js';
import { freshPayload, leased, readOnly } from './support/bind.js';
import { sampleDraft } from './support/generators.js';
import { entryFor } from './support/items-api.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

test.describe('basic plan', { tag: '@items' }, () => {
  test('[ITEM-PRO-3] inactivate by a Basic account is refused with a 4xx and the item stays active', async ({ api, sessions, track, imageHost }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const { items } = await leased({ api, sessions, track }, 'basic', testInfo);
    const id = await items.createOk(freshPayload(sampleDraft(leaf!, { pro: false, minimal: true }), imageHost), ['ITEM-PRO-3']);
    test.skip((await standingOf(items, id)) !== 'active', 'not exercised: the Basic account has no free slot, so the item is not active');
    const res = await items.operate(id, 'inactivate');
    await items.judge.status(res, '4xx', ['ITEM-PRO-3'], `PUT /items/${id}/inactivate by a Basic account is refused`);
    const standing = await standingOf(items, id);
    await items.judge.verify(standing === 'active', {
      title: 'the item stays active',
      requirements: ['ITEM-PRO-3'],
      expected: 'listed without inactive, not in GET /items/inactive',
      actual: `listed as ${standing}`,
    });
  });

  test('[ITEM-PRO-4] activate by a Basic account of an item born hidden beyond the quota is refused with a 4xx and the item stays hidden', async ({ api, sessions, track, imageHost, settings }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const { items } = await leased({ api, sessions, track }, 'basic', testInfo);
    const { entries } = await items.limitEntries();
    const total = entryFor(entries, leaf!.id)?.total ?? Number.POSITIVE_INFINITY;
    const free = total - (await activeCount(items));
    test.skip(free + 1 > settings.maxItems, `not exercised: ${free} free slot(s) to fill before a create goes hidden; SC_MAX_ITEMS is ${settings.maxItems}`);
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    for (let i = 0; i < free; i++) await items.createOk(freshPayload(draft, imageHost), ['ITEM-QUOTA-2']);
    const id = await items.createOk(freshPayload(draft, imageHost), ['ITEM-QUOTA-1']);
    test.skip((await standingOf(items, id)) !== 'hidden', 'not exercised: the create beyond the quota did not give a hidden item (see ITEM-QUOTA-1)');
    const res = await items.operate(id, 'activate');
    await items.judge.status(res, '4xx', ['ITEM-PRO-4'], `PUT /items/${id}/activate by a Basic account is refused`);
    const standing = await standingOf(items, id);
    await items.judge.verify(standing === 'hidden', {
      title: 'the item stays hidden',
      requirements: ['ITEM-PRO-4'],
      expected: 'in GET /items/inactive',
      actual: `listed as ${standing}`,
    });
  });
});
