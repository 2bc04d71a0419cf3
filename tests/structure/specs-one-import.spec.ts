/**
 * One way at the check level (issue 23.4): a spec meets the harness through the
 * one fixtures import (specs/fixtures.ts; a support module through
 * fixtures/index.ts), never a file of fixtures/ itself, and a group's support/
 * serves that group alone (what several groups use lives in specs/shared/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../reports/data/helpers.js';

const SPECS = join(ROOT, 'specs');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file, resolved to a path from the root. */
function imports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => relative(ROOT, resolve(dirname(file), m[1])).split(sep).join('/'));
}

test('no file of specs/ imports a file of fixtures/ but its index', () => {
  const internal = sources(SPECS).flatMap((f) => imports(f).filter((i) => i.startsWith('fixtures/') && i !== 'fixtures/index.js').map((i) => `${relative(ROOT, f)} → ${i}`));
  expect(internal).toEqual([]);
});

test('a group’s support/ is imported by that group alone', () => {
  const group = (path: string) => /^specs\/(auth|items|webhooks|transactions)\//.exec(path)?.[1];
  // specs/fixtures.ts merges every group's fixtures into the one import.
  const crossing = sources(SPECS).filter((f) => f !== join(SPECS, 'fixtures.ts')).flatMap((f) => {
    const from = relative(ROOT, f).split(sep).join('/');
    return imports(f)
      .filter((i) => /^specs\/[a-z]+\/support\//.test(i) && group(i) !== group(from))
      .map((i) => `${from} → ${i}`);
  });
  expect(crossing).toEqual([]);
});
