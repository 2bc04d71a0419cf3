/**
 * A limit lowered below the active count ("active → inactive: subscription
 * limit reached, automatic"), through the sandbox control API. Which items go
 * hidden is not shown; only the counts are checked. The limit is restored.
 */
import { test, verify } from '../fixtures.js';
import { activeCount } from '../shared/items/account-state.js';
import { isHidden } from '../shared/items/paging.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { sampleDraft } from '../shared/items/generators.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

test.describe('limit lowering', { tag: '@items' }, () => {
  test('[ITEM-QUOTA-10] a limit lowered below the active count hides items until the active count fits it', async ({ track, imageHost, control, settings, catalog, leaseItems }, testInfo) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items, session } = await leaseItems('pro');
    // Two free slots, made through the control API when the account has fewer (restored after the test).
    const { total, active: before } = await needRoom({ settings, track }, items, session, leaf!.id, { min: 2, why: 'two active items of the run' });
    // Two active items of the run, so the lowered limit has items of ours to hide.
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const ours = new Set<string>();
    for (let i = 0; i < 2; i++) ours.add(await items.createOk(freshPayload(draft, imageHost), ['ITEM-QUOTA-2']));
    // The account's own active items: which items the lowering hides is not shown, so any of them may be.
    const ownActive = (await items.walk('/items', ['ITEM-PAGE-2'])).filter((e) => !isHidden(e) && !ours.has(e.id)).map((e) => e.id);
    const lowered = before + 1;
    try {
      await test.step(`control API: limit of ${session.username} → ${lowered}`, () => control.setLimit(session.username, lowered));
      const active = await activeCount(items);
      await verify(active === lowered, {
        title: 'after the limit is lowered, the active items fit it exactly',
        requirements: ['ITEM-QUOTA-10'],
        expected: `${lowered} active items (the new limit; ${before + 2} before)`,
        actual: `${active} active items`,
      });
    } finally {
      await test.step(`control API: limit of ${session.username} back to ${total}`, () => control.setLimit(session.username, total));
      // Leave the account as it was: an item of its own the lowering hid is activated again (the check touches only what it made).
      const hiddenNow = new Set((await items.walkRaw('/items/inactive')).entries.map((e) => e.id));
      for (const id of ownActive.filter((i) => hiddenNow.has(i))) {
        const res = await items.operate(id, 'activate');
        if (res.status < 200 || res.status > 299) testInfo.annotations.push({ type: 'cleanup', description: `could not activate again item ${id} hidden by the lowered limit: ${res.status}` });
      }
    }
  });
});
