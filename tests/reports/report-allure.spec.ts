import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { allureOutcomes, labelAllureResults, labelsFor, writeGateResult } from '../../reporting/allure.js';
import { loadCatalog } from '../../catalog/index.js';
import { CATALOG_DIR, check, reportFromChecks, tempDir } from './data/helpers.js';

/**
 * Allure labels: epic = API group, feature = resource (the section's second
 * part, else the ID's topic), story = requirement ID, severity from the level.
 */

const catalog = loadCatalog(CATALOG_DIR).requirements;
const byId = new Map(catalog.map((r) => [r.id, r]));

test('labels come from the catalog, or from the ID alone when it is unknown', () => {
  expect(labelsFor('ITEM-ATTR-3', byId.get('ITEM-ATTR-3'))).toEqual([
    { name: 'epic', value: 'Items' },
    { name: 'feature', value: 'Category attribute' },
    { name: 'story', value: 'ITEM-ATTR-3' },
    { name: 'severity', value: 'critical' },
  ]);
  expect(labelsFor('AUTH-REFRESH-2', byId.get('AUTH-REFRESH-2')).slice(0, 2)).toEqual([
    { name: 'epic', value: 'Authentication' },
    { name: 'feature', value: 'REFRESH' },
  ]);
  expect(labelsFor('WH-SIG-9', undefined)).toEqual([
    { name: 'epic', value: 'Webhooks' },
    { name: 'feature', value: 'SIG' },
    { name: 'story', value: 'WH-SIG-9' },
  ]);
});

test('every result gets its labels once, other labels are kept, a second pass changes nothing', () => {
  const dir = join(tempDir(), 'allure-results');
  mkdirSync(dir);
  const labels = [
    { name: 'tag', value: 'items' },
    { name: 'framework', value: 'playwright' },
  ];
  writeFileSync(join(dir, 'a-result.json'), JSON.stringify({ name: '[ITEM-QUOTA-1][ITEM-LIST-2] a create beyond the quota', labels }));
  writeFileSync(join(dir, 'b-result.json'), JSON.stringify({ name: 'a check without IDs', labels }));
  expect(labelAllureResults(dir, catalog)).toBe(1);
  const first = readFileSync(join(dir, 'a-result.json'), 'utf8');
  expect(labelAllureResults(dir, catalog)).toBe(1);
  expect(readFileSync(join(dir, 'a-result.json'), 'utf8')).toBe(first);
  const got = JSON.parse(first).labels as { name: string; value: string }[];
  // One story, epic and feature per check (its first rule): Allure lists the check once; every rule is a label and a link.
  expect(got.filter((l) => l.name === 'story').map((l) => l.value)).toEqual(['ITEM-QUOTA-1']);
  expect(got.filter((l) => l.name === 'epic')).toEqual([{ name: 'epic', value: 'Items' }]);
  expect(got.filter((l) => l.name === 'feature').map((l) => l.value)).toEqual(['Item']);
  expect(got.filter((l) => l.name === 'requirement').map((l) => l.value)).toEqual(['ITEM-QUOTA-1', 'ITEM-LIST-2']);
  expect(JSON.parse(first).links.map((l: { name: string }) => l.name)).toEqual(['ITEM-QUOTA-1', 'ITEM-LIST-2']);
  expect(got).toContainEqual({ name: 'tag', value: 'items' });
  expect(JSON.parse(readFileSync(join(dir, 'b-result.json'), 'utf8')).labels).toEqual(labels);
});

test('a check’s status is the conformance report’s: failed for a MUST failure with its rules, passed with a SHOULD finding, broken when it could not judge', () => {
  const dir = join(tempDir(), 'allure-results');
  mkdirSync(dir);
  const write = (file: string, name: string, status: string) => writeFileSync(join(dir, file), JSON.stringify({ name, status, statusDetails: { message: 'x' } }));
  write('a-result.json', '[ITEM-QUOTA-1][ITEM-LIST-2] model', 'failed');
  write('b-result.json', '[GEN-ERR-2] code', 'skipped');
  write('c-result.json', '[ITEM-QUOTA-2] lowering', 'failed');
  const outcomes = new Map([
    ['[ITEM-QUOTA-1][ITEM-LIST-2] model', { status: 'failed' as const, failing: ['ITEM-LIST-2'], findings: [] }],
    ['[GEN-ERR-2] code', { status: 'passed' as const, failing: [], findings: ['GEN-ERR-2'] }],
    ['[ITEM-QUOTA-2] lowering', { status: 'broken' as const, failing: [], findings: [] }],
  ]);
  labelAllureResults(dir, catalog, outcomes);
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  expect(read('a-result.json').status).toBe('failed');
  expect(read('a-result.json').statusDetails.message).toMatch(/^MUST failed: ITEM-LIST-2\n/);
  expect(read('a-result.json').labels).toContainEqual({ name: 'failing-rule', value: 'ITEM-LIST-2' });
  expect(read('b-result.json').status).toBe('passed');
  expect(read('b-result.json').labels).toContainEqual({ name: 'finding', value: 'GEN-ERR-2' });
  expect(read('c-result.json').status).toBe('broken');
});

test('Allure renders the report’s states, never judges again: a check that judged nothing is skipped with its coded reasons, and the gate is a result of its own', () => {
  const rep = reportFromChecks([
    check({ title: '[ITEM-IMG-2] order', ids: ['ITEM-IMG-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [auth_ambiguous]: 401 to a token proven dead' }),
    check({ title: '[GEN-AUTH-1][TX-REQ-1] refused', ids: ['GEN-AUTH-1', 'TX-REQ-1'], ledger: { passed: {}, failed: {} }, notExercised: { 'GEN-AUTH-1': 'not exercised [rate_limited]: 429', 'TX-REQ-1': 'not applicable [no_control_api]: x' } }),
  ]);
  const outcomes = allureOutcomes(rep);
  expect(outcomes.get('[ITEM-IMG-2] order')).toMatchObject({ status: 'skipped', unjudged: ['ITEM-IMG-2: not exercised [auth_ambiguous]'] });
  expect(outcomes.get('[GEN-AUTH-1][TX-REQ-1] refused')).toMatchObject({ status: 'skipped', unjudged: ['GEN-AUTH-1: not exercised [rate_limited]', 'TX-REQ-1: not applicable [no_control_api]'] });
  const dir = join(tempDir(), 'allure-results');
  mkdirSync(dir);
  writeFileSync(join(dir, 'a-result.json'), JSON.stringify({ name: '[ITEM-IMG-2] order', status: 'skipped' }));
  labelAllureResults(dir, catalog, outcomes);
  writeGateResult(dir, rep);
  const a = JSON.parse(readFileSync(join(dir, 'a-result.json'), 'utf8'));
  expect(a.labels).toContainEqual({ name: 'not-exercised', value: 'ITEM-IMG-2: not exercised [auth_ambiguous]' });
  expect(a.statusDetails.message).toBe('ITEM-IMG-2: not exercised [auth_ambiguous]');
  const gate = JSON.parse(readFileSync(join(dir, 'conformance-gate-result.json'), 'utf8'));
  expect(gate).toMatchObject({ status: 'broken', name: `Gate: INCOMPLETE (exit 3) — MUST rules of the server: ${rep.summary.headline.text}` });
  expect(gate.statusDetails.message).toContain('2 MUST rules the configuration reaches were not exercised (auth_ambiguous 1, rate_limited 1)');
});
