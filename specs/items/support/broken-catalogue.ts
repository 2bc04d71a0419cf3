/**
 * The broken-payload catalogue (broken-payloads.json) against its schema
 * (broken-payloads.schema.json), for the catalogue's own test
 * (tests/items-broken-payloads.spec.ts). No check loads this module: Ajv and the
 * 2020-12 meta-schema would cost each of their workers about 0.3 s of CPU.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { getSchema } from '../../../schemas/index.js';

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));

/** Validates the catalogue against its schema; the messages of every error, or an empty list. */
export function catalogueErrors(data: unknown = read('broken-payloads.json')): string[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false });
  ajv.addSchema(getSchema('error-code') as object);
  const validateFn = ajv.compile(read('broken-payloads.schema.json') as object);
  if (validateFn(data)) return [];
  return (validateFn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
}
