/**
 * Every MUST rule names its parts (issue 38): what a PASS must have covered. The schema holds the shape
 * (catalog/requirement.schema.json `parts`, set on every testable MUST rule and no other entry); here: part ids
 * are unique within their rule, and every rule of named parts is judged by part in the checks (specs/ name its
 * part keys, `partKey('RULE', …)` or `'RULE#…'`). That each part is judged in a run is proven by the kill
 * matrix's clean run (npm test): against the clean reference every rule passes, which it can only do with all
 * of its parts judged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { partsOf, REQUIREMENTS } from '../../catalog/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}

test('[catalog] every testable MUST rule names its parts, and no other entry does', () => {
  for (const r of REQUIREMENTS) {
    const must = r.level === 'MUST' && r.testable !== false && !r.kind;
    expect(r.parts !== undefined, `${r.id}: parts ${must ? 'missing' : 'on an entry that is no testable MUST rule'}`).toBe(must);
  }
});

test('[catalog] the part ids of a rule are unique', () => {
  for (const r of REQUIREMENTS) {
    const ids = (partsOf(r) ?? []).map((p) => p.id);
    expect(new Set(ids).size, `${r.id}: ${ids.join(', ')}`).toBe(ids.length);
  }
});

test('[catalog] every rule of named parts is judged by part: a check names its part keys', () => {
  // A file that builds part keys (`partKey(`) and names the rule, or a literal key `'RULE#…'`.
  const files = sources(join(ROOT, 'specs'));
  const byPart = (id: string) => files.some((code) => code.includes(`'${id}#`) || (code.includes('partKey(') && code.includes(`'${id}'`)));
  const unnamed = REQUIREMENTS.filter((r) => partsOf(r) && !byPart(r.id));
  expect(unnamed.map((r) => r.id)).toEqual([]);
});
