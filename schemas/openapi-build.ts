/**
 * How the schemas of `schemas/openapi.json` are built from the JSON Schema files, so the
 * document is self-contained: tools take it as it is (Prism's mock, Redocly,
 * openapi-typescript, Swagger UI), with no file to resolve beside it. The command
 * is scripts/build-openapi.ts; the suite reads the component names (COMPONENTS,
 * judging/documented.ts) from here, so runtime code never imports a script.
 *
 * What is written by hand in the document (info, servers, paths, webhooks, security
 * schemes, the token request schemas) stays as it is. `components.schemas` gets one
 * component per schema file (names in COMPONENTS), written from the file with:
 * - no `$schema` and no `$id`: a copy that keeps its file's `$id` makes the `$ref`s
 *   inside it resolve against that URL, not the document (Prism then validates no
 *   request body at all, and one `$id` copied twice is an error for Ajv);
 * - each `$defs` entry hoisted into a component of its own (`ItemCreate` + `item` →
 *   `ItemCreateItem`): openapi-typescript types `$defs` as a required property;
 * - every `$ref` (relative file, `#/$defs/…`, `#`) rewritten to `#/components/schemas/…`.
 * A `$ref` to a schema file anywhere else in the document (e.g. a hand-written
 * path) is rewritten the same way. tests/catalog/openapi.spec.ts fails when the checked-in
 * document differs from what this builds.
 */
import { fileURLToPath } from 'node:url';
import { SCHEMA_NAMES, type SchemaName, getSchema } from './index.js';

export const OPENAPI_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const pascal = (s: string): string => s.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The component name of each schema file. */
export const COMPONENTS: Readonly<Record<SchemaName, string>> = Object.freeze(
  Object.fromEntries(SCHEMA_NAMES.map((name) => [name, name === 'oauth-error' ? 'OAuthError' : pascal(name)])) as Record<SchemaName, string>,
);

/** The component a `$defs` entry of a schema file is hoisted to. */
export const defComponent = (name: SchemaName, def: string): string => `${COMPONENTS[name]}${pascal(def)}`;

const FILE_REF = /^([a-z0-9-]+)\.schema\.json$/;

/** `$ref` as written in schema file `from` (or in the document when `from` is undefined) → the document's own ref. */
function rewriteRef(ref: string, from: SchemaName | undefined): string {
  const hash = ref.indexOf('#');
  const file = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? '' : ref.slice(hash + 1);
  let target: SchemaName | undefined;
  if (file === '') {
    if (from === undefined) return ref; // already the document's own ref
    target = from;
  } else {
    const m = FILE_REF.exec(file);
    if (!m || !SCHEMA_NAMES.includes(m[1] as SchemaName)) throw new Error(`build-openapi: $ref to an unknown file: ${ref}`);
    target = m[1] as SchemaName;
  }
  const defs = /^\/\$defs\/([^/]+)(\/.*)?$/.exec(pointer);
  if (defs) return `#/components/schemas/${defComponent(target, defs[1])}${defs[2] ?? ''}`;
  if (target === 'constants') throw new Error(`build-openapi: the document has only the $defs of constants.schema.json: ${ref}`);
  if (pointer !== '' && pointer !== '/') return `#/components/schemas/${COMPONENTS[target]}${pointer}`;
  return `#/components/schemas/${COMPONENTS[target]}`;
}

function rewriteRefs(value: Json, from: SchemaName | undefined): Json {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, from));
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' ? rewriteRef(v, from) : rewriteRefs(v, from);
    }
    return out;
  }
  return value;
}

/** The components of one schema file: the schema itself, then its hoisted `$defs`. */
function componentsOf(name: SchemaName): [string, Json][] {
  const { $schema: _schema, $id: _id, $defs, ...rest } = structuredClone(getSchema(name)) as JsonObject;
  // constants.schema.json's root is a bag of every constant, only there so examples
  // can exercise each one; no operation uses it, so the document has its $defs only.
  const out: [string, Json][] = name === 'constants' ? [] : [[COMPONENTS[name], rewriteRefs(rest, name)]];
  for (const [def, schema] of Object.entries(($defs ?? {}) as JsonObject)) {
    if (schema && typeof schema === 'object' && !Array.isArray(schema) && '$defs' in schema) {
      throw new Error(`build-openapi: nested $defs in ${name}#/$defs/${def} are not supported`);
    }
    out.push([defComponent(name, def), rewriteRefs(schema, name)]);
  }
  return out;
}

export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const GENERATED_NOTE =
  'components.schemas is built from schemas/*.schema.json by scripts/build-openapi.ts: change the schema files, then run `npx tsx scripts/build-openapi.ts`. The rest of the document is written by hand.';

/** The document with its file-backed components (re)built from the schema files. */
export function buildOpenApi(current: JsonObject): JsonObject {
  const doc = structuredClone(current);
  const components = (doc.components ?? {}) as JsonObject;
  const existing = (components.schemas ?? {}) as JsonObject;
  // File-backed components first, in the order of the files, each followed by its
  // hoisted $defs; then the hand-written ones (a key named after a file is not one).
  const schemas: JsonObject = {};
  for (const name of SCHEMA_NAMES) for (const [key, schema] of componentsOf(name)) schemas[key] = schema;
  const fileNamed = new Set<string>(Object.values(COMPONENTS));
  for (const [key, schema] of Object.entries(existing)) {
    if (!(key in schemas) && !fileNamed.has(key)) schemas[key] = schema;
  }
  components.schemas = schemas;
  doc.components = components;
  const rewritten = rewriteRefs(doc, undefined) as JsonObject;
  dropUnusedDefs((rewritten.components as JsonObject).schemas as JsonObject, rewritten);
  // The note sits at the top, after info.
  const { openapi, info, 'x-generated': _note, jsonSchemaDialect: _dialect, ...others } = rewritten;
  // The components are plain JSON Schema 2020-12 (the files' dialect) and carry no
  // `$schema`: the document says so. Prism gives every schema the document's
  // dialect as `$schema`, and under the OAS base dialect its Ajv compiles nothing,
  // so it validates no request body at all.
  return { openapi, info, 'x-generated': GENERATED_NOTE, jsonSchemaDialect: JSON_SCHEMA_2020_12, ...others };
}

/** Every `$ref` string in a JSON value. */
export function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

/**
 * A hoisted `$defs` entry that nothing refers to (constants only kept for the
 * examples) is left out, so linters see no unused component; repeated until no
 * more goes, since a dropped entry may have been the last user of another.
 */
function dropUnusedDefs(schemas: JsonObject, doc: JsonObject): void {
  const hoisted = new Set(SCHEMA_NAMES.flatMap((name) => Object.keys((getSchema(name) as { $defs?: object }).$defs ?? {}).map((def) => defComponent(name, def))));
  for (;;) {
    const used = new Set(
      Object.entries(schemas)
        .flatMap(([key, schema]) => refs(schema).filter((ref) => ref !== `#/components/schemas/${key}` && !ref.startsWith(`#/components/schemas/${key}/`)))
        .concat(refs({ ...doc, components: { ...(doc.components as JsonObject), schemas: {} } }))
        .map((ref) => ref.replace(/^#\/components\/schemas\/([^/]+).*$/, '$1')),
    );
    const unused = Object.keys(schemas).filter((key) => hoisted.has(key) && !used.has(key));
    if (unused.length === 0) return;
    for (const key of unused) delete schemas[key];
  }
}

export const serialize = (doc: JsonObject): string => `${JSON.stringify(doc, null, 2)}\n`;
