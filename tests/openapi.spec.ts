/**
 * schemas/openapi.json: a valid OpenAPI 3.1 document (external refs to the schema
 * files resolved), covering exactly the operations of the spec's endpoint tables,
 * transcribed here by hand so the document cannot drift from the spec silently.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { SCHEMA_NAMES, SCHEMAS_DIR, type SchemaName, getSchema } from '../schemas/index.js';
import { fillPath, listOperations, openApiDocument, operation } from '../schemas/operations.js';

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

test('openapi.json is a valid OpenAPI 3.1 document, with the schema files as external refs', async () => {
  const validator = new Validator();
  // The document refers to the files by name; register each under that name so
  // the validator resolves them as Prism or Redocly would, relative to the file.
  // (structuredClone: the validator writes the given uri into the file's $id.)
  for (const name of SCHEMA_NAMES) await validator.addSpecRef(structuredClone(getSchema(name)) as Record<string, unknown>, `${name}.schema.json`);
  const result = await validator.validate(readFileSync(OPENAPI_FILE, 'utf8'));
  expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  // Without the files the external refs cannot resolve: proof that they were read above.
  const bare = await new Validator().validate(readFileSync(OPENAPI_FILE, 'utf8'));
  expect(bare.valid).toBe(false);
  expect(String(bare.errors)).toContain('.schema.json');
});

test('every $ref of the document resolves, and schemas are referenced, not copied', () => {
  const doc = openApiDocument();
  const refs = refsIn(doc);
  expect(refs.length).toBeGreaterThan(30);
  for (const [at, ref] of refs) {
    const [file, pointer = ''] = ref.split('#');
    const target = file ? getSchema(file.replace(/\.schema\.json$/, '') as SchemaName) : doc;
    expect(resolvePointer(target, pointer), `${at}: ${ref}`).toBeDefined();
  }
  for (const name of SCHEMA_NAMES) {
    const used = refs.some(([, ref]) => ref.startsWith(`${name}.schema.json`));
    expect(used, `${name}.schema.json is referenced by the document`).toBe(true);
  }
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
