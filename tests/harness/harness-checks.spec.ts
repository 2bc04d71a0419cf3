/**
 * The registered checks, the operation matcher and the typed failure.
 */
import { expect, test } from '@playwright/test';
import { matchOperation } from '../../clients/api-client.js';
import { RESPONSE_CHECK_NAMES, RESPONSE_CHECKS, runChecks } from '../../judging/response-checks.js';
import type { Exchange, SentRequest } from '../../transport/exchange.js';
import { ConformanceFailure } from '../../judging/failure.js';

const request = (method: string, path: string, auth: SentRequest['auth'] = 'session'): SentRequest => ({
  method,
  url: `http://127.0.0.1:4010/api${path}`,
  headers: { authorization: 'Bearer live-abc', 'content-type': 'application/json' },
  body: '{"a":1}',
  auth,
});

function exchange(method: string, path: string, status: number, body: unknown, options: { type?: string; auth?: SentRequest['auth'] } = {}): { operation: ReturnType<typeof matchOperation>; exchange: Exchange } {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    operation: matchOperation(method, path),
    exchange: { request: request(method, path, options.auth), status, headers: { 'content-type': options.type ?? 'application/json' }, text, json, durationMs: 3 },
  };
}

const names = (ctx: ReturnType<typeof exchange>) => runChecks(ctx, []).map((v) => `${v.requirement}:${v.level}`);

