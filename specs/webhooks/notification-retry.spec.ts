/**
 * Retries after a non-2xx answer. The spec shows no schedule and no count
 * ("Retry schedule and number of retries after a non-2xx answer: not shown"),
 * so the suite waits up to SC_WEBHOOK_RETRY_WAIT_MS (settings/retry-wait.ts: 60 s
 * for a remote target, the published first retries' range; the wait ends when the
 * retry arrives) for a retry: its absence is a SHOULD (WH-NOTIF-6); when it comes,
 * what the spec does say of every retry received is a MUST: the same id
 * (WH-NOTIF-5), a timestamp no earlier attempt carried (WH-SIG-4), the query
 * (WH-NOTIF-9), a valid signature (WH-SIG-2). The receiver refuses the retry too,
 * so a second retry that comes while the copies are read (or the quiet period
 * after: SC_WEBHOOK_QUIET_MS) is judged as well.
 *
 * The timestamp "changes on every request, against replay": a retry repeats its
 * notification to the same subscription under the same token, so a repeated
 * timestamp there is a replay (WH-SIG-4, MUST). Copies of the event that other
 * subscriptions get at once go to other URLs under other tokens: sharing a
 * millisecond there allows no replay, and a server that stamps each send with
 * its clock ("epoch milliseconds") does it now and then (variant
 * timestamp-from-clock). So a value shared across subscriptions is a finding
 * (WH-SIG-8, SHOULD), never a failure. Measured against such a reference (the
 * defect timestamp-follows-clock, its webhooks part alone), two subscriptions
 * shared a timestamp in 61 of 100 events, four in 386 of 400 and eight in 600
 * of 600, on a loaded machine: so eight, for the finding to show.
 *
 * The same nine notifications (a first attempt, its retry, seven copies, each
 * verified under its own subscription's token) are read for one signature
 * encoding (WH-SIG-9, an inferred SHOULD: the spec leaves the encoding open, and
 * a receiver picks one decoder). Judged here, not over the whole run: these are
 * the requests a switch would split (subscriptions, sends in one burst, a retry),
 * within one test, charged to it, and with the tokens at hand; a run-wide record
 * would need a check that runs last, which neither the parallel workers nor the
 * kill matrix's selected files give.
 */
import { type Hook, notExercised, recordFinding, test } from '../fixtures.js';
import { encodingProblems, type NotificationRequest, ofType, repeatedTimestamps, retryProblems, timestampsSharedAcross } from './support/notification-checks.js';
import { judgeNotification } from './support/judge.js';
import { Problems } from './support/problems.js';
import { awaitDeliveries, pollDeliveries } from './support/waiting.js';

const INACTIVATED = 'ITEM_INACTIVATED';
/** Subscriptions that get the event at once besides the one answered 500: eight in all (see above). */
const COPIES = 7;

