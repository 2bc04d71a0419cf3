/**
 * What the subscriber answers decides whether a notification comes again
 * (support/receiver-answers.ts): no receipt is confirmed by any 4xx or 5xx, so a
 * retry is due (WH-NOTIF-6); receipt is confirmed by any 2xx, given at once or up
 * to 1 s late, so the notification is not delivered again (WH-NOTIF-7). Both are
 * SHOULD: the spec shows no retry schedule. One event serves every case: a hook
 * per answer (the fixed examples and a few drawn ones, the seed annotated),
 * each subscribed to ITEM_INACTIVATED, then one Pro inactivation: one run of the
 * property runner (specs/shared/property.ts), which prints how to draw them again.
 */
import fc from 'fast-check';
import { type Hook, soft, test } from '../fixtures.js';
import { ofType } from './support/notification-checks.js';
import { ANSWER_EXAMPLES, confirms, describeAnswer, type ReceiverAnswer, receiverAnswers } from './support/receiver-answers.js';
import { afterQuietPeriod, awaitDeliveries, pollDeliveries } from './support/waiting.js';
import { assertProperty, drawnCases } from '../shared/property.js';

const INACTIVATED = 'ITEM_INACTIVATED';

test.describe('notification answers', { tag: '@webhooks' }, () => {
  test('[WH-NOTIF-6][WH-NOTIF-7] a notification answered any 4xx or 5xx comes again; one answered any 2xx, at once or up to 1 s late, does not', { tag: '@should' }, async ({ receiver, settings, seller }, testInfo) => {
    // Room for the retries awaited: a late sender's first retry is waited for (SC_WEBHOOK_RETRY_WAIT_MS).
    test.setTimeout(testInfo.timeout + settings.webhookRetryWaitMs);
    // One run over every case: they share one event (a hook per answer, one inactivation).
    const oneEvent = fc.asyncProperty(drawnCases(receiverAnswers(), ANSWER_EXAMPLES, 4), async (cases) => {
      const hooks: { hook: Hook; answer: ReceiverAnswer }[] = [];
      for (const answer of cases) {
        const hook = await receiver.newHook();
        await seller.subscribe(hook, [INACTIVATED]);
        await hook.script([answer]);
        hooks.push({ hook, answer });
      }
      const itemId = await seller.provokeItemInactivated();
      const about = (ds: Parameters<typeof ofType>[0]) => ofType(ds, INACTIVATED, itemId);
      for (const { hook, answer } of hooks) {
        await awaitDeliveries(hook, (ds) => about(ds).length > 0, `an ${INACTIVATED} notification at the hook answering ${describeAnswer(answer)}`, ['WH-EVT-2']);
      }
      // One deadline for every retry awaited: they are due at once (SC_WEBHOOK_RETRY_WAIT_MS: the schedule is not shown).
      const deadline = Date.now() + settings.webhookRetryWaitMs;
      for (const { hook, answer } of hooks.filter((h) => !confirms(h.answer))) {
        const twice = await pollDeliveries(hook, (ds) => about(ds).length >= 2, Math.max(0, deadline - Date.now()));
        await soft.verify(twice !== undefined, {
          title: `a notification answered ${describeAnswer(answer)} is delivered again`,
          requirements: ['WH-NOTIF-6'],
          expected: `a retry within ${settings.webhookRetryWaitMs} ms (SC_WEBHOOK_RETRY_WAIT_MS)`,
          actual: `no retry after the ${answer.status}`,
        });
      }
      const confirming = hooks.filter((h) => confirms(h.answer));
      const later = await afterQuietPeriod(settings, confirming.map((h) => h.hook));
      for (const [i, { answer }] of confirming.entries()) {
        const [first, ...more] = about(later[i]);
        const id = (first?.json as { id?: unknown } | undefined)?.id;
        const again = more.filter((d) => (d.json as { id?: unknown } | undefined)?.id === id);
        await soft.verify(again.length === 0, {
          title: `a notification answered ${describeAnswer(answer)} is not delivered again`,
          requirements: ['WH-NOTIF-7'],
          expected: `notification ${String(id)} delivered once`,
          actual: `delivered ${1 + again.length} times`,
        });
      }
    });
    await assertProperty(oneEvent, { settings, numRuns: 1, shrink: false });
  });
});
