/**
 * The loader of the spec's JSON Schemas (2020-12). One Ajv instance, strict mode
 * plus ajv-formats, compiles every `*.schema.json` of this folder the first time
 * any of them is needed, then never again: importing this module is cheap.
 *
 * The files are read with `fs` relative to this module (not imported as JSON)
 * so the loader behaves the same under Playwright's TS loader and under tsx.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export type SchemaName =
  | 'attributes-response'
  | 'categories-response'
  | 'category'
  | 'category-attribute'
  | 'constants'
  | 'error'
  | 'error-code'
  | 'event-type'
  | 'image-add'
  | 'image-add-response'
  | 'item-create'
  | 'item-create-response'
  | 'item-detail'
  | 'item-list-page'
  | 'item-listed'
  | 'item-update'
  | 'limit-entry'
  | 'notification'
  | 'oauth-error'
  | 'price'
  | 'token-response'
  | 'transaction-accept'
  | 'webhook'
  | 'webhook-create'
  | 'webhook-create-response'
  | 'webhook-token-response'
  | 'webhook-update';

/** Every schema file stem; a test checks this list against the folder, both ways. */
export const SCHEMA_NAMES: readonly SchemaName[] = [
  'attributes-response',
  'categories-response',
  'category',
  'category-attribute',
  'constants',
  'error',
  'error-code',
  'event-type',
  'image-add',
  'image-add-response',
  'item-create',
  'item-create-response',
  'item-detail',
  'item-list-page',
  'item-listed',
  'item-update',
  'limit-entry',
  'notification',
  'oauth-error',
  'price',
  'token-response',
  'transaction-accept',
  'webhook',
  'webhook-create',
  'webhook-create-response',
  'webhook-token-response',
  'webhook-update',
] as const;

/** Base of every schema's `$id`; files refer to each other relative to it. */
export const SCHEMA_BASE = 'https://seller-connect.example/schemas/';

export const schemaId = (name: SchemaName): string => `${SCHEMA_BASE}${name}.schema.json`;

/** Where the files live, for scripts and tests that read them directly. */
export const SCHEMAS_DIR = new URL('./', import.meta.url);

export interface ValidationResult {
  valid: boolean;
  /** Human-readable, one line per error, each starting with the instance path. */
  errors: string[];
}

// ajv-formats is CommonJS: under ESM its function is the module's `.default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

interface Compiled {
  sources: Map<SchemaName, object>;
  validators: Map<SchemaName, ValidateFunction>;
}

let compiled: Compiled | undefined;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function load(): Compiled {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    strict: true,
    // `required` beside an `allOf`/`$ref` that defines the properties (item-create,
    // notification's if/then) is how 2020-12 composes; strictRequired would refuse it.
    strictRequired: false,
    // `type: ["string", "null"]` is how the spec's nullable fields are written.
    allowUnionTypes: true,
    allErrors: true,
  });
  addFormats(ajv);
  const sources = new Map<SchemaName, object>();
  for (const name of SCHEMA_NAMES) {
    const text = readFileSync(new URL(`${name}.schema.json`, SCHEMAS_DIR), 'utf8');
    const schema = deepFreeze(JSON.parse(text) as object);
    sources.set(name, schema);
    ajv.addSchema(schema);
  }
  const validators = new Map<SchemaName, ValidateFunction>();
  for (const name of SCHEMA_NAMES) {
    const fn = ajv.getSchema(schemaId(name));
    if (!fn) throw new Error(`schema ${name}: no $id ${schemaId(name)}`);
    validators.set(name, fn);
  }
  compiled = { sources, validators };
  return compiled;
}

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const p = e.params as Record<string, unknown>;
  let detail = e.message ?? e.keyword;
  if (e.keyword === 'enum') detail += `: ${JSON.stringify(p.allowedValues)}`;
  if (e.keyword === 'const') detail += `: ${JSON.stringify(p.allowedValue)}`;
  if (e.keyword === 'additionalProperties') detail += `: '${String(p.additionalProperty)}'`;
  return `${where} ${detail} (${e.schemaPath})`;
}

/** Validates `data` against the named schema; never throws on bad data. */
export function validate(name: SchemaName, data: unknown): ValidationResult {
  const fn = load().validators.get(name);
  if (!fn) throw new Error(`unknown schema '${name}'`);
  const valid = fn(data) as boolean;
  return { valid, errors: valid ? [] : (fn.errors ?? []).map(describe) };
}

/** The schema as written in its file (frozen: do not mutate). */
export function getSchema(name: SchemaName): object {
  const schema = load().sources.get(name);
  if (!schema) throw new Error(`unknown schema '${name}'`);
  return schema;
}

/** True once every schema has compiled; throws the first compile error otherwise. */
export function compileAll(): true {
  load();
  return true;
}
