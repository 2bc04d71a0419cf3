/**
 * Query parameters of the subscribed URL come back on the notification whatever
 * their characters (WH-NOTIF-9; support/query-values.ts): a hook per query (the
 * fixed examples and a few drawn ones, the seed annotated), each subscribed to
 * ITEM_INACTIVATED, then one Pro inactivation; every notification's query,
 * decoded, must hold each name and value as subscribed. The cases are one run of
 * the property runner (specs/shared/property.ts), which prints how to draw them again.
 */
import fc from 'fast-check';
import { type Hook, partKey, test } from '../fixtures.js';
import { ofType, queryProblems } from './support/notification-checks.js';
import { Problems } from './support/problems.js';
import { QUERY_EXAMPLES, type Query, queries } from './support/query-values.js';
import { awaitDeliveries } from './support/waiting.js';
import { assertProperty, drawnCases } from '../shared/property.js';

const INACTIVATED = 'ITEM_INACTIVATED';

test.describe('notification query', { tag: '@webhooks' }, () => {
  test('[WH-NOTIF-9] query names and values that need percent-encoding come back unchanged on the notification', async ({ receiver, seller, settings }) => {
    // One run over every case: they share one event (a hook per query, one inactivation).
    const oneEvent = fc.asyncProperty(drawnCases(queries(), QUERY_EXAMPLES, 4), async (cases) => {
      const hooks: { hook: Hook; query: Query }[] = [];
      for (const query of cases) {
        const hook = await receiver.newHook(query);
        await seller.subscribe(hook, [INACTIVATED]);
        hooks.push({ hook, query });
      }
      const itemId = await seller.provokeItemInactivated();
      const problems = new Problems();
      const deliveries = [];
      for (const { hook, query } of hooks) {
        const ds = ofType(await awaitDeliveries(hook, (all) => ofType(all, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification`, ['WH-EVT-2']), INACTIVATED, itemId);
        deliveries.push(...ds);
        for (const d of ds) problems.add(partKey('WH-NOTIF-9', 'notification'), queryProblems(d, query).map((p) => `subscribed ${JSON.stringify(query)}: ${p}`));
      }
      await problems.settle('every notification carries the query of the subscribed url, each name and value unchanged', 'each query as subscribed', deliveries);
    });
    await assertProperty(oneEvent, { settings, numRuns: 1, shrink: false });
  });
});
