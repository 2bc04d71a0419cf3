/**
 * Ajv over the spec's schemas, for what checks the schemas themselves: the builder of
 * their validators (scripts/gen-validators.ts) and the schemas' test (compileAll). A run
 * never loads this module: it validates with the validators compiled ahead
 * (schemas/validators.cjs), since compiling the schemas cost about 0.35 s of CPU in every
 * Playwright worker and the kill matrix starts one per defect.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { getSchema, SCHEMA_NAMES, schemaId } from './index.js';

// ajv-formats is CommonJS: under ESM its function is the module's `.default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

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
