/**
 * The items group's own fixtures, over the items model every group shares
 * (specs/shared/items/fixtures.ts: `catalog`, `readItems`, `leaseItems`),
 * merged once with the others in specs/fixtures.ts:
 *
 * - `proofs` (worker): the base drafts this worker has proven, each control sent
 *   once (proven.ts), a worker fact held by the fixture, never module state.
 */
import { itemsTest } from '../../shared/items/fixtures.js';
import { Proofs } from './proven.js';

export const itemsGroupTest = itemsTest.extend<object, { proofs: Proofs }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  proofs: [async ({}, use) => use(new Proofs()), { scope: 'worker', box: true }],
});
