/**
 * A limit lowered below the active count ("active → inactive: subscription
 * limit reached, automatic"), through the sandbox control API. Which items go
 * hidden is not shown; only the counts are checked. The limit is restored.
 */
import { test } from '../../fixtures/index.js';
import { activeCount } from './support/account-state.js';
import { freshPayload, leased, readOnly } from './support/bind.js';
import { needRoom } from './support/bind-room.js';
import { sampleDraft } from './support/generators.js';
import { plainLeaf, targetCatalog } from './support/target-catalog.js';

test.describe('limit lowering', { tag: '@items' }, () => {
  test('[ITEM-QUOTA-10] a limit lowered below the active count hides items until the active count fits it', async ({ api, sessions, track, imageHost, control, settings }, testInfo) => {
    const leaf = plainLeaf(await targetCatalog(await readOnly({ api, sessions, track }, testInfo)));
    test.skip(!leaf, 'not exercised: the target offers no assignable category');
    const { items, session } = await leased({ api, sessions, track }, 'pro', testInfo);
    // Two free slots, made through the control API when the account has fewer (restored after the test).
    const { total, active: before } = await needRoom({ settings, track }, items, session, leaf!.id, { min: 2, why: 'two active items of the run' });
    // Two active items of the run, so the lowered limit has items of ours to hide.
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    for (let i = 0; i < 2; i++) await items.createOk(freshPayload(draft, imageHost), ['ITEM-QUOTA-2']);
    const lowered = before + 1;
    try {
      await test.step(`control API: limit of ${session.username} → ${lowered}`, () => control.setLimit(session.username, lowered));
      const active = await activeCount(items);
      await items.judge.verify(active === lowered, {
        title: 'after the limit is lowered, the active items fit it exactly',
        requirements: ['ITEM-QUOTA-10'],
        expected: `${lowered} active items (the new limit; ${before + 2} before)`,
        actual: `${active} active items`,
      });
    } finally {
      await test.step(`control API: limit of ${session.username} back to ${total}`, () => control.setLimit(session.username, total));
    }
  });
});
