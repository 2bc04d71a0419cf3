/**
 * The pure judgements the webhook checks apply to a received notification
 * (specs/webhooks/support/notification-checks.ts): each must pass a notification
 * that follows the spec and name the problem of one that does not.
 */
import { expect, test } from '@playwright/test';
import { sign } from '../../lib/signature.js';
import {
  encodingProblems,
  epochMsProblem,
  headerProblems,
  type NotificationRequest,
  occurredOnProblems,
  payloadProblems,
  queryProblems,
  repeatedTimestamps,
  retryProblems,
  signatureProblems,
  timestampProblems,
} from '../../specs/webhooks/support/notification-checks.js';

const NOW = 1_718_000_000_000;
const TOKEN = 'test-token-not-a-secret-0123456789';

function delivery(overrides: { body?: unknown; timestamp?: string | null; signature?: string | null; query?: Record<string, string>; sign?: 'hex' | 'base64' } = {}): NotificationRequest {
  const json = overrides.body ?? { id: 'n-1', type: 'ITEM_INACTIVATED', occurred_on: NOW - 50, data: { item_id: 'it-1' } };
  const body = Buffer.from(JSON.stringify(json), 'utf8');
  const timestamp = overrides.timestamp === undefined ? String(NOW) : overrides.timestamp;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (timestamp !== null) headers['x-service-timestamp'] = timestamp;
  const signature = overrides.signature === undefined ? sign(body, timestamp ?? '', TOKEN, overrides.sign ?? 'hex') : overrides.signature;
  if (signature !== null) headers['x-service-signature'] = signature;
  return { method: 'POST', url: '/hooks/k?user=u1', query: overrides.query ?? { user: 'u1' }, headers, body, json, at: NOW };
}

test('a notification as the spec shows it has no problem', () => {
  for (const encoding of ['hex', 'base64'] as const) {
    const d = delivery({ sign: encoding });
    expect([...payloadProblems(d), ...occurredOnProblems(d), ...headerProblems(d), ...timestampProblems(d), ...signatureProblems(d, TOKEN), ...queryProblems(d, { user: 'u1' })]).toEqual([]);
  }
});

test('epoch seconds are named as such; far-off or non-integer values are refused', () => {
  expect(epochMsProblem('t', NOW / 1000, NOW)).toMatch(/seconds/);
  expect(epochMsProblem('t', String(NOW / 1000), NOW)).toMatch(/seconds/);
  expect(epochMsProblem('t', NOW + 6 * 60_000, NOW)).toMatch(/away/);
  expect(epochMsProblem('t', NOW + 0.5, NOW)).toMatch(/integer/);
  expect(epochMsProblem('t', 'soon', NOW)).toMatch(/integer/);
  expect(epochMsProblem('t', NOW - 4 * 60_000, NOW)).toBeUndefined();
});

test('the payload schema, the headers, the signature and the query each catch their deviation', () => {
  expect(payloadProblems(delivery({ body: { id: 'n', type: 'ITEM_INACTIVATED', occurred_on: NOW, data: {} } }))).not.toEqual([]);
  expect(payloadProblems(delivery({ body: { id: 'n', type: 'NOPE', occurred_on: NOW, data: {} } }))).not.toEqual([]);
  expect(occurredOnProblems(delivery({ body: { id: 'n', type: 'CHAT_LEAD_CREATED', occurred_on: Math.floor(NOW / 1000), data: {} } }))[0]).toMatch(/seconds/);
  expect(headerProblems(delivery({ timestamp: null }))).toEqual(['no X-Service-Timestamp header']);
  expect(headerProblems(delivery({ signature: null }))).toEqual(['no X-Service-Signature header']);
  expect(timestampProblems(delivery({ timestamp: String(NOW / 1000) }))[0]).toMatch(/seconds/);
  expect(signatureProblems(delivery(), 'another-token-not-a-secret')).not.toEqual([]);
  expect(signatureProblems(delivery({ signature: 'abc' }), TOKEN)).not.toEqual([]);
  expect(queryProblems(delivery({ query: {} }), { user: 'u1' })[0]).toMatch(/missing/);
  expect(queryProblems(delivery({ query: { user: 'u2' } }), { user: 'u1' })[0]).toMatch(/u2/);
});

test('a retry must repeat the notification under a new timestamp', () => {
  const first = delivery();
  const same = delivery({ timestamp: String(NOW + 300) });
  expect(retryProblems(first, same)).toEqual([]);
  expect(repeatedTimestamps([first, same])).toEqual([]);
  const renamed = delivery({ body: { id: 'n-2', type: 'ITEM_INACTIVATED', occurred_on: NOW - 50, data: { item_id: 'it-1' } } });
  expect(retryProblems(first, renamed)[0]).toMatch(/id/);
  expect(repeatedTimestamps([first, delivery()])).toEqual([`${NOW} (×2)`]);
});

test('one signature encoding throughout: judged over the signatures that verify, two at least (WH-SIG-9)', () => {
  const as = (label: string, sign: 'hex' | 'base64', body?: unknown) => ({ label, request: delivery({ sign, body }), token: TOKEN });
  expect(encodingProblems([as('a', 'hex'), as('b', 'hex')])).toEqual({ judged: 2, problems: [] });
  expect(encodingProblems([as('a', 'base64'), as('b', 'base64')])).toEqual({ judged: 2, problems: [] });
  const mixed = encodingProblems([as('a', 'hex'), as('b', 'base64'), as('c', 'hex')]);
  expect(mixed.judged).toBe(3);
  expect(mixed.problems[0]).toMatch(/hex: a, c; base64/);
  // A signature that verifies under no token is WH-SIG-2's: not read, and one left judges nothing.
  expect(encodingProblems([as('a', 'hex'), { ...as('b', 'base64'), token: 'another-token-not-a-secret' }])).toEqual({ judged: 1, problems: [] });
  // A base64 text with none of + / - _ reads alike in both alphabets: it agrees with base64url and with base64.
  const plain = (n: number) => ({ id: `n-${n}`, type: 'ITEM_INACTIVATED', occurred_on: NOW - 50, data: { item_id: 'it-1' } });
  const bodies = Array.from({ length: 200 }, (_, n) => plain(n));
  const text = (body: unknown) => sign(Buffer.from(JSON.stringify(body)), String(NOW), TOKEN, 'base64');
  const ambiguous = bodies.find((b) => !/[+/]/.test(text(b)));
  const standard = bodies.find((b) => /[+/]/.test(text(b)));
  if (!ambiguous || !standard) throw new Error('200 bodies hold both kinds of base64 text');
  const urlSafe = { label: 'u', request: delivery({ body: standard, signature: text(standard).replace(/\+/g, '-').replace(/\//g, '_') }), token: TOKEN };
  expect(encodingProblems([as('x', 'base64', ambiguous), urlSafe])).toEqual({ judged: 2, problems: [] });
  expect(encodingProblems([as('x', 'base64', ambiguous), as('s', 'base64', standard)])).toEqual({ judged: 2, problems: [] });
  expect(encodingProblems([as('s', 'base64', standard), urlSafe]).problems[0]).toMatch(/base64: s; base64url: u/);
});