test.describe('notification retries', { tag: '@webhooks' }, () => {
  test('[WH-NOTIF-5][WH-SIG-4][WH-NOTIF-9][WH-SIG-2][WH-SIG-8][WH-SIG-9] a notification answered 500 comes again with the same id, the query, a valid signature and an X-Service-Timestamp of its own; the copies other subscriptions get at once are looked at for a shared timestamp and, with the retry, for one signature encoding', async ({ receiver, settings, seller }, testInfo) => {
    const { session } = seller;
    const query = { user: session.username, attempt: 'retry' };
    const hook = await receiver.newHook(query);
    const webhook = await seller.subscribe(hook, [INACTIVATED]);
    await hook.script([500, 500, 200]);
    const others: { hook: Hook; token: string }[] = [];
    for (let i = 0; i < COPIES; i++) {
      const other = await receiver.newHook({ user: session.username, copy: String(i + 1) });
      others.push({ hook: other, token: (await seller.subscribe(other, [INACTIVATED])).token });
    }
    const itemId = await seller.provokeItemInactivated();
    await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification`, ['WH-EVT-2']);
    const retryWaitMs = settings.webhookRetryWaitMs;
    test.setTimeout(testInfo.timeout + retryWaitMs);
    const twice = await test.step(`wait up to ${retryWaitMs} ms for the retry (SC_WEBHOOK_RETRY_WAIT_MS)`, () =>
      pollDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length >= 2, retryWaitMs),
    );
    if (!twice) {
      recordFinding(testInfo, { requirement: 'WH-NOTIF-6', message: `no retry within ${retryWaitMs} ms after the receiver answered 500` });
      test.skip(true, notExercised('target_state', `no retry arrived within SC_WEBHOOK_RETRY_WAIT_MS (${retryWaitMs} ms) after a 500 (WH-NOTIF-6, a SHOULD: a finding); a later first retry is judged with a longer SC_WEBHOOK_RETRY_WAIT_MS`));
      return;
    }
    const copies: NotificationRequest[][] = [];
    for (const { hook: other } of others) {
      const what = `the ${INACTIVATED} notification to another subscription`;
      copies.push(ofType(await awaitDeliveries(other, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, what, ['WH-EVT-2']), INACTIVATED, itemId));
    }
    // Every retry received by now, or within the quiet period (a second one comes to a prompt sender's refused first retry).
    const all = ofType((await pollDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length >= 3, settings.webhookQuietMs)) ?? (await hook.deliveries()), INACTIVATED, itemId);
    const [first, ...retries] = all;
    testInfo.annotations.push({ type: 'observed', description: `${retries.length} retries received and judged` });
    const problems = new Problems();
    for (const [i, retry] of retries.entries()) problems.add('WH-NOTIF-5', retryProblems(first, retry).map((p) => `retry ${i + 1}: ${p}`));
    problems.add('WH-SIG-4', repeatedTimestamps(all).map((t) => `a retry repeats the X-Service-Timestamp ${t} of an earlier attempt`));
    const across = `of the ${copies.length + 1} subscriptions that got the event at once`;
    problems.observe('WH-SIG-8', timestampsSharedAcross([all, ...copies]).map((t) => `X-Service-Timestamp ${t} is carried to more than one ${across}`));
    // One encoding throughout (WH-SIG-9, a SHOULD): every signature, across eight subscriptions and the retries.
    const signed = [
      { label: 'first attempt', request: first, token: webhook.token },
      ...retries.map((request, i) => ({ label: `retry ${i + 1}`, request, token: webhook.token })),
      ...copies.flatMap((requests, i) => requests.map((request) => ({ label: `copy ${i + 1}`, request, token: others[i].token }))),
    ];
    const encodings = encodingProblems(signed);
    if (encodings.judged >= 2) problems.observe('WH-SIG-9', encodings.problems);
    const expected = { token: webhook.token, query, events: webhook.events };
    judgeNotification(problems, first, expected, 'first attempt');
    for (const [i, retry] of retries.entries()) judgeNotification(problems, retry, { ...expected, retry: true }, `retry ${i + 1}`);
    await problems.settle(
      `each of the ${retries.length} retries repeats the notification at the subscribed url, signed, with a timestamp of its own`,
      'same id, type, occurred_on and data; an X-Service-Timestamp no earlier attempt carried (and, a SHOULD, none another subscription got); the query; a signature verifying under the token (and, a SHOULD, every signature in one text encoding)',
      [...all, ...copies.flat()],
    );
  });

  test('[WH-NOTIF-6] after a non-2xx answer the notification is delivered again within SC_WEBHOOK_RETRY_WAIT_MS', { tag: '@should' }, async ({ seller, hook, settings }, testInfo) => {
    await seller.subscribe(hook, [INACTIVATED]);
    await hook.script([503]);
    const itemId = await seller.provokeItemInactivated();
    await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification`, ['WH-EVT-2']);
    test.setTimeout(testInfo.timeout + settings.webhookRetryWaitMs);
    await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length >= 2, 'a retry after the 503 answer', ['WH-NOTIF-6'], settings.webhookRetryWaitMs);
  });
});
