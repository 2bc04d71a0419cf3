/**
 * schemas/openapi.json as other tools take it, with no file beside it (issue 16, item 4).
 *
 * - Prism's mock (request validation): Prism resolves the document's own `$ref`s,
 *   gives each request-body schema the document's `jsonSchemaDialect` as `$schema`,
 *   picks its Ajv by that dialect and, when the schema does not compile, validates
 *   nothing (every body is answered 201). Here: the same path with Ajv 2020, strict
 *   off as in Prism, each operation's body schema reached through the document's
 *   own refs: `{}`, `"x"` and a USD item without main_image must be refused. (Prism
 *   itself, 122 packages, is not a devDependency; the same cases were run with
 *   @stoplight/prism-http 5.12 by hand: 422 on each.)
 * - openapi-typescript: it types a `$defs` keyword as a required property, and an
 *   object schema with neither properties nor additionalProperties as
 *   `Record<string, never>`. Here: neither appears in the document, and
 *   Notification.data is typed. (openapi-typescript needs TypeScript 5's compiler
 *   API, which the suite's TypeScript 7 does not have, so it is not a devDependency.)
 * - Redocly lint (recommended rules) had 0 errors; the structural rules it errs on
 *   are checked here: unique operationIds, declared tags, a success response on every
 *   operation, every component used.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { listOperations, openApiDocument } from '../../schemas/operations.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOC_ID = 'urn:seller-connect:openapi';
/** The dialects Prism compiles with Ajv 2020 (its regex); any other dialect compiles nothing in Prism. */
const PRISM_2020 = /^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/;

const pointer = (...parts: string[]) => parts.map((p) => `/${encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))}`).join('');

/** One Ajv over the document itself (as read from the file, no schema file registered). */
function documentAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const doc = JSON.parse(readFileSync(new URL('../../schemas/openapi.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  ajv.addSchema({ ...doc, $id: DOC_ID });
  return ajv;
}

interface BodyOperation {
  operationId: string;
  mediaType: string;
  validate: (data: unknown) => boolean;
}

function bodyOperations(ajv: Ajv2020): BodyOperation[] {
  const doc = openApiDocument();
  const out: BodyOperation[] = [];
  for (const op of listOperations().filter((o) => o.hasBody)) {
    const method = op.method.toLowerCase() as 'post';
    const item = doc.paths?.[op.path] as OpenAPIV3_1.PathItemObject;
    const body = (item[method] as OpenAPIV3_1.OperationObject).requestBody as OpenAPIV3_1.RequestBodyObject;
    for (const mediaType of Object.keys(body.content)) {
      const at = pointer('paths', op.path, method, 'requestBody', 'content', mediaType, 'schema');
      out.push({ operationId: op.operationId, mediaType, validate: ajv.compile({ $ref: `${DOC_ID}#${at}` }) });
    }
  }
  const hookItem = doc.webhooks?.notification as OpenAPIV3_1.PathItemObject;
  const hook = (hookItem.post as OpenAPIV3_1.OperationObject).requestBody as OpenAPIV3_1.RequestBodyObject;
  expect(hook.content['application/json']).toBeDefined();
  out.push({
    operationId: 'notification (webhook)',
    mediaType: 'application/json',
    validate: ajv.compile({ $ref: `${DOC_ID}#${pointer('webhooks', 'notification', 'post', 'requestBody', 'content', 'application/json', 'schema')}` }),
  });
  return out;
}

/** Every object of the document that stands where a schema may (components and inline). */
function walk(value: unknown, visit: (node: Record<string, unknown>, at: string) => void, at = ''): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walk(v, visit, `${at}/${i}`);
  } else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>, at);
    for (const [k, v] of Object.entries(value)) walk(v, visit, `${at}/${k}`);
  }
}

const VALID_CREATE = {
  item: { category_leaf_id: '10', title: 'Lamp', description: 'A lamp', price: { cash_amount: 12.5, currency: 'EUR' } },
  main_image: { url: 'http://127.0.0.1:8765/images/lamp.jpg' },
};

test('Prism: the document declares the JSON Schema 2020-12 dialect and no $id, so its schemas compile as the document', () => {
  const doc = openApiDocument();
  expect(doc.jsonSchemaDialect).toMatch(PRISM_2020);
  walk(doc, (node, at) => {
    // A copied `$id` makes the refs inside resolve against that URL, not the document: Prism then validates nothing.
    expect('$id' in node && typeof node.$id === 'string', `${at}: $id`).toBe(false);
    expect(typeof node.$schema === 'string', `${at}: $schema`).toBe(false);
  });
});

