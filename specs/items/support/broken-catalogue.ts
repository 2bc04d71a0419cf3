/**
 * The broken-payload catalogue (broken-payloads.json) against its schema
 * (broken-payloads.schema.json), for the catalogue's own test
 * (tests/harness/items-broken-payloads.spec.ts). No check loads this module: Ajv and the
 * 2020-12 meta-schema would cost each of their workers about 0.3 s of CPU.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { getSchema } from '../../../schemas/index.js';
import { catalogueFile } from './broken.js';

/** Validates the catalogue against its schema; the messages of every error, or an empty list. */
export function catalogueErrors(data: unknown = catalogueFile('broken-payloads.json')): string[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictRequired: false });
  ajv.addSchema(getSchema('error-code') as object);
  const validateFn = ajv.compile(catalogueFile('broken-payloads.schema.json') as object);
  if (validateFn(data)) return [];
  return (validateFn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
}
