/**
 * Pure judgements on one received notification (no I/O, no fixtures), each
 * returning the problems it found as short sentences, [] when none. The specs
 * turn problems into failures tied to catalog IDs; the wording states what was
 * seen, never a secret (bodies and tokens are not quoted here).
 */
import type { ReceivedDelivery } from '../../../fixtures/index.js';
import { type SignatureAlphabet, verifyingAlphabets, verifySignature } from '../../../lib/signature.js';
import { validate } from '../../../schemas/index.js';

/**
 * What the checks read of a delivery: the decoded part of clients/receiver-client.ts ReceivedDelivery
 * (a type only: this module loads no fixture), so a test can judge a notification it built itself.
 */
export type NotificationRequest = Pick<ReceivedDelivery, 'method' | 'url' | 'query' | 'headers' | 'body' | 'json' | 'at'>;

/** The spec's Notification as the checks read it (validated by `payloadProblems`). */
export interface NotificationBody {
  id: string;
  type: string;
  occurred_on: number;
  data: Record<string, unknown>;
}

export const SIGNATURE_HEADER = 'x-service-signature';
export const TIMESTAMP_HEADER = 'x-service-timestamp';

/** Clock skew allowed between the suite and the target (catalog decision of WH-NOTIF-3 and WH-SIG-3). */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** WH-NOTIF-1: an HTTP POST with a JSON body. */
export function transportProblems(d: NotificationRequest): string[] {
  const out: string[] = [];
  if (d.method !== 'POST') out.push(`the notification came as ${d.method}, not POST`);
  if (d.json === undefined) out.push(`the body (${d.body.length} bytes) does not parse as JSON`);
  return out;
}

/**
 * WH-NOTIF-2: the payload schema (id, type among the event types, integer occurred_on, object data).
 * An integer occurred_on out of the epoch-milliseconds range is WH-NOTIF-3's to judge (occurredOnProblems), not the shape's.
 */
export function payloadProblems(d: NotificationRequest): string[] {
  const result = validate('notification', d.json);
  const occurredOn = (d.json as { occurred_on?: unknown } | undefined)?.occurred_on;
  const errors = Number.isInteger(occurredOn) ? result.errors.filter((e) => !e.startsWith('/occurred_on')) : result.errors;
  return errors.slice(0, 5).map((e) => `payload: ${e}`);
}

/**
 * An epoch-milliseconds value within `skewMs` of `now`. A value in seconds (about
 * 1000 times too small) is named as such, since it is the likeliest mistake.
 */
export function epochMsProblem(what: string, value: unknown, now: number, skewMs = CLOCK_SKEW_MS): string | undefined {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) return `${what} is ${show(value)}, not an integer of epoch milliseconds`;
  if (Math.abs(n * 1000 - now) <= skewMs) return `${what} is ${n}: epoch seconds, not milliseconds (now is ${now} ms)`;
  if (Math.abs(n - now) > skewMs) return `${what} is ${n}, ${Math.round((n - now) / 1000)} s away from the suite's clock (${now}); allowed ±${skewMs / 1000} s`;
  return undefined;
}

/** WH-NOTIF-3: occurred_on is epoch ms close to the moment the suite received the notification. */
export function occurredOnProblems(d: NotificationRequest): string[] {
  const body = d.json as { occurred_on?: unknown } | undefined;
  const problem = epochMsProblem('occurred_on', body?.occurred_on, d.at);
  return problem ? [problem] : [];
}

/** WH-SIG-1: both signature headers are present and non-empty. */
export function headerProblems(d: NotificationRequest): string[] {
  const out: string[] = [];
  if (!d.headers[SIGNATURE_HEADER]) out.push('no X-Service-Signature header');
  if (!d.headers[TIMESTAMP_HEADER]) out.push('no X-Service-Timestamp header');
  return out;
}

/** WH-SIG-3: X-Service-Timestamp is epoch ms close to the moment of receipt. */
export function timestampProblems(d: NotificationRequest): string[] {
  const value = d.headers[TIMESTAMP_HEADER];
  if (value === undefined) return ['no X-Service-Timestamp header'];
  if (!/^\d+$/.test(value.trim())) return [`X-Service-Timestamp is ${JSON.stringify(value.slice(0, 40))}, not an integer`];
  const problem = epochMsProblem('X-Service-Timestamp', value, d.at);
  return problem ? [problem] : [];
}

/**
 * WH-SIG-2: X-Service-Signature verifies under `token` with lib/signature.ts,
 * over the exact body bytes, a colon and X-Service-Timestamp (hex or base64).
 */
export function signatureProblems(d: NotificationRequest, token: string): string[] {
  const result = verifySignature(d.body, d.headers[TIMESTAMP_HEADER], d.headers[SIGNATURE_HEADER], token);
  return result.valid ? [] : [result.reason ?? 'the signature does not verify'];
}

/** True when the signature verifies under `token` (for "not with the old token" checks). */
export function verifiesWith(d: NotificationRequest, token: string): boolean {
  return verifySignature(d.body, d.headers[TIMESTAMP_HEADER], d.headers[SIGNATURE_HEADER], token).valid;
}

