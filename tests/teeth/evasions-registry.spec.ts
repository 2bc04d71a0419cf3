/**
 * The evasion declarations (reference/evasions.ts) are what the teeth's evasion
 * matrix runs the suite against: each must mean something before it is run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CAPABILITIES } from '../../results/outcomes.js';
import { isDefectName } from '../../reference/defects/index.js';
import { EVASIONS, type EvasionInfo } from '../../reference/evasions.js';
import { Seam } from '../../reference/seam.js';

const REFERENCE = fileURLToPath(new URL('../../reference/', import.meta.url));
const declared: [string, EvasionInfo][] = Object.entries(EVASIONS);

/** The declarations and the seam name evasions in their comments; the behaviours live elsewhere. */
const NOT_BEHAVIOUR = new Set(['evasions.ts', 'seam.ts']);

/** Every `seam.evasion('name')` (or `seam?.evasion`) in reference/ outside NOT_BEHAVIOUR, with the file it is in. */
function evasionReads(): { name: string; file: string }[] {
  const reads: { name: string; file: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !NOT_BEHAVIOUR.has(relative(REFERENCE, path))) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\bseam\??\.evasion\('([^']+)'\)/g)) reads.push({ name: m[1], file: relative(REFERENCE, path) });
      }
    }
  };
  walk(REFERENCE);
  return reads;
}

test('evasion names are kebab-case, each with a description', () => {
  expect(declared.length).toBeGreaterThanOrEqual(5);
  for (const [name, info] of declared) {
    expect(name, name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(info.description.length, name).toBeGreaterThan(20);
  }
});

test("an evasion's defect is a declared one, and its settings are the run's own settings", () => {
  for (const [name, info] of declared) {
    if (info.withDefect !== undefined) expect(isDefectName(info.withDefect), `${name} → ${info.withDefect}`).toBe(true);
    for (const [setting, value] of Object.entries(info.settings ?? {})) {
      expect(setting, name).toMatch(/^(SC|REFERENCE)_[A-Z0-9_]+$/);
      // The matrix itself sets these two from the declaration: a setting must not fight them.
      expect(['REFERENCE_EVASIONS', 'REFERENCE_DEFECT'], name).not.toContain(setting);
      if (setting === 'SC_REQUIRE') {
        for (const capability of value.split(',')) expect([...Object.keys(CAPABILITIES), 'all'], name).toContain(capability.trim());
      }
    }
  }
});

test('every evasion is read in reference/ (seam.evasion) where it happens, and every read is declared', () => {
  const reads = evasionReads();
  expect([...new Set(reads.map((r) => r.name))].sort()).toEqual(declared.map(([name]) => name).sort());
});

test('the seam switches an evasion on by name and refuses an unknown one', () => {
  const seam = new Seam(undefined, [], ['refuse-401']);
  expect([seam.evasion('refuse-401'), seam.evasion('refuse-429')]).toEqual([true, false]);
  expect(() => new Seam(undefined, [], ['refuse-everything'])).toThrow(/REFERENCE_EVASIONS: unknown evasion 'refuse-everything'/);
  // tsc fails here the day a misspelt name is accepted.
  // @ts-expect-error not a declared evasion
  expect(seam.evasion('refuse-4O1')).toBe(false);
});
