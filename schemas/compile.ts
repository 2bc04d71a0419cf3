/**
 * Ajv over the spec's schemas, for what checks the schemas themselves: the builder of
 * their validators (standaloneValidators, for scripts/gen-validators.ts) and the schemas'
 * test (compileAll). A run
 * never loads this module: it validates with the validators compiled ahead
 * (schemas/validators.cjs), since compiling the schemas cost about 0.35 s of CPU in every
 * Playwright worker and the kill matrix starts one per defect.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';
import { getSchema, SCHEMA_NAMES, schemaId } from './index.js';

/** A CommonJS module's function as imported under ESM: the module's `.default` when it has one. */
const commonJs = <T>(module: unknown): T => (module as { default?: T }).default ?? (module as T);
const addFormats = commonJs<(ajv: Ajv2020) => Ajv2020>(addFormatsModule);
const standaloneCode = commonJs<(ajv: Ajv2020, refs: Record<string, string>) => string>(standaloneModule);

/**
 * An Ajv instance holding every schema, each checked against the 2020-12 meta-schema as
 * it is added; `source`: keep each validator's code, for Ajv's standalone generation.
 */
export function validatingAjv(options: { source?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    // `required` beside an `allOf`/`$ref` that defines the properties (item-create,
    // notification's if/then) is how 2020-12 composes; strictRequired would refuse it.
    strictRequired: false,
    // `type: ["string", "null"]` is how the spec's nullable fields are written.
    allowUnionTypes: true,
    allErrors: true,
    ...(options.source ? { code: { source: true, lines: true } } : {}),
  });
  addFormats(ajv);
  for (const name of SCHEMA_NAMES) ajv.addSchema(getSchema(name));
  return ajv;
}

/** True once every schema is valid against the meta-schema and has compiled; throws the first error otherwise. */
export function compileAll(): true {
  const ajv = validatingAjv();
  for (const name of SCHEMA_NAMES) if (!ajv.getSchema(schemaId(name))) throw new Error(`schema ${name}: no $id ${schemaId(name)}`);
  return true;
}

/**
 * Every schema's validator as the code of one CommonJS module (Ajv's standalone generation),
 * exporting each under its schema name: what schemas/validators.cjs holds. CommonJS because
 * Ajv's standalone code requires its runtime helpers (ajv-formats' formats, ajv's ucs2length).
 */
export function standaloneValidators(): string {
  const exports: Record<string, string> = {};
  for (const name of SCHEMA_NAMES) exports[name] = schemaId(name);
  return standaloneCode(validatingAjv({ source: true }), exports);
}