/** A received notification, the token it must verify under, and its name in messages ("retry", "copy 3"). */
export interface SignedNotification {
  label: string;
  request: NotificationRequest;
  token: string;
}

/**
 * WH-SIG-9 (a SHOULD): the notifications are signed in one text encoding, so a receiver that
 * decodes with one alphabet verifies them all. Each is read by the alphabets its signature
 * verifies under (lib/signature.ts `verifyingAlphabets`: base64 without `+ / - _` fits both base64
 * alphabets); they agree when one alphabet fits them all. `judged` counts the notifications
 * read: one that verifies under none is WH-SIG-2's, and fewer than two read judge nothing.
 */
export function encodingProblems(signed: readonly SignedNotification[]): { judged: number; problems: string[] } {
  const read = signed
    .map((s) => ({ label: s.label, alphabets: verifyingAlphabets(s.request.body, s.request.headers[TIMESTAMP_HEADER], s.request.headers[SIGNATURE_HEADER], s.token) }))
    .filter((r) => r.alphabets.length > 0);
  if (read.length < 2) return { judged: read.length, problems: [] };
  const shared = read.reduce<SignatureAlphabet[]>((common, r) => common.filter((a) => r.alphabets.includes(a)), ['hex', 'base64', 'base64url']);
  if (shared.length > 0) return { judged: read.length, problems: [] };
  const byText = new Map<string, string[]>();
  for (const r of read) {
    const text = r.alphabets.join(' or ');
    byText.set(text, [...(byText.get(text) ?? []), r.label]);
  }
  const seen = [...byText].map(([text, labels]) => `${text}: ${labels.join(', ')}`).join('; ');
  return { judged: read.length, problems: [`the ${read.length} signatures are in more than one text encoding, so no one decoder verifies them all (${seen})`] };
}

/** WH-NOTIF-9: every query parameter of the subscribed URL arrives unchanged. */
export function queryProblems(d: NotificationRequest, expected: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const got = d.query[name];
    if (got !== value) out.push(got === undefined ? `query parameter ${name} is missing (request target ${pathOnly(d.url)}…)` : `query parameter ${name} is ${JSON.stringify(got)}, subscribed ${JSON.stringify(value)}`);
  }
  return out;
}

/** WH-SIG-4: no two requests carry the same X-Service-Timestamp; returns the repeated values. */
export function repeatedTimestamps(ds: readonly NotificationRequest[]): string[] {
  const seen = new Map<string, number>();
  for (const d of ds) {
    const t = d.headers[TIMESTAMP_HEADER];
    if (t !== undefined) seen.set(t, (seen.get(t) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([t, n]) => `${t} (×${n})`);
}

/**
 * WH-SIG-8: the X-Service-Timestamp values that requests to more than one
 * subscription carry; `bySubscription` holds each subscription's requests (a
 * value repeated within one subscription is WH-SIG-4's, not counted here).
 */
export function timestampsSharedAcross(bySubscription: readonly (readonly NotificationRequest[])[]): string[] {
  const subscriptions = new Map<string, number>();
  for (const requests of bySubscription) {
    for (const t of new Set(requests.map((d) => d.headers[TIMESTAMP_HEADER]))) {
      if (t !== undefined) subscriptions.set(t, (subscriptions.get(t) ?? 0) + 1);
    }
  }
  return [...subscriptions].filter(([, n]) => n > 1).map(([t, n]) => `${t} (${n} subscriptions)`);
}

/** WH-NOTIF-5: a retry repeats the first attempt's id, type, occurred_on and data. */
export function retryProblems(first: NotificationRequest, retry: NotificationRequest): string[] {
  const a = first.json as Partial<NotificationBody> | undefined;
  const b = retry.json as Partial<NotificationBody> | undefined;
  const out: string[] = [];
  for (const field of ['id', 'type', 'occurred_on'] as const) {
    if (a?.[field] !== b?.[field]) out.push(`the retry's ${field} is ${show(b?.[field])}, the first attempt's ${show(a?.[field])}`);
  }
  if (JSON.stringify(a?.data) !== JSON.stringify(b?.data)) out.push("the retry's data differs from the first attempt's");
  return out;
}

/** The notifications of one type (and, when given, about one item) among the deliveries. */
export function ofType(ds: readonly NotificationRequest[], type: string, itemId?: string): NotificationRequest[] {
  return ds.filter((d) => {
    const body = d.json as Partial<NotificationBody> | undefined;
    return body?.type === type && (itemId === undefined || body.data?.item_id === itemId);
  });
}

/** The types seen, for messages: "ITEM_INACTIVATED ×2, SALE_COMPLETED". */
export function typesSeen(ds: readonly NotificationRequest[]): string {
  const counts = new Map<string, number>();
  for (const d of ds) {
    const type = String((d.json as { type?: unknown } | undefined)?.type ?? '(no type)');
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ') || 'none';
}

function show(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function pathOnly(url: string): string {
  return url.split('?')[0].slice(0, 80);
}
