/**
 * The items group's fixtures (merged once with the others in specs/fixtures.ts):
 *
 * - `catalog` (test): what the target offers to list items in
 *   (target-catalog.ts), read once per worker through `targetCatalogMemo`.
 * - `survey` (test): every assignable category and its attributes, read at most
 *   once per worker and only when called (catalog-survey.ts): for a check whose
 *   need no sampled category meets.
 * - `readItems` (test): the items API of the worker's shared Pro session, for
 *   read-only calls; it throws if anything is created with it.
 * - `leaseItems(plan)` (test): an account of the plan for this test alone
 *   (sessions.lease) and its items API; every item created is deleted after
 *   the test, before the account is released.
 */
import { test as base, type Plan, type Session } from '../../../fixtures/index.js';
import { type Memo, memo } from '../../../lib/memo.js';
import { itemsApiOf, readOnlyItemsApi } from './bind.js';
import type { ItemsApi } from './items-api.js';
import { type CatalogSurvey, surveyCatalog } from './catalog-survey.js';
import { readCatalog, type TargetCatalog } from './target-catalog.js';

/** A leased account and its items API. */
export interface LeasedItems {
  items: ItemsApi;
  session: Session;
}

export interface ItemsFixtures {
  catalog: TargetCatalog;
  survey: () => Promise<CatalogSurvey>;
  readItems: ItemsApi;
  leaseItems: (plan: Plan) => Promise<LeasedItems>;
}

export const itemsTest = base.extend<ItemsFixtures & { targetCatalogMemo: Memo<TargetCatalog>; catalogSurveyMemo: Memo<CatalogSurvey> }>({
  // The category tree and its attributes do not change during a run: one read per target (per worker in a normal run).
  targetCatalogMemo: [async ({ targetState }, use) => use(await targetState.keep('targetCatalogMemo', () => memo<TargetCatalog>())), { box: true }],
  catalogSurveyMemo: [async ({ targetState }, use) => use(await targetState.keep('catalogSurveyMemo', () => memo<CatalogSurvey>())), { box: true }],
  // Lazy: only a check whose need the sample does not meet pays for the reads.
  survey: async ({ readItems, catalog, catalogSurveyMemo }, use) => use(() => catalogSurveyMemo.get(() => surveyCatalog(readItems, catalog))),
  readItems: async ({ api, sessions }, use) => use(readOnlyItemsApi(api, await sessions.shared('pro'))),
  catalog: async ({ readItems, targetCatalogMemo }, use) => use(await targetCatalogMemo.get(() => readCatalog(readItems))),
  leaseItems: async ({ api, sessions, track }, use) =>
    use(async (plan) => {
      const session = await sessions.lease(plan);
      return { items: itemsApiOf(api, session, track), session };
    }),
});
