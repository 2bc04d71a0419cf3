/**
 * Every rule a single notification request must meet, gathered per requirement
 * into a Problems collector. The specs pick which requirements their title
 * proves; the others are still judged, since a broken rule seen is a broken rule.
 */
import { partKey } from '../../../fixtures/index.js';
import {
  headerProblems,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type NotificationRequest,
  occurredOnProblems,
  payloadProblems,
  queryProblems,
  signatureProblems,
  timestampProblems,
  transportProblems,
} from './notification-checks.js';
import type { Problems } from './problems.js';

export interface Expectations {
  /** The webhook token the signature must verify with. */
  token: string;
  /** Query parameters of the subscribed URL, expected back on every request. */
  query: Record<string, string>;
  /** The subscription's event types. */
  events: readonly string[];
  /** The request is a retry: its query is WH-NOTIF-9's other part ("retries included"). */
  retry?: boolean;
}

/** The part of WH-NOTIF-9 a request judges: none without a query to keep (an empty one holds vacuously). */
function queryPart(expected: Expectations): string | undefined {
  if (Object.keys(expected.query).length === 0) return undefined;
  return partKey('WH-NOTIF-9', expected.retry ? 'retry' : 'notification');
}

/** Judges one request on WH-NOTIF-1/2/3/9/10 and WH-SIG-1/2/3; `label` names it in messages ("retry", "request 2"). */
export function judgeNotification(problems: Problems, d: NotificationRequest, expected: Expectations, label: string): void {
  const tag = (list: string[]) => list.map((p) => `${label}: ${p}`);
  problems.add('WH-NOTIF-1', tag(transportProblems(d)));
  problems.add('WH-NOTIF-2', tag(payloadProblems(d)));
  problems.add('WH-NOTIF-3', tag(occurredOnProblems(d)));
  const query = queryPart(expected);
  if (query) problems.add(query, tag(queryProblems(d, expected.query)));
  problems.add('WH-SIG-1', tag(headerProblems(d)));
  // A missing header is WH-SIG-1's alone: the rules that read it (its value, the signature over it) cannot be judged.
  if (d.headers[TIMESTAMP_HEADER]) problems.add('WH-SIG-3', tag(timestampProblems(d)));
  if (d.headers[TIMESTAMP_HEADER] && d.headers[SIGNATURE_HEADER]) problems.add('WH-SIG-2', tag(signatureProblems(d, expected.token)));
  const type = (d.json as { type?: unknown } | undefined)?.type;
  if (typeof type === 'string' && !expected.events.includes(type)) {
    problems.add('WH-NOTIF-10', [`${label}: type ${type}, not among the subscribed ${expected.events.join(', ')}`]);
  }
}

/** Judges each request, labelled by its position (or by `label`). */
export function judgeAll(problems: Problems, ds: readonly NotificationRequest[], expected: Expectations, label = (_d: NotificationRequest, i: number) => `request ${i + 1}`): void {
  for (const [i, d] of ds.entries()) judgeNotification(problems, d, expected, label(d, i));
}