test.describe('checks', () => {
  test('every check is registered under a declared name', () => {
    expect(RESPONSE_CHECKS.map((c) => c.name).sort()).toEqual([...RESPONSE_CHECK_NAMES].sort());
  });

  test('operations match their templates, literal segments first', () => {
    expect(matchOperation('GET', '/items/inactive')?.operationId).toBe('listInactiveItems');
    expect(matchOperation('GET', '/items/abc')?.operationId).toBe('getItem');
    expect(matchOperation('GET', '/items/categories/5/attributes')?.operationId).toBe('listCategoryAttributes');
    expect(matchOperation('PUT', '/items/x/sold')?.operationId).toBe('markItemSold');
    expect(matchOperation('PATCH', '/webhooks/w1/token')?.operationId).toBe('rotateWebhookToken');
    expect(matchOperation('GET', '/nowhere')).toBeUndefined();
  });

  test('a 5xx always fails', () => {
    expect(names(exchange('GET', '/webhooks', 502, 'bad gateway', { type: 'text/plain' }))).toEqual(['GEN-ERR-3:MUST']);
  });

  test('error bodies: MUST on the items group, a finding elsewhere and on authentication failures', () => {
    expect(names(exchange('POST', '/items', 400, { code: 'INVALID_IMAGE', message: 'no' }))).toEqual([]);
    expect(names(exchange('POST', '/items', 400, { error: 'bad' }))).toEqual(['GEN-ERR-1:MUST']);
    expect(names(exchange('POST', '/items', 400, { code: 'WHATEVER', message: 'x' }))).toEqual(['GEN-ERR-2:SHOULD']);
    expect(names(exchange('POST', '/webhooks', 400, { error: 'bad' }))).toEqual(['GEN-ERR-1:SHOULD']);
    expect(names(exchange('GET', '/items', 401, { error: 'unauthorized' }, { auth: 'none' }))).toEqual(['GEN-ERR-1:SHOULD']);
  });

  test('a 429 body is not judged: rate-limit behaviour is "not shown", a text or an empty body is the server\'s choice', () => {
    const ctx = exchange('GET', '/items', 429, 'Too Many Requests', { type: 'text/plain' });
    expect(names(ctx)).toEqual([]);
    expect(names(exchange('POST', '/items', 429, ''))).toEqual([]);
    // Nothing is judged on it either: no GEN-ERR-1 pass is claimed from a 429.
    expect(RESPONSE_CHECKS.find((c) => c.name === 'error-body-shape')?.judges(ctx)).toEqual([]);
  });

  test('a throttle\'s 503 (with Retry-After) is judged no server error; a 503 without it, or a 403 with a text body, fails and names SC_RATE_LIMIT', () => {
    const throttled = exchange('GET', '/items', 503, '<html>busy</html>', { type: 'text/html' });
    throttled.exchange.headers['retry-after'] = '2';
    expect(names(throttled)).toEqual([]);
    expect(RESPONSE_CHECKS.find((c) => c.name === 'not-a-server-error')?.judges(throttled)).toEqual([]);
    const bare = runChecks(exchange('GET', '/items', 503, '<html>busy</html>', { type: 'text/html' }), []);
    expect(bare.map((v) => `${v.requirement}:${v.level}`)).toEqual(['GEN-ERR-3:MUST']);
    expect(bare[0].actual).toMatch(/^503 \(if this 503 is the server's rate limit, lower the suite's pace, SC_RATE_LIMIT/);
    const forbidden = runChecks(exchange('GET', '/items', 403, 'Forbidden', { type: 'text/plain' }), []);
    expect(forbidden.map((v) => `${v.requirement}:${v.level}`)).toEqual(['GEN-ERR-1:MUST']);
    expect(forbidden[0].actual).toMatch(/^a body that is not JSON \(if this 403 is the server's rate limit, .*SC_RATE_LIMIT/);
    expect(runChecks(exchange('GET', '/items', 404, 'Not found', { type: 'text/plain' }), [])[0].actual).toBe('a body that is not JSON');
  });

  test('2xx bodies match the schema of their operation, lists under any wrapper', () => {
    expect(names(exchange('POST', '/items', 201, { id: 'i1' }))).toEqual([]);
    expect(names(exchange('POST', '/items', 201, { item_id: 'i1' }))).toEqual(['ITEM-CREATE-1:MUST']);
    expect(names(exchange('POST', '/items', 200, { id: 'i1' }))).toEqual(['ITEM-CREATE-1:MUST']);
    const hook = { id: 'w', url: 'http://x', token: 't', events: ['ITEM_LISTED'] };
    expect(names(exchange('GET', '/webhooks', 200, [hook]))).toEqual([]);
    expect(names(exchange('GET', '/webhooks', 200, { webhooks: [hook] }))).toEqual([]);
    expect(names(exchange('GET', '/webhooks', 200, { webhooks: [{ id: 'w' }] }))).toEqual(['WH-SUB-2:MUST']);
    expect(names(exchange('GET', '/transactions/pending', 200, { anything: true }))).toEqual([]);
  });

  test('JSON needs a JSON content type, and a JSON content type needs JSON', () => {
    expect(names(exchange('GET', '/transactions/pending', 200, { a: 1 }, { type: 'text/plain' }))).toEqual(['GEN-JSON-1:MUST']);
    expect(names(exchange('GET', '/transactions/pending', 200, '{oops', { type: 'application/json; charset=utf-8' }))).toEqual(['GEN-JSON-1:MUST']);
    expect(names(exchange('GET', '/transactions/pending', 200, { a: 1 }, { type: 'application/json; charset=utf-8' }))).toEqual([]);
  });

  test('checks can be switched off by name', () => {
    expect(runChecks(exchange('GET', '/webhooks', 500, 'x', { type: 'text/plain' }), ['not-a-server-error'])).toEqual([]);
  });
});

test.describe('ConformanceFailure', () => {
  test('names IDs, every acceptable outcome, the exchange and a masked reproduce command', () => {
    const { exchange: ex } = exchange('POST', '/items', 500, { access_token: 'leaked-token-1', detail: 'boom' });
    const failure = new ConformanceFailure({ title: 'POST /items answers', requirements: ['ITEM-CREATE-1', 'GEN-ERR-3'], expected: 'any 4xx', actual: '500', exchange: ex });
    expect(failure.message.split('\n').slice(0, 4)).toEqual([
      '[ITEM-CREATE-1][GEN-ERR-3] POST /items answers',
      '  expected: any 4xx',
      '  actual:   500',
      '  exchange: POST http://127.0.0.1:4010/api/items → 500 (3 ms)',
    ]);
    // Runnable as printed: a fresh token first, for the account the request was sent as (ACCOUNT, said so, when unknown).
    expect(failure.message).toContain(`Reproduce with:\n    SC_ACCESS_TOKEN=$(npx seller-connect-conformance token --account ACCOUNT) && curl -sS -i -X POST 'http://127.0.0.1:4010/api/items' -H "Authorization: Bearer $SC_ACCESS_TOKEN"`);
    expect(failure.message).toContain('# ACCOUNT: the username of the account (SC_ACCOUNTS)');
    expect(failure.message.includes('live-abc') || failure.message.includes('leaked-token-1')).toBe(false);
    expect(failure.evidence).toMatchObject({ requirement: 'ITEM-CREATE-1', status: 500, expected: 'any 4xx', actual: '500' });
    expect(failure.evidence.request?.headers.authorization).toBe('Bearer ***');
  });
});
