/**
 * The items group's own fixtures, over the items model every group shares
 * (specs/shared/items/item-fixtures.ts: `catalog`, `readItems`, `leaseItems`),
 * merged once with the others in specs/fixtures.ts:
 *
 * - `proofs` (per target): the base drafts this worker has proven of its target, each control sent
 *   once (proven.ts), a worker fact held by the fixture, never module state.
 */
import { itemsTest } from '../../shared/items/item-fixtures.js';
import { baseSeedSource, Proofs } from './proven.js';

export const itemsGroupTest = itemsTest.extend<{ proofs: Proofs }>({
  proofs: [async ({ targetState, settings }, use) => use(await targetState.keep('proofs', () => new Proofs(baseSeedSource(settings)))), { box: true }],
});
