import fc from 'fast-check';

/**
 * Random and malformed requests for the reference's robustness property:
 * every route of /api, /control and /oauth with random ids, wrong methods and
 * unknown paths, bad JSON, wrong types, huge strings, oversize bodies, wrong
 * content types, missing and bogus credentials.
 */

export interface Known {
  accessToken: string;
  controlToken: string;
  clientId: string;
  clientSecret: string;
  /** Real ids (items, requests, webhooks...) so that some requests reach deep into handlers. */
  ids: string[];
  usernames: string[];
}

export interface RandomRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Text, or the size of an oversize body made at send time (a Buffer would flood the failure report). */
  body?: string | { bytes: number };
}

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

/** Long text without generating it character by character (fast-check would be slow at 100k). */
const huge = fc.tuple(printable(8), fc.integer({ min: 1_000, max: 200_000 })).map(([s, n]) => (s || 'x').repeat(n).slice(0, 300_000));

/** Anything a JSON field could hold, wrong types included. */
const anyJson = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.constantFrom(null, -1, 0, 1.5, 1e308, '', [], {}, true, 'EUR', 'http://127.0.0.1:1/x.jpg') },
);

/** Valid-looking payloads of each operation; one field at a time is then replaced by anything. */
const SHAPES: Record<string, unknown>[] = [
  {
    item: { category_leaf_id: '101', title: 't', description: 'd', price: { cash_amount: 10, currency: 'EUR' }, attributes: { condition: 'new', brand: 'b', model: 'm' }, delivery: { allowed_by_user: true, max_weight_kg: 5, free_shipping: false } },
    main_image: { url: 'http://127.0.0.1:1/x.jpg' },
    stock: { units: 2 },
  },
  { url: 'http://127.0.0.1:1/hook?user=a', events: ['ITEM_LISTED', 'SALE_COMPLETED'] },
  { url: 'http://127.0.0.1:1/img.jpg', order: 0 },
  { transaction_id: 'tx-1' },
  { status: 'delivered' },
  { username: 'pro-1', type: 'ITEM_BANNED', data: { item_id: 'x' } },
  { total: 3 },
  { item_id: 'x' },
];

const mutatedShape = fc
  .tuple(fc.constantFrom(...SHAPES), fc.option(fc.tuple(fc.string({ maxLength: 12 }), anyJson), { nil: undefined }))
  .map(([shape, change]) => {
    const copy = structuredClone(shape);
    if (change) {
      const keys = Object.keys(copy);
      const [salt, value] = change;
      copy[keys[salt.length % keys.length] ?? salt] = value;
    }
    return copy;
  });

const jsonBody = fc.oneof(mutatedShape, fc.jsonValue({ maxDepth: 4 })).map((v) => JSON.stringify(v) ?? 'null');

const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '{"item": {"title": "x",}}', 'nul', '\u0000', '{"a":"\\ud800"}', '{}}', "{'a':1}"),
  printable(200),
);

const formBody = fc
  .dictionary(fc.constantFrom('grant_type', 'code', 'refresh_token', 'client_id', 'client_secret', 'redirect_uri', 'code_verifier', 'username', 'password', 'tx', 'csrf', 'consent'), printable(60), { maxKeys: 6 })
  .map((d) => new URLSearchParams(d).toString());

/** Just past the 1 MiB cap, or far past it. */
const oversize = fc.constantFrom(1024 * 1024 + 1, 2 * 1024 * 1024).map((bytes) => ({ bytes }));

const contentTypes = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  'garbage',
  'application/merge-patch+json',
);

function idArb(known: Known) {
  return fc.oneof(
    fc.constantFrom(...known.ids, ...known.usernames),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2F', '%00', '-1', '0', '9'.repeat(40), 'null', 'undefined', '__proto__', 'constructor'),
    huge.map((s) => encodeURIComponent(s.slice(0, 4000))),
  );
}

