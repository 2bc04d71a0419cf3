import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { REQUIREMENTS, type SpecRef } from '../../catalog/index.js';
import { SPEC_SOURCE_FILE, loadSpecSource, specSha256 } from '../../catalog/spec-source.js';
import { SPEC_PATH, loadSpecSections, normalise } from '../../catalog/spec-text.js';
import { serializeSpecSource } from '../../scripts/build-spec-source.js';

/**
 * Every catalog entry rests on the spec as written: its `section` is a real
 * heading path and its `quote` (and each `see_also` quote) is found in that
 * section's own text, after folding whitespace and table pipes.
 */

// The spec lives beside the repository in its development home only: a clone or an installed package
// has none, and runs from the catalog's own record of it (catalog/spec-source.json).
test.skip(!existsSync(SPEC_PATH), `no spec at ${SPEC_PATH} (a clone or package without ../shared): the catalog cannot be compared with it`);

test('[catalog] catalog/spec-source.json is what scripts/build-spec-source.ts makes of the spec (npm run catalog:spec)', () => {
  const fresh = serializeSpecSource();
  expect(readFileSync(SPEC_SOURCE_FILE, 'utf8'), 'catalog/spec-source.json is stale: run npm run catalog:spec').toBe(fresh);
  expect(loadSpecSource().sha256).toBe(specSha256(readFileSync(SPEC_PATH)));
});

function refsOf(): { id: string; ref: SpecRef }[] {
  return REQUIREMENTS.flatMap((r) => [
    { id: r.id, ref: { section: r.section, quote: r.quote } },
    ...(r.see_also ?? []).map((ref) => ({ id: `${r.id} (see_also)`, ref })),
  ]);
}

test('[catalog] the spec parses into its known sections', () => {
  const paths = loadSpecSections().map((s) => s.path);
  expect(paths).toContain('Authentication');
  expect(paths).toContain('States and transitions > Item');
  expect(paths).toContain('Events > Signature');
});

test('[catalog] every section names a heading path of the spec', () => {
  const paths = new Set(loadSpecSections().map((s) => s.path));
  const unknown = refsOf().filter(({ ref }) => !paths.has(ref.section)).map(({ id, ref }) => `${id}: ${ref.section}`);
  expect(unknown).toEqual([]);
});

test('[catalog] every quote is found in the text of its section', () => {
  const text = new Map(loadSpecSections().map((s) => [s.path, s.ownText]));
  const missing = refsOf()
    .filter(({ ref }) => !text.get(ref.section)?.includes(normalise(ref.quote)))
    .map(({ id, ref }) => `${id}: "${ref.quote}" not in "${ref.section}"`);
  expect(missing).toEqual([]);
});

test('[catalog] every section of the spec is cited by at least one entry', () => {
  // Walking every section is the catalog's promise; a section nobody cites was skipped.
  const cited = new Set(refsOf().map(({ ref }) => ref.section));
  const uncited = loadSpecSections()
    .filter((s) => s.ownText.length > 0 && !cited.has(s.path))
    .map((s) => s.path);
  expect(uncited).toEqual([]);
});
