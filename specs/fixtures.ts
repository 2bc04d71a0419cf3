/**
 * The one import of every spec: the harness (fixtures/index.ts) and the
 * groups' fixtures, merged once in the style of Playwright's own tests:
 *
 *   import { test, expectStatus, verify } from '../fixtures.js';
 *
 * - specs/shared/items/item-fixtures.ts: `catalog`, `readItems`, `leaseItems(plan)`
 * - specs/items/support/items-fixtures.ts: `proofs` (worker)
 * - specs/auth/support/auth-fixtures.ts: `auth`
 * - specs/webhooks/support/webhooks-fixtures.ts: `hook`, `webhooks`, `seller`
 *
 * docs/FIXTURES.md lists every fixture and works through a new check.
 */
import { mergeTests } from '@playwright/test';
import { test as harness } from '../fixtures/index.js';
import { authTest } from './auth/support/auth-fixtures.js';
import { itemsGroupTest } from './items/support/items-fixtures.js';
import { webhooksTest } from './webhooks/support/webhooks-fixtures.js';

export * from '../fixtures/index.js';
// A recording double of the identity provider and the API (a check of the suite's own client side, shipped with the checks).
export { startFakeIdp } from './auth/support/fake-idp.js';
export const test = mergeTests(harness, itemsGroupTest, webhooksTest, authTest);
