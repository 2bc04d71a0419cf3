/**
 * conformance.json's published JSON Schema (results/conformance-report.schema.json,
 * schemaVersion 2): real reports validate against it, its codes are results/outcomes.ts's,
 * and it refuses what CI scripts must never meet (a state without its exit code, an
 * unjudged rule without its code).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CAPABILITIES, NOT_APPLICABLE_CAUSES, NOT_EXERCISED_REASONS } from '../../results/outcomes.js';
import { SCHEMA_VERSION } from '../../reporting/report-types.js';
import { check, filesFrom, fixture, reportFromChecks, ROOT } from './data/helpers.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'results', 'conformance-report.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
/** The report as a CI script reads it: the JSON text of conformance.json. */
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v));
const errorsOf = (v: unknown) => (validate(asJson(v)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

test('the schema’s codes and version are those of results/outcomes.ts and reporting/report-types.ts', () => {
  expect(schema.properties.schemaVersion.const).toBe(SCHEMA_VERSION);
  expect(schema.$defs.notExercisedReason.enum).toEqual(Object.keys(NOT_EXERCISED_REASONS));
  expect(schema.$defs.notApplicableCause.enum).toEqual(Object.keys(NOT_APPLICABLE_CAUSES));
  expect(schema.$defs.capability.enum).toEqual(Object.keys(CAPABILITIES));
});

test('conformance.json files written by the report builder validate: failed, broken, incomplete, with a baseline and a diff', () => {
  for (const [name, env] of [
    ['run-mixed.json', {}],
    ['run-mixed.json', { SC_BASELINE: fixture('baseline.json'), SC_PREVIOUS_REPORT: fixture('previous.json') }],
    ['run-should-only.json', { SC_STRICT: '1' }],
    ['run-empty.json', {}],
    ['run-truncated.json', {}],
    ['run-setup-error.json', {}],
  ] as const) {
    const built = filesFrom(fixture(name), env);
    const written = JSON.parse(readFileSync(built.jsonFile, 'utf8'));
    expect(written.schemaVersion).toBe(4);
    expect(errorsOf(written), `${name} ${JSON.stringify(env)}`).toEqual([]);
  }
  const incomplete = reportFromChecks([check({ title: '[ITEM-IMG-2] x', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [auth_ambiguous]: 401' })]);
  expect(incomplete.gate.state).toBe('INCOMPLETE');
  expect(errorsOf(incomplete)).toEqual([]);
});

test('the schema refuses a state with another exit code, and an unjudged rule without its code', () => {
  const rep = asJson(filesFrom(fixture('run-mixed.json')).report);
  expect(errorsOf({ ...rep, gate: { ...rep.gate, state: 'PASSED' } }).join('\n')).toContain('/gate/exitCode must be equal to constant');
  const r = rep.requirements.find((x: { verdict: string }) => x.verdict === 'not-applicable');
  const { reasonCode: _dropped, ...noCode } = r;
  expect(errorsOf({ ...rep, requirements: [noCode] }).join('\n')).toContain("must have required property 'reasonCode'");
  expect(errorsOf({ ...rep, requirements: [{ ...r, reasonCode: 'rate_limited' }] }).join('\n')).toContain('must be equal to one of the allowed values');
});
