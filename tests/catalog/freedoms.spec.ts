import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FREEDOMS, FREEDOMS_DATA, inRange } from '../../catalog/freedoms.js';
import { REQUIREMENTS, isTestable } from '../../catalog/index.js';
import { SPEC_PATH, loadSpecSections, normalise, parseSections } from '../../catalog/spec-text.js';

/**
 * The spec's freedoms (catalog/freedoms.json, issue 39 item 1) keep their promises: the file matches its schema,
 * every open point of the catalog maps to a freedom, every freedom quotes the spec (or TARGET.md, for the sandbox
 * control API) word for word, its default and drawn values lie in its allowed range, and every testable MUST rule
 * lists the freedoms its check depends on.
 */

const schema = JSON.parse(readFileSync(new URL('../../catalog/freedoms.schema.json', import.meta.url), 'utf8'));
const TARGET_PATH = SPEC_PATH.replace(/spec[/\\]seller-connect-spec\.md$/, 'TARGET.md');

test('[catalog] freedoms.json validates against freedoms.schema.json (ajv strict), its ids unique', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  validate(FREEDOMS_DATA);
  expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
  const ids = FREEDOMS.map((f) => f.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test('[catalog] every open point of the catalog (kind: open) maps to a freedom, and a freedom names only open points', () => {
  const open = REQUIREMENTS.filter((r) => r.kind === 'open').map((r) => r.id);
  const mapped = new Set(FREEDOMS.flatMap((f) => f.open_points ?? []));
  expect(open.filter((id) => !mapped.has(id))).toEqual([]);
  expect([...mapped].filter((id) => !open.includes(id))).toEqual([]);
});

test('[catalog] every testable MUST rule lists the freedoms its check depends on, each a known freedom; none only for a client-side rule', () => {
  const musts = REQUIREMENTS.filter((r) => r.level === 'MUST' && isTestable(r) && !r.kind);
  const must = musts.map((r) => r.id);
  const clientSide = new Set(musts.filter((r) => r.needs?.includes('client-side')).map((r) => r.id));
  const depends = FREEDOMS_DATA.depends;
  expect(must.filter((id) => !depends[id]), 'MUST rules without their freedoms').toEqual([]);
  // The suite's own behaviour depends on no server's choice; a rule of the server always meets some (its throttle, its latency).
  expect(must.filter((id) => (depends[id]?.length === 0) !== clientSide.has(id)), 'an empty list on a rule of the server, or freedoms on a client-side rule').toEqual([]);
  expect(Object.keys(depends).filter((id) => !must.includes(id)), 'entries that are no testable MUST rule').toEqual([]);
  const known = new Set(FREEDOMS.map((f) => f.id));
  expect(Object.entries(depends).flatMap(([id, fs]) => fs.filter((f) => !known.has(f)).map((f) => `${id}: ${f}`))).toEqual([]);
});

test('[catalog] every freedom’s default and drawn values lie in its allowed range; the default is among the drawn; an undrawn value says why', () => {
  for (const f of FREEDOMS) {
    expect(inRange(f.allowed, f.default), `${f.id} default`).toBe(true);
    for (const v of f.realized ?? []) expect(inRange(f.allowed, v), `${f.id} drawn ${v}`).toBe(true);
    if (f.realized) expect(f.realized.map(String), `${f.id}: the default is drawn too`).toContain(String(f.default));
    // A freedom whose allowed values the reference cannot all take says so (a numeric range is sampled, never exhausted).
    const all = f.allowed.values?.map(String);
    if (all?.some((v) => !(f.realized ?? []).map(String).includes(v))) expect(f.unrealized, `${f.id}: values not drawn, no reason`).toBeTruthy();
  }
});

test.describe('quotes', () => {
  // The spec lives beside the repository in its development home only (as tests/catalog/catalog-spec-refs.spec.ts).
  test.skip(!existsSync(SPEC_PATH), `no spec at ${SPEC_PATH} (a clone or package without ../shared): the freedoms cannot be compared with it`);

  test('[catalog] every freedom quotes the words that leave it open, word for word, in the section it names', () => {
    const spec = new Map(loadSpecSections().map((s) => [s.path, s.ownText]));
    const target = existsSync(TARGET_PATH) ? new Map(parseSections(readFileSync(TARGET_PATH, 'utf8')).map((s) => [s.path, s.ownText])) : undefined;
    const missing = FREEDOMS.filter((f) => {
      const text = f.basis === 'target' ? target?.get(f.spec.section) : spec.get(f.spec.section);
      if (f.basis === 'target' && !target) return false;
      return !text?.includes(normalise(f.spec.quote));
    }).map((f) => `${f.id}: "${f.spec.quote}" not in "${f.spec.section}"`);
    expect(missing).toEqual([]);
  });
});
