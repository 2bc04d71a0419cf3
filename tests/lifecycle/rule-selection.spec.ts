/**
 * `--rule ID` / SC_RULE (and the kill matrix: catalog/ids.ts grepForIds) selects exactly the checks whose titles name the rule, as
 * catalog/ids.ts reads a title (its leading brackets): never ITEM-QUOTA-10 for
 * ITEM-QUOTA-1, never an ID in a file name, a describe title or later prose.
 * The pattern is checked on made-up titles, then over the whole suite as
 * Playwright lists it, against catalog/ids.ts, for every ID the suite cites.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { grepForIds, parseTitleIds } from '../../catalog/ids.js';
import { parseRules } from '../../settings/rule-selection.js';
import { cleanEnv } from '../support/external-reference.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const selects = (rules: string[], grepTitle: string) => new RegExp(grepForIds(rules)).test(grepTitle);

test('the pattern: the ID as a whole entry of a title’s leading brackets, nowhere else', () => {
  const at = (title: string, file = 'items/quota.spec.ts', describe = 'Quota') => `  ${file} ${describe} ${title} @items`;
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-1] a create beyond the quota'))).toBe(true);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-2][ITEM-QUOTA-1] both'))).toBe(true);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-2, ITEM-QUOTA-1] both, comma-separated'))).toBe(true);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-10] the tenth'))).toBe(false);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-10][ITEM-QUOTA-11] neither'))).toBe(false);
  expect(selects(['ITEM-QUOTA-1'], at('[X-ITEM-QUOTA-1] another ID'))).toBe(false);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-2] as ITEM-QUOTA-1 says, in prose'))).toBe(false);
  expect(selects(['ITEM-QUOTA-1'], at('[ITEM-QUOTA-2] a title', 'items/ITEM-QUOTA-1.spec.ts', 'ITEM-QUOTA-1 describe'))).toBe(false);
  expect(selects(['ITEM-QUOTA-1', 'AUTH-PKCE-3'], at('[AUTH-PKCE-3] the other rule'))).toBe(true);
  expect(parseRules('ITEM-QUOTA-1, AUTH-PKCE-3,ITEM-QUOTA-1')).toEqual({ rules: ['ITEM-QUOTA-1', 'AUTH-PKCE-3'] });
  expect(parseRules('item-quota-1')).toEqual({ bad: 'item-quota-1' });
});

interface Listed {
  title: string;
  file: string;
  tags: string[];
}
interface ListedSuite {
  title: string;
  specs?: Listed[];
  suites?: ListedSuite[];
}

/** The suite's checks as Playwright lists them, each with the text its grep is matched against. */
function listSuite(env: Record<string, string> = {}): { check: Listed; grepTitle: string }[] {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const out = spawnSync(process.execPath, [cli, 'test', '--list', '--reporter=json'], { cwd: ROOT, env: { ...cleanEnv(), ...env }, encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024 });
  expect(out.status, out.stderr).toBe(0);
  const all: { check: Listed; grepTitle: string }[] = [];
  const walk = (suite: ListedSuite, path: string[]) => {
    // Playwright's grep text: root and project titles (empty), the file, the describe titles, the title, the tags.
    for (const check of suite.specs ?? []) all.push({ check, grepTitle: ['', '', ...path, check.title, ...check.tags.map((t) => `@${t}`)].join(' ') });
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const file of (JSON.parse(out.stdout) as { suites: ListedSuite[] }).suites) walk(file, [file.title]);
  return all;
}

test('over the whole suite, --rule selects exactly the checks whose titles name the rule', async () => {
  test.setTimeout(240_000);
  const suite = listSuite();
  expect(suite.length).toBeGreaterThan(100);
  const ids = [...new Set(suite.flatMap((s) => parseTitleIds(s.check.title).ids))];
  expect(ids).toContain('ITEM-QUOTA-10');
  for (const id of ids) {
    const wanted = suite.filter((s) => parseTitleIds(s.check.title).ids.includes(id)).map((s) => s.check.title);
    const got = suite.filter((s) => selects([id], s.grepTitle)).map((s) => s.check.title);
    expect(got, id).toEqual(wanted);
  }
  // And through playwright.config.ts itself (SC_RULE, as `npm run conformance -- --rule` passes it on).
  const listed = listSuite({ SC_RULE: 'ITEM-QUOTA-1' }).map((s) => s.check.title);
  expect(listed).toEqual(suite.filter((s) => parseTitleIds(s.check.title).ids.includes('ITEM-QUOTA-1')).map((s) => s.check.title));
  expect(listed.some((t) => t.includes('[ITEM-QUOTA-10]') && !t.includes('[ITEM-QUOTA-1]'))).toBe(false);
});
