/**
 * Data-driven: schemas/examples/<name>.json holds, for every schema, instances
 * labelled valid and instances labelled invalid for one named reason. Each file
 * is itself checked against schemas/examples/examples.schema.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { SCHEMA_NAMES, type SchemaName, validate } from '../../schemas/index.js';

interface ExamplesFile {
  schema: SchemaName;
  description?: string;
  valid: { note?: string; data: unknown }[];
  invalid: { reason: string; spec?: string; data: unknown }[];
}

const EXAMPLES_DIR = new URL('../../schemas/examples/', import.meta.url);
const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(file, EXAMPLES_DIR), 'utf8'));
const exampleFiles = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith('.json') && f !== 'examples.schema.json')
  .sort();

test('every schema has an examples file, and every examples file names a schema', () => {
  expect(exampleFiles.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...SCHEMA_NAMES].sort());
});

test('every examples file matches examples.schema.json and names its own schema', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const check = ajv.compile(readJson('examples.schema.json') as object);
  for (const file of exampleFiles) {
    const data = readJson(file) as ExamplesFile;
    expect(check(data), `${file}: ${ajv.errorsText(check.errors)}`).toBe(true);
    expect(`${data.schema}.json`).toBe(file);
  }
});

for (const file of exampleFiles) {
  const examples = readJson(file) as ExamplesFile;
  test(`${examples.schema}: ${examples.valid.length} valid and ${examples.invalid.length} invalid instances behave as labelled`, async () => {
    expect(examples.valid.length).toBeGreaterThanOrEqual(1);
    expect(examples.invalid.length).toBeGreaterThanOrEqual(3);
    const reasons = examples.invalid.map((i) => i.reason);
    expect(new Set(reasons).size, 'each invalid instance has its own reason').toBe(reasons.length);
    for (const [n, { note, data }] of examples.valid.entries()) {
      await test.step(`valid: ${note ?? `#${n}`}`, () => {
        const result = validate(examples.schema, data);
        expect(result.valid, result.errors.join('\n')).toBe(true);
      });
    }
    for (const { reason, data } of examples.invalid) {
      await test.step(`invalid: ${reason}`, () => {
        const result = validate(examples.schema, data);
        expect(result.valid, `accepted although: ${reason}`).toBe(false);
        expect(result.errors.length).toBeGreaterThan(0);
      });
    }
  });
}
