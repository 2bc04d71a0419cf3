/**
 * schemas/openapi.json: a valid, self-contained OpenAPI 3.1 document (the schema
 * files copied in by scripts/build-openapi.ts), covering exactly the operations of the spec's endpoint tables,
 * transcribed here by hand so the document cannot drift from the spec silently.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { SCHEMA_NAMES, SCHEMAS_DIR, getSchema } from '../../schemas/index.js';
import { fillPath, listOperations, openApiDocument, operation } from '../../schemas/operations.js';
import { COMPONENTS, buildOpenApi, serialize } from '../../schemas/openapi-build.js';

/** The spec's "Endpoints" tables, row by row: method, path, group, operationId. */
const SPEC_TABLES: [string, string, string, string][] = [
  ['POST', '/items', 'items', 'createItem'],
  ['GET', '/items', 'items', 'listItems'],
  ['GET', '/items/{itemId}', 'items', 'getItem'],
  ['PUT', '/items/{itemId}', 'items', 'updateItem'],
  ['DELETE', '/items/{itemId}', 'items', 'deleteItem'],
  ['POST', '/items/{itemId}/images', 'items', 'addItemImage'],
  ['DELETE', '/items/{itemId}/images/{imageId}', 'items', 'deleteItemImage'],
  ['PUT', '/items/{id}/sold', 'items', 'markItemSold'],
  ['PUT', '/items/{id}/activate', 'items', 'activateItem'],
  ['PUT', '/items/{id}/inactivate', 'items', 'inactivateItem'],
  ['PUT', '/items/{id}/reserve', 'items', 'reserveItem'],
  ['PUT', '/items/{id}/unreserve', 'items', 'unreserveItem'],
  ['GET', '/items/categories', 'items', 'listCategories'],
  ['GET', '/items/categories/{id}/attributes', 'items', 'listCategoryAttributes'],
  ['GET', '/items/inactive', 'items', 'listInactiveItems'],
  ['GET', '/items/limits', 'items', 'listItemLimits'],
  ['GET', '/transactions/requests/pending', 'transactions', 'listPendingShippingRequests'],
  ['GET', '/transactions/requests/{requestId}', 'transactions', 'getShippingRequest'],
  ['POST', '/transactions/requests/{requestId}/accept/home-pickup', 'transactions', 'acceptHomePickup'],
  ['POST', '/transactions/requests/{requestId}/accept/post-office', 'transactions', 'acceptPostOffice'],
  ['GET', '/transactions/pending', 'transactions', 'listPendingTransactions'],
  ['GET', '/transactions/{transactionId}', 'transactions', 'getTransaction'],
  ['POST', '/transactions/{transactionId}/delivery/register', 'transactions', 'registerDelivery'],
  ['GET', '/disputes/{disputeId}', 'transactions', 'getDispute'],
  ['PATCH', '/deliveries/{deliveryId}/status', 'transactions', 'updateDeliveryStatus'],
  ['POST', '/webhooks', 'webhooks', 'createWebhook'],
  ['GET', '/webhooks', 'webhooks', 'listWebhooks'],
  ['PUT', '/webhooks/{webhookId}', 'webhooks', 'updateWebhook'],
  ['DELETE', '/webhooks/{webhookId}', 'webhooks', 'deleteWebhook'],
  ['PATCH', '/webhooks/{webhookId}/token', 'webhooks', 'rotateWebhookToken'],
  ['GET', '/auth', 'auth', 'authorize'],
  ['POST', '/token', 'auth', 'exchangeToken'],
];

const OPENAPI_FILE = new URL('openapi.json', SCHEMAS_DIR);

/** Every `$ref` in a JSON value, with the JSON pointer of where it sits. */
function refsIn(value: unknown, at = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) refsIn(v, `${at}/${i}`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push([at, v]);
      else refsIn(v, `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`, out);
    }
  }
  return out;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  let node: unknown = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

