/**
 * General HTTP rules of the API (spec, Endpoints and Errors): JSON answers are
 * labelled JSON, malformed JSON is refused, items-group errors carry
 * {code, message}, invalid input never meets a 5xx. The registered checks of
 * the API client enforce these on every answer of every spec; these tests make
 * each rule a check of its own, so a failure names it.
 *
 * A refusal here counts only as the rule's own (judging/refusal.ts): a 401 to
 * a valid token or a 429 leaves the check not exercised; malformed JSON follows
 * its control, the same text well-formed.
 *
 * Kept under specs/auth (tag @auth) because the catalog's general group (GEN)
 * has no folder of its own; the bearer rules (GEN-AUTH-*) live beside it.
 */
import { randomUUID } from 'node:crypto';
import { validate } from '../../schemas/index.js';
import { type ApiResponse, bogusToken, expectControl, expectRefused, expectSchema, recordFinding, skipUnjudged, test, unjudged, verify } from '../fixtures.js';
import { taggedItemPayload } from '../shared/items/tagged-item.js';

const mediaType = (res: ApiResponse) => (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

test.describe('general HTTP rules', { tag: '@auth' }, () => {
  test('[GEN-JSON-1] answers with a JSON body carry Content-Type: application/json and parse', async ({ api, sessions }) => {
    const session = await sessions.shared(sessions.anyAccount('pro').plan);
    const paths = ['/items/categories', '/items', '/items/limits', '/items/inactive', '/webhooks', '/transactions/pending', `/items/categories/${randomUUID()}/attributes`];
    for (const path of paths) {
      const res = await api.get(session, path, { skipChecks: ['json-content-type'] });
      // A 429 after the retries is the throttle's answer, its body the server's choice ("response behaviour: not
      // shown": a gateway's text, variant throttle-36-text-body), as the registered checks hold it: not judged.
      const why = unjudged(res, `GET ${path}`);
      if (why !== undefined) skipUnjudged(why);
      if (res.text.trim() === '') continue;
      await verify(mediaType(res) === 'application/json' && res.json !== undefined, {
        title: `the JSON answer of GET ${path} is labelled and parses as JSON`,
        requirements: ['GEN-JSON-1'],
        expected: 'Content-Type: application/json (parameters allowed) and a body that parses',
        actual: `Content-Type: ${res.headers['content-type'] ?? '(none)'}; ${res.json === undefined ? 'body does not parse' : 'body parses'}`,
        exchange: res,
      });
    }
  });

  test('[GEN-JSON-3] a request body that is not well-formed JSON is refused with a 4xx', { tag: '@should' }, async ({ api, track, hook, seller }) => {
    const { session } = seller;
    const bodies = [
      { path: '/items', body: (await taggedItemPayload(seller)).payload, rule: 'ITEM-CREATE-1' },
      { path: '/webhooks', body: { url: hook.url, events: ['ITEM_INACTIVATED'] }, rule: 'WH-SUB-1' },
    ];
    for (const { path, body, rule } of bodies) {
      const keep = (res: ApiResponse) => track.created(path === '/items' ? 'item' : 'webhook', session, res);
      // The control: the same text, well-formed, answers 201; the refused one lacks its closing brace alone.
      const text = JSON.stringify(body);
      const control = await api.request(session, { method: 'POST', path, rawBody: text, contentType: 'application/json' });
      keep(control);
      await expectControl(control, 201, [rule], `POST ${path} with the same body, well-formed, answers 201`);
      const res = await api.request(session, { method: 'POST', path, rawBody: text.slice(0, -1), contentType: 'application/json', skipChecks: ['not-a-server-error'] });
      keep(res);
      await expectRefused(res, ['GEN-JSON-3'], `POST ${path} with malformed JSON is refused with a 4xx`);
    }
  });

  test('[GEN-ERR-1] an error answer of the items group is {code: string, message: string}', async ({ api, sessions, track }) => {
    const session = await sessions.lease('pro');
    const attributes = await api.get(session, `/items/categories/${randomUUID()}/attributes`, { skipChecks: ['error-body-shape'] });
    await expectRefused(attributes, ['GEN-ERR-1'], 'the attributes of a category that does not exist are refused');
    await expectSchema(attributes, 'error', ['GEN-ERR-1']);
    const create = await api.post(session, '/items', {}, { skipChecks: ['error-body-shape'] });
    track.created('item', session, create);
    await expectRefused(create, ['GEN-ERR-1'], 'POST /items with an empty object is refused');
    await expectSchema(create, 'error', ['GEN-ERR-1']);
  });

  test('[GEN-ERR-2] the code of an items-group error is one the spec shows', { tag: '@should' }, async ({ api, sessions }) => {
    const session = await sessions.shared(sessions.anyAccount('pro').plan);
    const res = await api.get(session, `/items/categories/${randomUUID()}/attributes`, { skipChecks: ['error-body-shape'] });
    await expectRefused(res, ['GEN-ERR-2'], 'the attributes of a category that does not exist are refused');
    const code = (res.json as { code?: unknown } | undefined)?.code;
    await verify(validate('error-code', code).valid, {
      title: 'the error code is one of the twelve the spec shows',
      requirements: ['GEN-ERR-2'],
      expected: 'one of INVALID_BODY_REQUEST … USER_UNAUTHORIZED (schemas/error-code.schema.json)',
      actual: `code ${JSON.stringify(code)}`,
      exchange: res,
    });
  });

  test('[GEN-ERR-3] invalid input is answered with a 4xx, never a 5xx, a dropped connection or a hang', { tag: '@should' }, async ({ api, sessions, track }) => {
    const session = await sessions.lease('basic');
    const cases: { what: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path: string; body?: unknown; rawBody?: string; strict: boolean }[] = [
      { what: 'an item of wrong types', method: 'POST', path: '/items', body: { item: { title: 5, price: 'free' }, main_image: 7 }, strict: true },
      { what: 'an array instead of an object', method: 'POST', path: '/items', body: [1, 2, 3], strict: true },
      { what: 'a webhook with events not an array', method: 'POST', path: '/webhooks', body: { url: 'http://127.0.0.1:9/x', events: 'ITEM_LISTED' }, strict: true },
      { what: 'an id of 2000 characters', method: 'GET', path: `/items/${'x'.repeat(2000)}`, strict: true },
      { what: 'a page token the server never issued', method: 'GET', path: '/items?since=%00%FF-not-a-token', strict: false },
      // A cursor read as base64url JSON (a common design) must not take what it decodes to for a token: JSON null here.
      { what: 'a page token that decodes to JSON null (base64url "null")', method: 'GET', path: '/items?since=bnVsbA', strict: false },
      { what: 'a JSON body of the wrong media type', method: 'POST', path: '/webhooks', rawBody: 'url=x&events=y', strict: true },
    ];
    for (const c of cases) {
      const [path, query] = c.path.split('?');
      const res = await api.request(session, {
        method: c.method,
        path,
        query: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
        body: c.body,
        rawBody: c.rawBody,
        contentType: c.rawBody ? 'application/x-www-form-urlencoded' : undefined,
        // A refused page token is an items-group error like any: its body is held to {code, message} (GEN-ERR-1, -2).
        skipChecks: c.strict ? ['not-a-server-error', 'error-body-shape'] : ['not-a-server-error'],
      });
      track.created(path === '/items' ? 'item' : 'webhook', session, res);
      if (c.strict) {
        await expectRefused(res, ['GEN-ERR-3'], `${c.what} is refused with a 4xx`);
        continue;
      }
      // An unknown page token may also be ignored (the spec shows no rule for it): only a 5xx (or 1xx/3xx) fails there.
      await verify((res.status >= 200 && res.status <= 299) || (res.status >= 400 && res.status <= 499), {
        title: `${c.what} is refused or ignored, never a server error`,
        requirements: ['GEN-ERR-3'],
        expected: 'a 2xx (the token ignored) or any 4xx',
        actual: String(res.status),
        exchange: res,
      });
      if (res.status < 300) recordFinding(test.info(), { requirement: 'GEN-ERR-3', message: `GET /items ignored ${c.what} and answered ${res.status}` });
    }
  });

  test('[GEN-ERR-3] a token request whose body is not a form is answered with a 4xx, never a 5xx, a dropped connection or a hang', { tag: '@should' }, async ({ oauth, settings }) => {
    // The spec's token requests are forms (Authentication steps 5 and 6). Sent with no body, or as JSON, a refresh is
    // bad input; a server may refuse the JSON or read it, and the refresh token in it was never issued: either way a 4xx.
    const refresh = { grant_type: 'refresh_token', refresh_token: bogusToken(), client_id: settings.clientId, client_secret: settings.clientSecret };
    const bodies = [
      { what: 'no body', body: {} },
      { what: 'a JSON body', body: { text: JSON.stringify(refresh), contentType: 'application/json', grantType: refresh.grant_type } },
    ];
    for (const { what, body } of bodies) {
      // A 5xx or no answer fails inside oauth.postBody, on GEN-ERR-3 (a SHOULD: a finding); a 429 after the retries leaves it not exercised.
      await expectRefused(await oauth.postBody(what, body), ['GEN-ERR-3'], `a token request with ${what} is refused with a 4xx`);
    }
  });
});
