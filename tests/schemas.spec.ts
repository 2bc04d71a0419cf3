/**
 * The schema files themselves: the loader's list matches the folder, every file
 * is a 2020-12 schema with the agreed `$id`, refers to the others by relative
 * `$ref` only (no copies, no absolute addresses), compiles in strict mode, and
 * the derived TS types are fresh.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { TYPES_FILE, generateTypes } from '../scripts/gen-types.js';
import { SCHEMA_NAMES, SCHEMAS_DIR, compileAll, getSchema, schemaId, validate } from '../schemas/index.js';
import { refs } from '../schemas/openapi-build.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';


test('SCHEMA_NAMES lists exactly the *.schema.json files of schemas/', () => {
  const onDisk = readdirSync(SCHEMAS_DIR)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace(/\.schema\.json$/, ''))
    .sort();
  expect([...SCHEMA_NAMES].sort()).toEqual(onDisk);
});

test('every schema compiles once in strict mode with formats', () => {
  expect(compileAll()).toBe(true);
});

for (const name of SCHEMA_NAMES) {
  test(`${name}.schema.json is 2020-12, has its $id, a title, and only relative refs`, () => {
    const schema = getSchema(name) as Record<string, unknown>;
    expect(schema.$schema).toBe(DIALECT);
    expect(schema.$id).toBe(schemaId(name));
    expect(typeof schema.title).toBe('string');
    for (const ref of refs(schema)) {
      // A relative ref resolves against the $id for Ajv and against the file for
      // file-based tools (Prism, Redocly): both land on the same schema.
      expect(ref, `${name}: ${ref}`).not.toMatch(/^[a-z]+:/i);
      const file = ref.split('#')[0];
      if (file) expect(SCHEMA_NAMES, `${name}: ${ref}`).toContain(file.replace(/\.schema\.json$/, ''));
    }
  });
}

test('getSchema returns the file as written, frozen', () => {
  const fromFile = JSON.parse(readFileSync(new URL('error.schema.json', SCHEMAS_DIR), 'utf8'));
  const loaded = getSchema('error');
  expect(loaded).toEqual(fromFile);
  expect(Object.isFrozen(loaded)).toBe(true);
});

test('validate reports errors with their instance paths, and never throws on odd data', () => {
  const bad = validate('item-create', {
    item: { category_leaf_id: '1', title: 't', description: 'd', price: { cash_amount: 1, currency: 'USD' } },
    main_image: { url: 'http://127.0.0.1/a.jpg' },
  });
  expect(bad.valid).toBe(false);
  expect(bad.errors.join('\n')).toContain('/item/price/currency');
  for (const odd of [undefined, null, 0, '', [], Number.NaN, { __proto__: null }]) {
    expect(() => validate('notification', odd)).not.toThrow();
    expect(validate('notification', odd).valid).toBe(false);
  }
  expect(validate('error', { code: 'INVALID_IMAGE', message: 'm' })).toEqual({ valid: true, errors: [] });
});

test('the discrete_values contradiction is marked in a $comment', () => {
  const text = readFileSync(new URL('category-attribute.schema.json', SCHEMAS_DIR), 'utf8');
  expect(text).toMatch(/"\$comment": "SPEC CONTRADICTION[^"]*values[^"]*options/);
});

test('the event types are the spec’s 18, with the neutral DISPUTE_CANCELLED_BY_SERVICE', () => {
  const { enum: events } = getSchema('event-type') as { enum: string[] };
  expect(events).toHaveLength(18);
  expect(events).toContain('DISPUTE_CANCELLED_BY_SERVICE');
  expect(events.some((e) => e.includes('PLACEHOLDER'))).toBe(false);
  const { enum: codes } = getSchema('error-code') as { enum: string[] };
  expect(codes).toHaveLength(12);
});

test('schemas/types.ts is fresh (npx tsx scripts/gen-types.ts regenerates it)', async () => {
  const current = readFileSync(TYPES_FILE, 'utf8');
  expect(current.startsWith('/* eslint-disable */\n/**\n * GENERATED')).toBe(true);
  expect(current, 'schemas/types.ts is stale: run npx tsx scripts/gen-types.ts').toBe(await generateTypes());
});