const TEMPLATES = [
  '/api/items',
  '/api/items/:id',
  '/api/items/:id/images',
  '/api/items/:id/images/:id',
  '/api/items/:id/sold',
  '/api/items/:id/activate',
  '/api/items/:id/inactivate',
  '/api/items/:id/reserve',
  '/api/items/:id/unreserve',
  '/api/items/categories',
  '/api/items/categories/:id/attributes',
  '/api/items/inactive',
  '/api/items/limits',
  '/api/transactions/requests/pending',
  '/api/transactions/requests/:id',
  '/api/transactions/requests/:id/accept/home-pickup',
  '/api/transactions/requests/:id/accept/post-office',
  '/api/transactions/pending',
  '/api/transactions/:id',
  '/api/transactions/:id/delivery/register',
  '/api/disputes/:id',
  '/api/deliveries/:id/status',
  '/api/webhooks',
  '/api/webhooks/:id',
  '/api/webhooks/:id/token',
  '/control/direct-sessions',
  '/control/accounts/:id/limit',
  '/control/purchases',
  '/control/disputes',
  '/control/events',
  '/oauth/auth',
  '/oauth/login',
  '/oauth/consent',
  '/oauth/token',
  '/health',
  '/',
  '/api',
  '/unknown/:id',
  '/api/:id',
  '/control/:id',
  '/oauth/:id',
];

function pathArb(known: Known) {
  const id = idArb(known);
  const query = fc.dictionary(
    fc.constantFrom('since', 'client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'tx', 'scope', 'x'),
    fc.oneof(printable(50), fc.constantFrom(known.clientId, 'http://127.0.0.1/callback', 'code', 'S256', 'plain', 'A'.repeat(43))),
    { maxKeys: 7 },
  );
  return fc
    .tuple(fc.constantFrom(...TEMPLATES), fc.array(id, { minLength: 2, maxLength: 2 }), fc.option(query, { nil: undefined }), fc.boolean())
    .map(([template, [a, b], q, trailingSlash]) => {
      let path = template.replace(':id', a).replace(':id', b);
      if (trailingSlash) path += '/';
      return q ? `${path}?${new URLSearchParams(q)}` : path;
    });
}

function authArb(known: Known) {
  return fc.oneof(
    fc.constant(undefined),
    fc.constant(`Bearer ${known.accessToken}`),
    fc.constant(`Bearer ${known.controlToken}`),
    fc.constant(`Basic ${Buffer.from(`${known.clientId}:${known.clientSecret}`).toString('base64')}`),
    fc.constantFrom('Bearer ', 'Bearer', 'bearer x', 'Basic', 'Basic !!!', 'Basic Og==', 'Token abc', `Bearer ${'a'.repeat(5000)}`),
    printable(80).map((t) => `Bearer ${t}`),
  );
}

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'POST', 'PUT', 'HEAD', 'OPTIONS', 'FOO');

const bodyArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: jsonBody },
  { weight: 2, arbitrary: malformedJson },
  { weight: 2, arbitrary: formBody },
  { weight: 1, arbitrary: huge.map((s) => JSON.stringify({ title: s })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).chain((n) => (n === 0 ? oversize : fc.constant(undefined))) },
);

export function requestArb(known: Known): fc.Arbitrary<RandomRequest> {
  return fc
    .record({
      method: methods,
      path: pathArb(known),
      auth: authArb(known),
      contentType: contentTypes,
      body: bodyArb,
      userAgent: fc.option(printable(30), { nil: undefined }),
      language: fc.option(printable(30), { nil: undefined }),
      cookie: fc.option(printable(60), { nil: undefined }),
    })
    .map(({ method, path, auth, contentType, body, userAgent, language, cookie }) => {
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.authorization = auth;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (userAgent !== undefined) headers['user-agent'] = userAgent;
      if (language !== undefined) headers['accept-language'] = language;
      if (cookie !== undefined) headers.cookie = cookie;
      // HEAD and GET carry no body through undici.
      const withBody = method !== 'GET' && method !== 'HEAD' ? body : undefined;
      return { method, path, headers, body: withBody };
    });
}