test('Prism: every operation with a body refuses {} and "x" through the document alone; createItem refuses USD without main_image', () => {
  const ops = bodyOperations(documentAjv());
  expect(ops.map((o) => o.operationId).sort()).toEqual(
    [
      'acceptHomePickup',
      'acceptPostOffice',
      'addItemImage',
      'createItem',
      'createWebhook',
      'exchangeToken',
      'notification (webhook)',
      'updateItem',
      'updateWebhook',
    ].sort(),
  );
  const emptyAccepted: string[] = [];
  for (const op of ops) {
    expect(op.validate('x'), `${op.operationId} ${op.mediaType} refuses "x"`).toBe(false);
    expect(op.validate([]), `${op.operationId} refuses []`).toBe(false);
    if (op.validate({})) emptyAccepted.push(op.operationId);
  }
  // Every body has a required field (the accept bodies: the shipping fields of transaction-accept).
  expect(emptyAccepted).toEqual([]);
  const create = ops.find((o) => o.operationId === 'createItem') as BodyOperation;
  expect(create.validate(VALID_CREATE), 'a valid create body').toBe(true);
  expect(create.validate({ item: { ...VALID_CREATE.item, price: { cash_amount: 1, currency: 'USD' } } }), 'USD without main_image').toBe(false);
  expect(create.validate({ ...VALID_CREATE, item: { ...VALID_CREATE.item, price: { cash_amount: 1, currency: 'USD' } } }), 'USD').toBe(false);
  expect(create.validate({ item: VALID_CREATE.item }), 'without main_image').toBe(false);
  // The valid examples of the schema files pass through the document too.
  const examples = JSON.parse(readFileSync(new URL('../../schemas/examples/item-create.json', import.meta.url), 'utf8')) as {
    valid: { data: unknown }[];
    invalid: { data: unknown; reason: string }[];
  };
  for (const e of examples.valid) expect(create.validate(e.data)).toBe(true);
  for (const e of examples.invalid) expect(create.validate(e.data), e.reason).toBe(false);
});

test('webhook url: a string, as the spec types it; the document and the schema take any string, none other', () => {
  const ops = bodyOperations(documentAjv());
  for (const id of ['createWebhook', 'updateWebhook']) {
    const op = ops.find((o) => o.operationId === id) as BodyOperation;
    for (const url of ['https://hooks.example/seller connect?user={user}', 'http://127.0.0.1:9000/hook?user=pro-1', 'hook']) {
      expect(op.validate({ url, events: ['SALE_COMPLETED'] }), `${id} ${url}`).toBe(true);
    }
    expect(op.validate({ url: 42, events: ['SALE_COMPLETED'] }), `${id} url 42`).toBe(false);
  }
  // Whether a url can receive a POST is judged by WH-SUB-12 alone, at the SHOULD level.
  const catalog = JSON.parse(readFileSync(new URL('../../catalog/requirements.json', import.meta.url), 'utf8')) as unknown;
  const list = (Array.isArray(catalog) ? catalog : Object.values(catalog as object).find(Array.isArray)) as { id: string; level: string }[];
  expect(list.find((r) => r.id === 'WH-SUB-12')?.level).toBe('SHOULD');
  const spec = readFileSync(new URL('../../specs/webhooks/subscription-refusals.spec.ts', import.meta.url), 'utf8');
  expect(spec).toMatch(/test\('\[WH-SUB-12\][^']*', \{ tag: '@should' \}/);
});

test('openapi-typescript: no $defs and no untyped object in the document; Notification.data is typed', () => {
  const doc = openApiDocument();
  walk(doc, (node, at) => {
    // openapi-typescript turns a `$defs` keyword into a required `$defs` property of the type.
    expect('$defs' in node, `${at}: $defs`).toBe(false);
    // …and `{type: object}` with neither (under `not` it types nothing) properties nor additionalProperties into Record<string, never>.
    if (node.type === 'object' && !at.includes('/not')) {
      const typed = 'properties' in node || 'additionalProperties' in node || 'patternProperties' in node || 'oneOf' in node || 'anyOf' in node;
      expect(typed, `${at}: an object schema with no properties nor additionalProperties`).toBe(true);
    }
  });
  const notification = doc.components?.schemas?.Notification as OpenAPIV3_1.SchemaObject;
  const data = notification.properties?.data as OpenAPIV3_1.SchemaObject;
  expect(data.properties?.item_id).toEqual({ type: 'string' });
  expect(data.additionalProperties).toBe(true);
});

test('Redocly-level structure: unique operationIds, declared tags, a success response each, every component used', () => {
  const doc = openApiDocument();
  const declared = new Set((doc.tags ?? []).map((t) => t.name));
  const ids: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item?.[method];
      if (!op) continue;
      ids.push(op.operationId as string);
      for (const tag of op.tags ?? []) expect(declared.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses.some((s) => /^(2\d\d|2XX|default)$/.test(s)), `${method} ${path}: ${statuses}`).toBe(true);
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
  const text = JSON.stringify(doc);
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    expect(text.includes(`"#/components/schemas/${name}"`) || text.includes(`"#/components/schemas/${name}/`), `component ${name} is used`).toBe(true);
  }
  for (const name of Object.keys(doc.components?.schemas ?? {})) expect(name).toMatch(/^[a-zA-Z0-9.\-_]+$/);
});