test('openapi.json is a valid OpenAPI 3.1 document on its own, with no file beside it', async () => {
  // No addSpecRef: the document is self-contained (scripts/build-openapi.ts copies the
  // schema files into components.schemas), so a tool takes it as it is.
  const validator = new Validator();
  const result = await validator.validate(readFileSync(OPENAPI_FILE, 'utf8'));
  expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test('openapi.json is what scripts/build-openapi.ts builds from the schema files (run it after a schema change)', () => {
  const text = readFileSync(OPENAPI_FILE, 'utf8');
  expect(serialize(buildOpenApi(JSON.parse(text))), 'schemas/openapi.json is stale: run npx tsx scripts/build-openapi.ts').toBe(text);
});

test('every $ref of the document is its own and resolves; each schema file is a component, $defs hoisted', () => {
  const doc = openApiDocument();
  const refs = refsIn(doc);
  expect(refs.length).toBeGreaterThan(30);
  for (const [at, ref] of refs) {
    expect(ref, `${at}: a $ref to another file`).toMatch(/^#\/components\/schemas\//);
    expect(resolvePointer(doc, ref.slice(1)), `${at}: ${ref}`).toBeDefined();
  }
  const schemas = doc.components?.schemas ?? {};
  for (const name of SCHEMA_NAMES) {
    if (name === 'constants') continue; // a bag of every constant for the examples: only its $defs are used
    const component = schemas[COMPONENTS[name]] as Record<string, unknown> | undefined;
    expect(component, `${name}.schema.json has component ${COMPONENTS[name]}`).toBeDefined();
    expect(component?.title).toBe((getSchema(name) as { title?: string }).title);
  }
  // Hoisted: ItemCreate's item, and the constants other schemas use.
  expect(refs.map(([, r]) => r)).toContain('#/components/schemas/ItemCreateItem');
  expect(schemas.ConstantsCurrency).toEqual({ ...(getSchema('constants') as { $defs: Record<string, object> }).$defs.currency });
});

test('the document has exactly the 30 API operations and the 2 identity provider ones of the spec', () => {
  const actual = listOperations().map((o) => [o.method, o.path, o.group, o.operationId]);
  const key = (r: string[]) => r.join(' ');
  expect(actual.map(key).sort()).toEqual(SPEC_TABLES.map(key).sort());
  const counts = Object.fromEntries(
    ['items', 'transactions', 'webhooks', 'auth'].map((g) => [g, listOperations().filter((o) => o.group === g).length]),
  );
  expect(counts).toEqual({ items: 16, transactions: 9, webhooks: 5, auth: 2 });
  const ids = listOperations().map((o) => o.operationId);
  expect(new Set(ids).size).toBe(ids.length);
});

test('oAuthWithPKCE secures every API operation; the identity provider has its own server', () => {
  const doc = openApiDocument();
  const scheme = doc.components?.securitySchemes?.oAuthWithPKCE as OpenAPIV3_1.OAuth2SecurityScheme;
  expect(scheme.type).toBe('oauth2');
  expect(scheme.flows.authorizationCode?.scopes).toEqual({});
  expect(doc.security).toEqual([{ oAuthWithPKCE: [] }]);
  for (const op of listOperations()) expect(op.needsBearer, op.operationId).toBe(op.group !== 'auth');
  for (const path of ['/auth', '/token']) {
    expect(doc.paths?.[path]?.servers?.[0]?.url).toBe('{auth_url}');
  }
  expect(doc.servers?.[0]?.url).toBe('{base_url}');
});

test('the notification is declared under top-level webhooks with its signature headers', () => {
  const post = (openApiDocument().webhooks!.notification as OpenAPIV3_1.PathItemObject).post!;
  const body = post.requestBody as OpenAPIV3_1.RequestBodyObject;
  expect(body.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Notification' });
  const headers = (post.parameters as OpenAPIV3_1.ParameterObject[]).map((p) => p.name);
  expect(headers).toEqual(['X-Service-Signature', 'X-Service-Timestamp']);
});

test('statuses the spec states are declared; unstated ones say "not shown"', () => {
  const responses = (id: string) => {
    const op = operation(id);
    const item = openApiDocument().paths?.[op.path] as OpenAPIV3_1.PathItemObject;
    return item[op.method.toLowerCase() as 'get'] as OpenAPIV3_1.OperationObject;
  };
  const stated: [string, string][] = [
    ['createItem', '201'],
    ['listItems', '200'],
    ['getItem', '200'],
    ['addItemImage', '201'],
    ['listCategories', '200'],
    ['listCategoryAttributes', '200'],
    ['listCategoryAttributes', '404'],
    ['listInactiveItems', '200'],
    ['listItemLimits', '200'],
    ['createWebhook', '201'],
    ['listWebhooks', '200'],
    ['updateWebhook', '204'],
    ['deleteWebhook', '204'],
    ['rotateWebhookToken', '200'],
  ];
  for (const [id, status] of stated) expect(responses(id).responses?.[status], `${id} ${status}`).toBeDefined();
  for (const op of listOperations().filter((o) => o.group === 'transactions')) {
    const r = responses(op.operationId).responses ?? {};
    expect(Object.keys(r), op.operationId).toEqual(['default']);
    expect((r.default as OpenAPIV3_1.ResponseObject).description).toContain('not shown');
  }
  expect(operation('acceptHomePickup').hasBody).toBe(true);
  expect(operation('acceptPostOffice').hasBody).toBe(true);
});

test('every {parameter} of a path is declared as a required path parameter, and only those', () => {
  const doc = openApiDocument();
  for (const op of listOperations()) {
    const item = doc.paths?.[op.path] as OpenAPIV3_1.PathItemObject;
    const declared = ((item[op.method.toLowerCase() as 'get']?.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
      .filter((p) => p.in === 'path')
      .map((p) => (p.required ? p.name : `${p.name} (not required)`));
    expect(declared, `${op.operationId}`).toEqual(op.pathParams);
  }
});

test('fillPath fills and encodes path parameters, and refuses a missing one', () => {
  expect(fillPath(operation('deleteItemImage'), { itemId: 'a b', imageId: 'i/1' })).toBe('/items/a%20b/images/i%2F1');
  expect(operation('markItemSold').pathParams).toEqual(['id']);
  expect(() => fillPath(operation('getItem'), {})).toThrow(/itemId/);
  expect(() => operation('noSuchOperation')).toThrow();
});
