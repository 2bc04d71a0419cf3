/**
 * Parallel creates racing for the last free slot: each is answered 201, one
 * takes the slot and the others are born hidden, so the count of active items
 * never exceeds the limit (ITEM-QUOTA-1, ITEM-LIMITS-2).
 */
import { type ImageHost, expectStatus, notExercised, partKey, recordNotExercised, runTag, test, verify } from '../fixtures.js';
import { activeCount } from '../shared/items/account-state.js';
import { freshPayload } from '../shared/items/bind.js';
import { needRoom } from '../shared/items/bind-room.js';
import { type Draft, sampleDraft, toPayload } from '../shared/items/generators.js';
import { entryFor } from '../shared/items/items-api.js';
import { PLAIN } from './support/served-images.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

/**
 * Enough racers that two of them overlap even when a loaded client sends them one connection at a time: each
 * racer is an item on the account (docs/FIXTURES.md, "Footprint"). Two racers in one round killed the quota-race
 * defect in 6 runs of 6 on a loaded machine; three leave a margin.
 */
const RACERS = 3;
/** Rounds of RACERS creates each (more rounds: another chance against a server that serialised one by chance). */
const ROUNDS = 1;
/**
 * How long the image host holds back each racer's main image (a valid JPEG: the spec sets no deadline on an
 * image). A server that fetches the image while it answers the create keeps every racer in flight this long, so
 * the creates overlap however fast its fetches are when warm (~2 ms on the reference, against ~100 ms cold):
 * a slot decided before the fetch is then seen free by every racer, by design rather than by luck of timing.
 */
const RACER_IMAGE_DELAY_MS = 500;

/** A racer's create: the draft with its own slow-served main image (a unique URL each, so no cache answers). */
function racerPayload(draft: Draft, imageHost: ImageHost): Record<string, unknown> {
  return toPayload(draft, { imageUrl: imageHost.served({ ...PLAIN, delayMs: RACER_IMAGE_DELAY_MS }), externalId: runTag() });
}

test.describe('concurrency', { tag: '@items' }, () => {
  test('[ITEM-QUOTA-1][ITEM-QUOTA-2][ITEM-LIMITS-2] parallel creates at the last free slot all answer 201 and never make more items active than the limit', async ({ track, imageHost, settings, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items, session } = await leaseItems('pro');
    // At least one free slot, and few enough that filling all but one and racing stays within SC_MAX_ITEMS;
    // the control API's limit makes it exactly one (restored after the test), so no filler is created at all.
    const { total, free } = await needRoom({ settings, track }, items, session, leaf!.id, {
      min: 1,
      max: settings.maxItems - RACERS + 1,
      prefer: 1,
      trim: true,
      why: `filling all but one free slot and racing ${RACERS} creates within SC_MAX_ITEMS (${settings.maxItems})`,
    });
    const draft = sampleDraft(leaf!, { pro: false, minimal: true });
    const fillers: string[] = [];
    for (let i = 0; i < free - 1; i++) fillers.push(await items.createOk(freshPayload(draft, imageHost), [partKey('ITEM-QUOTA-2', 'answered')]));

    // Up to ROUNDS races: a server that decides the slot too early may still serialise one round by chance.
    for (let round = 1; round <= ROUNDS; round++) {
      // One warm connection per racer first, so the creates leave together instead of one per TCP handshake.
      await test.step(`round ${round}: warm up one connection per racer`, () => Promise.all(Array.from({ length: RACERS }, () => items.limitEntries())));
      const answers = await test.step(`round ${round}: ${RACERS} creates at once for the last slot`, () =>
        Promise.all(Array.from({ length: RACERS }, () => items.create(racerPayload(draft, imageHost)))),
      );
      // One racer had the free slot (ITEM-QUOTA-2), the others came beyond the quota (ITEM-QUOTA-1): each must answer 201.
      // ITEM-QUOTA-2 is judged on its own (some racer was created with the slot free), so it is asserted even when
      // the account had exactly one free slot and no create filled the others first; the rest answer for ITEM-QUOTA-1.
      const created = answers.find((a) => a.status === 201);
      await verify(created !== undefined, {
        title: `round ${round}: with one slot free, a create racing for it answers 201`,
        requirements: [partKey('ITEM-QUOTA-2', 'answered')],
        expected: 'at least one 201',
        actual: answers.map((a) => a.status).join(', '),
        exchange: answers[0],
      });
      if (!created) break;
      for (const a of answers) await expectStatus(a, 201, ['ITEM-QUOTA-1'], `round ${round}: POST /items racing for the last slot answers 201`);
      const racers = answers.flatMap((a) => (a.status === 201 ? [(a.json as { id: string }).id] : []));
      // Counted in a walk that lists every item of the run: one the list lost is its paging's failure, not a slot unused.
      const active = await activeCount(items, [...fillers, ...racers]);
      const after = await items.limitEntries();
      const entry = entryFor(after.entries, leaf!.id);
      // Fewer active items listed than the limit while the limit counts every slot used: the list lost an item no check
      // knew (one of the account's own, at a page boundary: issue 39 item 6), or `used` is wrong; either way the count
      // proves nothing about the slot, and the lists' and the limit's own checks judge which.
      if (active < total && entry?.used === total) {
        recordNotExercised(['ITEM-QUOTA-2'], notExercised('setup_failed', `round ${round}: GET /items lists ${active} active items, GET /items/limits counts ${total} used of ${total}`));
      }
      // More active items than the limit: racers beyond the quota went active (ITEM-QUOTA-1). Fewer: the slot that
      // was free when they raced went to none of them (ITEM-QUOTA-2).
      else await verify(active === total, {
        title: `round ${round}: the active items fill the limit exactly: one racer took the last slot, the others are hidden`,
        // Held: the racer that took the slot is active (ITEM-QUOTA-2's second half), the others are not.
        requirements: active < total ? ['ITEM-QUOTA-2'] : active > total ? ['ITEM-QUOTA-1'] : ['ITEM-QUOTA-1', partKey('ITEM-QUOTA-2', 'active')],
        expected: `${total} active items (the limit)`,
        actual: `${active} active items`,
      });
      await verify(entry !== undefined && entry.used === total && entry.available === 0, {
        title: `round ${round}: the limit shows every slot used and none available, never more`,
        requirements: ['ITEM-LIMITS-2'],
        expected: `used ${total}, available 0`,
        actual: entry ? `used ${entry.used}, available ${entry.available}, total ${entry.total}` : 'no entry',
        exchange: after.res,
      });
      // Deleting the round's racers frees the last slot again for the next round.
      for (const id of racers) await items.remove(id);
    }
  });
});
