/**
 * The loader of the spec's JSON Schemas (2020-12): the schemas as written, and their
 * validators, compiled ahead into `validators.cjs` by Ajv (strict mode plus
 * ajv-formats; scripts/gen-validators.ts). Both are loaded the first time they are
 * needed: importing this module is cheap.
 *
 * The files are read with `fs` relative to this module (not imported as JSON)
 * so the loader behaves the same under Playwright's TS loader and under tsx.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

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

let sourceMap: Map<SchemaName, object> | undefined;
let validators: Record<SchemaName, ValidateFunction> | undefined;

/** The validators of every schema, compiled ahead by scripts/gen-validators.ts (a test keeps the file fresh). */
export const VALIDATORS_FILE = new URL('./validators.cjs', import.meta.url);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Every schema as written, parsed once (no compiling: reading a schema's enum costs no validator). */
function sources(): Map<SchemaName, object> {
  if (sourceMap) return sourceMap;
  sourceMap = new Map();
  for (const name of SCHEMA_NAMES) {
    const text = readFileSync(new URL(`${name}.schema.json`, SCHEMAS_DIR), 'utf8');
    sourceMap.set(name, deepFreeze(JSON.parse(text) as object));
  }
  return sourceMap;
}

/**
 * Evaluates validators.cjs as CommonJS, not through `require`: Playwright's require hook
 * would run Babel over its 160 KB in every worker (about 0.8 s, measured), for code that
 * needs no transform. Its own requires (Ajv's runtime helpers) resolve from this folder.
 */
function loadValidators(): Record<SchemaName, ValidateFunction> {
  const file = fileURLToPath(VALIDATORS_FILE);
  const module = { exports: {} as Record<SchemaName, ValidateFunction> };
  const wrapped = runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file }) as (...args: unknown[]) => void;
  wrapped(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function validatorOf(name: SchemaName): ValidateFunction {
  validators ??= loadValidators();
  const fn = validators[name];
  if (fn) return fn;
  if (!SCHEMA_NAMES.includes(name)) throw new Error(`unknown schema '${name}'`);
  throw new Error(`schemas/validators.cjs has no validator for ${name}: run npx tsx scripts/gen-validators.ts`);
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
  const fn = validatorOf(name);
  const valid = fn(data) as boolean;
  return { valid, errors: valid ? [] : (fn.errors ?? []).map(describe) };
}

/** The schema as written in its file (frozen: do not mutate). */
export function getSchema(name: SchemaName): object {
  const schema = sources().get(name);
  if (!schema) throw new Error(`unknown schema '${name}'`);
  return schema;
}
