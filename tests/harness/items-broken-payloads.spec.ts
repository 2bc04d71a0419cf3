/**
 * The broken-payload catalogue of the items checks
 * (specs/items/support/broken-payloads.json) against its own schema, and
 * against the requirement catalog: every case names a testable ITEM-VALID
 * requirement, and the schema refuses a malformed case.
 */
import { expect, test } from '@playwright/test';
import { isTestable, requirementById } from '../../catalog/index.js';
import { brokenCases } from '../../specs/items/support/broken.js';
import { catalogueErrors } from '../../specs/items/support/broken-catalogue.js';

test('the broken-payload catalogue matches its schema', () => {
  expect(catalogueErrors()).toEqual([]);
});

test('every broken-payload case names a testable requirement of the catalog', () => {
  for (const c of brokenCases()) {
    const requirement = requirementById(c.requirement);
    expect(requirement, `${c.name}: ${c.requirement} is in the catalog`).toBeDefined();
    expect(isTestable(requirement!), `${c.name}: ${c.requirement} is testable`).toBe(true);
  }
});

test('the schema refuses a case without a requirement, an unknown op and a code outside the spec', () => {
  const base = brokenCases()[0];
  const { requirement: _dropped, ...noRequirement } = base;
  expect(catalogueErrors({ cases: [noRequirement] }).length).toBeGreaterThan(0);
  expect(catalogueErrors({ cases: [{ ...base, break: { op: 'replace', path: '/item' } }] }).length).toBeGreaterThan(0);
  expect(catalogueErrors({ cases: [{ ...base, expected_codes: ['NOT_A_CODE'] }] }).length).toBeGreaterThan(0);
});
