/**
 * What a subscriber's endpoint answers a notification (issue 17.2; spec: "It
 * accepts POST and answers with a 2xx status to confirm receipt"; "Retry
 * schedule and number of retries after a non-2xx answer: not shown").
 *
 *   refusing    any 4xx or 5xx but 410: no receipt confirmed, so a retry is due (WH-NOTIF-6)
 *   confirming  200, 201, 202 or 204, at once or up to 1 s late: receipt confirmed, so no
 *               second delivery (WH-NOTIF-7)
 *
 * Left out, as the spec is silent on them: a 3xx (whether a sender follows a
 * subscriber's redirect is its choice), 410 (a sender may take Gone for the end
 * of the subscription), and answers slower than 1 s (the spec gives no timeout;
 * senders commonly wait 3 to 30 s).
 */
import fc from 'fast-check';

export interface ReceiverAnswer {
  status: number;
  delayMs: number;
}

export const REFUSING_STATUSES = [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504] as const;
export const CONFIRMING_STATUSES = [200, 201, 202, 204] as const;
/** The slowest answer judged: a sender that gives up sooner than this chose a timeout no subscriber can be sure to meet. */
export const MAX_DELAY_MS = 1000;

export const confirms = (answer: ReceiverAnswer): boolean => answer.status >= 200 && answer.status <= 299;

export function receiverAnswers(): fc.Arbitrary<ReceiverAnswer> {
  const refusing = fc.constantFrom(...REFUSING_STATUSES).map((status) => ({ status, delayMs: 0 }));
  const confirming = fc.record({
    status: fc.constantFrom(...CONFIRMING_STATUSES),
    delayMs: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: MAX_DELAY_MS })),
  });
  return fc.oneof(refusing, confirming);
}

export const ANSWER_EXAMPLES: readonly ReceiverAnswer[] = [
  { status: 400, delayMs: 0 },
  { status: 404, delayMs: 0 },
  { status: 429, delayMs: 0 },
  { status: 502, delayMs: 0 },
  { status: 201, delayMs: 0 },
  { status: 202, delayMs: 0 },
  { status: 204, delayMs: 0 },
  { status: 200, delayMs: MAX_DELAY_MS },
];

export const describeAnswer = (a: ReceiverAnswer): string => `${a.status}${a.delayMs > 0 ? ` after ${a.delayMs} ms` : ''}`;
