/**
 * Events named for the action that causes them (issue 32, item 3). The spec ties
 * only ITEM_INACTIVATED to a cause ("Operations and conditions that cause the
 * other events: not shown", WH-EVT-6 open), yet four names say what they follow:
 * an active create → ITEM_LISTED, a purchase → DELIVERY_REQUEST_STARTED, an accept
 * → TRANSACTION_CREATED, a dispute → DISPUTE_CREATED. Each is an inferred SHOULD
 * (WH-EVT-8 … WH-EVT-11): a missing event is a finding (a soft assertion on a
 * SHOULD rule), never a failure, since a server that sends them only through the
 * control API's POST /events breaks no sentence of the spec.
 *
 * One check, one leased account, one item, one wait: the four actions run one
 * after the other (the purchase, accept and dispute through the control API, else
 * those three are not applicable [no_control_api] and ITEM_LISTED is judged
 * alone), then the receiver is read until every event has come, at most
 * SC_WEBHOOK_WAIT_MS after the last action. The `data` of these events are not
 * shown (WH-EVT-7 open): a notification counts by its type, a `data` that is an
 * object, and its time (no earlier than its action, within SC_WEBHOOK_WAIT_MS of
 * it); no id in it is matched. It lives with the transactions checks because
 * three of its actions are theirs (support/shipping.ts); it is tagged for both groups.
 */
import { notApplicable, type ReceivedDelivery, recordNotExercised, soft, test, WaitTimeout } from '../fixtures.js';
import { optionalControl } from '../shared/items/bind-room.js';
import { accept, transactionsOf } from './support/shipping.js';

/** An action, the event its name promises, and the rule that judges it. */
interface Cause {
  requirement: string;
  type: string;
  action: string;
  /** When the action was sent (the suite's clock, as the receiver's `at`); unset when it was not made. */
  sentAt?: number;
}

const CAUSES: readonly Omit<Cause, 'sentAt'>[] = [
  { requirement: 'WH-EVT-8', type: 'ITEM_LISTED', action: 'the active create (POST /items)' },
  { requirement: 'WH-EVT-9', type: 'DELIVERY_REQUEST_STARTED', action: 'the purchase (control API POST /purchases)' },
  { requirement: 'WH-EVT-10', type: 'TRANSACTION_CREATED', action: 'the accept (POST …/accept/home-pickup)' },
  { requirement: 'WH-EVT-11', type: 'DISPUTE_CREATED', action: 'the dispute (control API POST /disputes)' },
];

const typeOf = (d: ReceivedDelivery): unknown => (d.json as { type?: unknown } | undefined)?.type;
const dataIsObject = (d: ReceivedDelivery): boolean => {
  const data = (d.json as { data?: unknown } | undefined)?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data);
};

/** The deliveries that answer `cause`: its type, a data object, received no earlier than its action and within the wait after it. */
function answering(ds: readonly ReceivedDelivery[], cause: Cause, waitMs: number): ReceivedDelivery[] {
  const from = cause.sentAt;
  if (from === undefined) return [];
  return ds.filter((d) => typeOf(d) === cause.type && dataIsObject(d) && d.at >= from && d.at <= from + waitMs);
}

/** What the subscription received, for the finding: the types and their numbers, in order of arrival. */
function received(ds: readonly ReceivedDelivery[]): string {
  const counts = new Map<string, number>();
  for (const d of ds) {
    const type = String(typeOf(d) ?? '(no type)');
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ') || 'nothing';
}

test.describe('events caused by actions', { tag: ['@transactions', '@webhooks', '@should'] }, () => {
  test('[WH-EVT-8][WH-EVT-9][WH-EVT-10][WH-EVT-11] an active create sends ITEM_LISTED, a purchase DELIVERY_REQUEST_STARTED, an accept TRANSACTION_CREATED and a dispute DISPUTE_CREATED', async ({
    settings,
    seller,
    hook,
  }) => {
    const waitMs = settings.webhookWaitMs;
    const causes: Cause[] = CAUSES.map((c) => ({ ...c }));
    const [listed, started, created, disputed] = causes;
    await seller.subscribe(
      hook,
      causes.map((c) => c.type),
    );
    listed.sentAt = Date.now();
    const itemId = await seller.createTaggedItem();
    const control = optionalControl(settings);
    if (control) {
      started.sentAt = Date.now();
      const { request_id } = await test.step('control API: a buyer purchases the item', () => control.purchase(itemId));
      created.sentAt = Date.now();
      const { transactionId } = await accept(transactionsOf(seller), request_id, 'home-pickup');
      disputed.sentAt = Date.now();
      await test.step('control API: the buyer opens a dispute', () => control.openDispute(transactionId));
    } else {
      recordNotExercised(
        [started, created, disputed].map((c) => c.requirement),
        notApplicable('no_control_api', 'a purchase and a dispute are the buyer’s acts: they need the control API (SC_CONTROL_URL)'),
      );
    }
    const made = causes.filter((c) => c.sentAt !== undefined);
    // Bounded: ends once every event made has come, else SC_WEBHOOK_WAIT_MS after the last action (each event's own
    // deadline is its action's time plus the wait, so nothing later counts). Its end is no failure: what came is judged.
    const what = made.map((c) => c.type).join(', ');
    const deliveries = await test.step(`wait for ${what} (at most SC_WEBHOOK_WAIT_MS, ${waitMs} ms)`, () =>
      hook.waitFor((ds) => made.every((c) => answering(ds, c, waitMs).length > 0), { what, timeoutMs: waitMs }).catch((error: unknown) => {
        if (error instanceof WaitTimeout) return hook.deliveries();
        throw error;
      }),
    );
    for (const cause of made) {
      const seen = deliveries.filter((d) => typeOf(d) === cause.type).length;
      await soft.verify(answering(deliveries, cause, waitMs).length > 0, {
        title: `${cause.action} sends ${cause.type}`,
        requirements: [cause.requirement],
        expected: `a notification of type ${cause.type} with a data object, from the action to ${waitMs} ms after it (SC_WEBHOOK_WAIT_MS)`,
        actual:
          seen === 0
            ? `no ${cause.type} notification; the subscription received: ${received(deliveries)}`
            : `${seen} ${cause.type} notification(s), none with a data object within that time; the subscription received: ${received(deliveries)}`,
      });
    }
  });
});
