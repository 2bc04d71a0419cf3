import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { formatFacts, requirementFacts } from '../../scripts/req.js';

/** `npm run req <ID>`: one hop from an ID to its catalog entry, checks, reference code and defects. */

test('[tooling] a rule: its entry, the checks citing and naming it, and each defect that breaks it with where its seam is read', () => {
  const facts = requirementFacts('WH-SUB-2');
  expect(facts?.requirement.level).toBe('MUST');
  expect(facts?.titles.some((p) => p.file === 'specs/webhooks/subscriptions.spec.ts' && p.text.includes('[WH-SUB-2]'))).toBe(true);
  // The registered response checks name it through the document's x-requirements.
  expect(facts?.assertions.some((p) => p.file === 'schemas/openapi.json')).toBe(true);
  const defect = facts?.defects.find((d) => d.name === 'list-without-token');
  expect(defect?.reads.map((p) => p.file)).toContain('reference/webhooks/routes.ts');
  const text = formatFacts(facts!);
  expect(text).toMatch(/^WH-SUB-2 {2}MUST · webhooks · stated\n {2}section: {3}Endpoints > Webhooks\n {2}quote: {5}"GET \| \/webhooks/);
  expect(text).toMatch(/decision: {2}The list wrapper is not shown/);
  // Why it is a MUST: the spec's table row and the words of it that state the duty.
  expect(text).toContain('  MUST because: the spec, Endpoints > Webhooks: "GET | /webhooks | | 200, list of webhooks (id, url, token, events)" (the duty: "200, list of webhooks (id, url, token, events)")');
  expect(text).toMatch(/\n {4}reference\/webhooks\/routes\.ts:\d+ {2}if \(seam\.defect\('list-without-token'\)\)/);
});

test('[tooling] an ID is matched whole (ITEM-QUOTA-1 never finds ITEM-QUOTA-10), and an unknown ID exits 1', () => {
  const facts = requirementFacts('ITEM-QUOTA-1');
  expect(facts?.titles.length).toBeGreaterThan(0);
  for (const p of [...(facts?.titles ?? []), ...(facts?.assertions ?? [])]) expect(p.text, `${p.file}:${p.line}`).toMatch(/(?<![\w-])ITEM-QUOTA-1(?![\w-])/);
  expect(facts?.defects.map((d) => d.name)).toContain('quota-ignored');
  expect(requirementFacts('ITEM-NOPE-1')).toBeUndefined();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/req.ts', 'ITEM-NOPE-1'], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('ITEM-NOPE-1: not in the catalog');
});
