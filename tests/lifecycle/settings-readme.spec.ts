/**
 * Every setting documented, every documented setting read: the settings tables of
 * docs/SETTINGS.md (each in full) and of the README (each in one line) against the
 * settings module's list (settings/effective.ts SETTING_NAMES), and that list against
 * the names the settings modules' sources actually read (settings/*.ts for the suite);
 * the reference's table in docs/SANDBOX.md against reference/config.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { effectiveSettings, SETTING_NAMES } from '../../settings/effective.js';
import { HAND_OFF } from '../../settings/run-context.js';
import { readSettings } from '../../settings/settings.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The variables named in the first column of a markdown file's tables. */
function tableVariables(path: string): string[] {
  const names: string[] = [];
  for (const line of read(path).split('\n')) {
    const first = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.push(m[1]);
  }
  return sorted(names);
}

/** The variable names quoted in a source ('SC_…', "FC_…"): what it reads. */
const quotedNames = (text: string, prefix: RegExp) => [...text.matchAll(/['"]([A-Z][A-Z0-9_]+)['"]/g)].map((m) => m[1]).filter((n) => prefix.test(n));

const SUITE = /^(SC|FC|BENCH)_/;
const suiteSettings = sorted(SETTING_NAMES.filter((n) => SUITE.test(n)));

for (const doc of ['docs/SETTINGS.md', 'README.md']) {
  test(`${doc} documents every setting of the settings module, and no other`, () => {
    const documented = tableVariables(doc);
    expect(documented.filter((n) => SUITE.test(n)), `${doc} against settings/effective.ts SETTING_NAMES`).toEqual(suiteSettings);
  });
}

test("the reference's port, which the suite reads too, is in the README's sandbox table and in docs/SANDBOX.md", () => {
  expect(tableVariables('README.md')).toEqual(expect.arrayContaining([...SETTING_NAMES]));
  expect(tableVariables('docs/SANDBOX.md')).toContain('REFERENCE_PORT');
});

test('the settings module reads exactly the listed settings; the reference its table in docs/SANDBOX.md', () => {
  const sources = readdirSync(join(ROOT, 'settings'))
    .filter((f) => f.endsWith('.ts') && f !== 'run-context.ts' && f !== 'effective.ts')
    .map((f) => read(join('settings', f)))
    .join('\n');
  const hand = new Set<string>(Object.values(HAND_OFF));
  expect(sorted(quotedNames(sources, SUITE).filter((n) => !hand.has(n)))).toEqual(suiteSettings);
  // The reference's own settings (reference/config.ts reads them; docs/SANDBOX.md "Settings of the reference" lists them).
  // reference/freedoms.ts reads REFERENCE_FREEDOMS and folds it into the others (referenceEnv) before config.ts reads them;
  // reference/undeclared.ts reads REFERENCE_UNDECLARED, what of them the embedded run leaves undeclared.
  const referenceSources = read('reference/config.ts') + read('reference/freedoms.ts') + read('reference/undeclared.ts');
  const reference = sorted([...quotedNames(read('reference/config.ts'), /^REFERENCE_/), ...[...referenceSources.matchAll(/env\.(REFERENCE_[A-Z0-9_]+)/g)].map((m) => m[1])]);
  expect(tableVariables('docs/SANDBOX.md').filter((n) => n.startsWith('REFERENCE_'))).toEqual(reference);
  // No hand-off shares a name with a setting: users set SC_*, the run SC_INTERNAL_*.
  for (const name of hand) expect(name).toMatch(/^SC_INTERNAL_/);
});

test('the effective settings name only listed settings, and hide every secret', () => {
  const env = {
    SC_BASE_URL: 'https://api.example.test/v1',
    SC_AUTH_URL: 'https://id.example.test/oauth',
    SC_CLIENT_ID: 'client-1',
    SC_CLIENT_SECRET: 'cs-effective-9911',
    SC_ACCOUNTS: JSON.stringify([{ username: 'pro-1', password: 'pw-effective-7733', plan: 'pro' }]),
    SC_CONTROL_URL: 'https://control.example.test',
    SC_CONTROL_TOKEN: 'ct-effective-5522',
    SC_DIRECT_TOKEN_COMMAND: 'get-token --password pw-cmd-1234',
    SC_RULE: 'ITEM-QUOTA-1',
  };
  const { settings, problems } = readSettings(env);
  expect(problems).toEqual([]);
  const effective = effectiveSettings(settings, 'scc-test');
  for (const name of Object.keys(effective)) expect(SETTING_NAMES as readonly string[]).toContain(name);
  const text = JSON.stringify(effective);
  for (const secret of ['cs-effective-9911', 'pw-effective-7733', 'ct-effective-5522', 'pw-cmd-1234']) expect(text).not.toContain(secret);
  expect(effective).toMatchObject({ SC_BASE_URL: env.SC_BASE_URL, SC_CLIENT_SECRET: '***', SC_CONTROL_TOKEN: '***', SC_DIRECT_TOKEN_COMMAND: '***', SC_RULE: 'ITEM-QUOTA-1', SC_RUN_ID: 'scc-test', SC_WORKERS: '2', SC_RATE_LIMIT: '34' });
  expect(JSON.parse(effective.SC_ACCOUNTS ?? '[]')).toEqual([{ username: 'pro-1', password: '***', plan: 'pro' }]);
  // Against the embedded reference, its own target settings are left out.
  expect(effectiveSettings(readSettings({}).settings)).not.toHaveProperty('SC_CLIENT_SECRET');
});
