/**
 * A limit lowered below the active count ("active → inactive: subscription
 * limit reached, automatic"), through the sandbox control API. Which items go
 * hidden is not shown; only the counts are checked. The limit is restored.
 *
 * "Automatic" says nothing of when: a server may apply the limit a moment after
 * the control call answers (variant limit-enforced-later). So the list is read
 * again, at most every 500 ms, until the active count fits the limit or
 * SC_WEBHOOK_WAIT_MS passes (the bound the suite gives any consequence that
 * comes later, the ITEM_INACTIVATED this transition "can" deliver included);
 * only then is the count judged.
 */
import { expectStatus, notExercised, partKey, recordNotExercised, test, verify } from '../fixtures.js';
import { entryFor } from '../shared/items/items-api.js';
import { isHidden } from '../shared/items/paging.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { sampleDraft } from '../shared/items/generators.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';
import type { ItemListed } from '../../schemas/types.js';

test.describe('limit lowering', { tag: '@items' }, () => {
  test('[ITEM-QUOTA-10][ITEM-LIST-5] a limit lowered below the active count hides active items until the active count fits it, and leaves a sold item sold', async ({ track, imageHost, control, settings, catalog, leaseItems }, testInfo) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items, session } = await leaseItems('pro');
    // Three free slots, made through the control API when the account has fewer (restored after the test).
    const { total, active: before } = await needRoom({ settings, track }, items, session, leaf!.id, { min: 3, why: 'three items of the run' });
    // Two active items of the run, so the lowered limit has items of ours to hide; then one sold, newer than both:
    // a lowering must hide active items only (found by mutation testing: one that took every item newest first,
    // the sold one included, went unnoticed).
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const ours = new Set<string>();
    for (let i = 0; i < 2; i++) ours.add(await items.createOk(freshPayload(draft, imageHost), [partKey('ITEM-QUOTA-2', 'answered')]));
    const sold = await items.createOk(freshPayload(draft, imageHost), [partKey('ITEM-QUOTA-2', 'answered')]);
    ours.add(sold);
    await expectStatus(await items.operate(sold, 'sold'), '2xx', ['ITEM-STATE-1']);
    // The account's own active items: which items the lowering hides is not shown, so any of them may be.
    // Every walk lists the items the check knows are there (ItemsApi.walkHolding): an item the list lost is its paging's
    // failure, never a count short of the lowered limit (ITEM-QUOTA-10).
    const kept = [...ours].filter((id) => id !== sold);
    const ownActive = (await items.walkHolding('/items', kept)).filter((e) => !isHidden(e) && !ours.has(e.id)).map((e) => e.id);
    const lowered = before + 1;
    try {
      await test.step(`control API: limit of ${session.username} → ${lowered}`, () => control.setLimit(session.username, lowered));
      // The sold item is ITEM-LIST-5's to judge below: a server that still lists it is not blamed for the count.
      const activeOf = (list: ItemListed[]) => list.filter((e) => !isHidden(e) && e.id !== sold).length;
      const waited = Date.now();
      const listedNow = await test.step(`GET /items until the active items fit ${lowered}, at most ${settings.webhookWaitMs} ms (SC_WEBHOOK_WAIT_MS)`, () =>
        readUntil(() => items.walkHolding('/items', [...kept, ...ownActive]), (list) => activeOf(list) <= lowered, settings.webhookWaitMs),
      );
      const active = activeOf(listedNow);
      // Fewer active items listed than the limit while the limit counts it filled: the list lost an item no check knew
      // (one of the account's own, at a page boundary: issue 39 item 6), or `used` is wrong; the count proves nothing.
      const used = active < lowered ? entryFor((await items.limitEntries()).entries, leaf!.id)?.used : undefined;
      if (used === lowered) recordNotExercised(['ITEM-QUOTA-10'], notExercised('setup_failed', `GET /items lists ${active} active items, GET /items/limits counts ${used} used of ${lowered}`));
      else await verify(active === lowered, {
        title: 'after the limit is lowered, the active items fit it exactly',
        requirements: ['ITEM-QUOTA-10'],
        expected: `${lowered} active items (the new limit; ${before + 2} before), within ${settings.webhookWaitMs} ms (SC_WEBHOOK_WAIT_MS)`,
        actual: `${active} active items, ${Date.now() - waited} ms after the control call answered`,
      });
      const listed = listedNow.some((e) => e.id === sold);
      await verify(!listed, {
        title: 'a sold item stays out of GET /items when a lowered limit hides items',
        requirements: ['ITEM-LIST-5'],
        expected: `${sold} (sold before the lowering) not listed`,
        actual: listed ? 'listed again: the lowering made the sold item hidden' : 'not listed',
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

/** Reads until `done` holds or `timeoutMs` passes, at most one read per 500 ms; returns the last read. */
async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}
