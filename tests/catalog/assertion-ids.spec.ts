/**
 * Every requirement ID an assertion can name exists in the catalog: a failure
 * charged to an ID the catalog lacks would carry no verdict (issue "exact blame").
 * Assertions name IDs as string literals (`requirements: ['ITEM-QUOTA-1']`, tables
 * of IDs, registered checks), so every ID-shaped literal in the code that asserts
 * against a target is read here: specs/ and the harness (fixtures/, transport/, sessions/, judging/, lifecycle/, suite-server/, clients/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { requirementById } from '../../catalog/index.js';
import { ROOT } from '../reports/data/helpers.js';

const ID_LITERAL = /(['"`])((?:GEN|AUTH|ITEM|TX|WH)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)\1/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

test('every ID-shaped literal in specs/ and the harness names a catalog requirement', () => {
  const unknown: string[] = [];
  let seen = 0;
  for (const file of [...sources(join(ROOT, 'specs')), ...['fixtures', 'transport', 'sessions', 'judging', 'lifecycle', 'suite-server', 'clients'].flatMap((d) => sources(join(ROOT, d)))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(ID_LITERAL)) {
      seen++;
      if (!requirementById(m[2])) unknown.push(`${relative(ROOT, file)}: ${m[2]}`);
    }
  }
  expect(seen, 'ID literals found (the scan reads something)').toBeGreaterThan(300);
  expect(unknown).toEqual([]);
});
