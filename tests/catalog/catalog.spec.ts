import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { GROUP_PREFIX, GROUPS as GROUP_LIST, PROJECT_CATALOG, REQUIREMENTS, SKIP_LIST, isTestable, requirementById } from '../../catalog/index.js';

/**
 * The requirement catalog keeps its own rules: it matches its schema, IDs are
 * unique and carry their group's prefix, inferred and untestable entries say why.
 * (That sections and quotes exist in the spec is catalog-spec-refs.spec.ts.)
 */

const schema = JSON.parse(readFileSync(new URL('../../catalog/requirement.schema.json', import.meta.url), 'utf8'));
const GROUPS = GROUP_LIST.map((g) => g.group);

test('[catalog] requirements.json validates against requirement.schema.json (ajv strict)', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  const valid = validate(REQUIREMENTS);
  expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
  expect(valid).toBe(true);
});

test('[catalog] the schema refuses entries that break its conditional rules', () => {
  const validate = new Ajv2020({ strict: true }).compile(schema);
  const base = {
    id: 'GEN-JSON-99',
    group: 'general',
    section: 'Endpoints',
    quote: 'JSON bodies',
    statement: 'A sample statement for the schema test.',
    level: 'MUST',
    source: 'stated',
    needs: ['api'],
    must_basis: { source: 'spec', section: 'Endpoints', quote: 'JSON bodies use', keyword: 'use' },
    parts: 'one',
  };
  expect(validate([base])).toBe(true);
  expect(validate([{ ...base, parts: [{ id: 'GET /items', covers: 'the list read' }] }]), 'a rule of named parts').toBe(true);
  const { needs: _needs, ...withoutNeeds } = base;
  const { must_basis: _basis, ...withoutBasis } = base;
  const { level: _level, must_basis: _b, needs: _n, parts: _p, ...noRule } = base;
  const { parts: _parts, ...withoutParts } = base;
  const openPoint = { ...noRule, kind: 'open', kind_reason: 'The spec leaves it not shown.', testable: false, why: 'not shown: sample reason' };
  expect(validate([openPoint])).toBe(true);
  const { level: _l, ...withoutLevel } = base;
  const broken = {
    'inferred without reasoning': { ...base, source: 'inferred', level: 'SHOULD' },
    'testable without needs': withoutNeeds,
    'untestable without why': { ...withoutNeeds, testable: false },
    'untestable with needs': { ...base, testable: false, why: 'not shown: sample reason' },
    'testable with why': { ...base, why: 'not shown: sample reason' },
    'unknown need': { ...base, needs: ['browser'] },
    'lower-case id': { ...base, id: 'gen-json-1' },
    'MUST without its basis': withoutBasis,
    'SHOULD with a basis': { ...base, level: 'SHOULD' },
    'RFC basis without its RFC': { ...base, must_basis: { source: 'rfc', quote: 'It MUST.', keyword: 'MUST' } },
    'RFC basis with a section': { ...base, must_basis: { source: 'rfc', rfc: 'RFC 6749 §5.1', section: 'Endpoints', quote: 'It MUST.', keyword: 'MUST' } },
    'spec basis without its section': { ...base, must_basis: { source: 'spec', quote: 'JSON bodies use', keyword: 'use' } },
    'a rule without its level': withoutLevel,
    'an open point with a level': { ...openPoint, level: 'MUST' },
    'an open point with a MUST basis': { ...openPoint, must_basis: base.must_basis },
    'an open point without its reason': { ...openPoint, kind_reason: undefined },
    'an open point said testable': { ...openPoint, testable: true },
    'a rule with a kind reason': { ...base, kind_reason: 'The spec leaves it not shown.' },
    'an unknown kind': { ...openPoint, kind: 'gap' },
    'a testable MUST without its parts': withoutParts,
    'a SHOULD with parts': { ...base, level: 'SHOULD', must_basis: undefined },
    'an untestable MUST with parts': { ...withoutNeeds, testable: false, why: 'not shown: sample reason' },
    'no named part': { ...base, parts: [] },
    'a part id holding #': { ...base, parts: [{ id: 'a#b', covers: 'something' }] },
    'a part without what it covers': { ...base, parts: [{ id: 'a' }] },
  };
  for (const [name, entry] of Object.entries(broken)) expect(validate([entry]), name).toBe(false);
});

test('[catalog] IDs are unique', () => {
  const ids = REQUIREMENTS.map((r) => r.id);
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  expect(duplicates).toEqual([]);
});

test('[catalog] every ID has the GROUP-TOPIC-N form with its group prefix', () => {
  const wrong = REQUIREMENTS.filter((r) => {
    const m = /^([A-Z]+)-[A-Z]+-[1-9]\d*$/.exec(r.id);
    return !m || m[1] !== GROUP_PREFIX[r.group];
  }).map((r) => `${r.id} (group ${r.group})`);
  expect(wrong).toEqual([]);
});

test('[catalog] numbers within a topic run 1..n without gaps', () => {
  // A gap usually means an entry was deleted: IDs are stable, so deleting one breaks citations.
  const byTopic = new Map<string, number[]>();
  for (const r of REQUIREMENTS) {
    const topic = r.id.replace(/-\d+$/, '');
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), Number(r.id.split('-').pop())]);
  }
  const gaps = [...byTopic].filter(([, ns]) => ns.sort((a, b) => a - b).some((n, i) => n !== i + 1)).map(([t]) => t);
  expect(gaps).toEqual([]);
});

test('[catalog] inferred entries give their reasoning and are never MUST', () => {
  // The suite fails a server only for what the spec states; inferred rules are findings.
  const inferred = REQUIREMENTS.filter((r) => r.source === 'inferred');
  expect(inferred.filter((r) => !r.reasoning?.trim()).map((r) => r.id)).toEqual([]);
  expect(inferred.filter((r) => r.level === 'MUST').map((r) => r.id)).toEqual([]);
});

test('[catalog] untestable entries say why and need nothing; testable entries say what they need', () => {
  expect(REQUIREMENTS.filter((r) => !isTestable(r) && !r.why?.trim()).map((r) => r.id)).toEqual([]);
  expect(REQUIREMENTS.filter((r) => !isTestable(r) && r.needs).map((r) => r.id)).toEqual([]);
  expect(REQUIREMENTS.filter((r) => isTestable(r) && !r.needs?.length).map((r) => r.id)).toEqual([]);
});

test('[catalog] client-side entries need nothing of the target', () => {
  // A client-side rule is checked against the suite's own code, so it cannot also wait for a target capability.
  const mixed = REQUIREMENTS.filter((r) => r.needs?.includes('client-side') && r.needs.length > 1).map((r) => r.id);
  expect(mixed).toEqual([]);
});

test('[catalog] every group has testable entries', () => {
  for (const group of GROUPS) {
    expect(REQUIREMENTS.filter((r) => r.group === group && isTestable(r)).length, group).toBeGreaterThan(0);
  }
});

test('[catalog] skip-list names testable catalog entries, once each, with a reason', () => {
  const problems = SKIP_LIST.flatMap((s) => {
    const r = requirementById(s.id);
    if (!r) return [`${s.id}: not in the catalog`];
    if (!isTestable(r)) return [`${s.id}: untestable entries need no skip`];
    if (!s.reason?.trim()) return [`${s.id}: no reason`];
    return [];
  });
  expect(problems).toEqual([]);
  expect(new Set(SKIP_LIST.map((s) => s.id)).size).toBe(SKIP_LIST.length);
});

test('[catalog] counts by group and level', async () => {
  const rows = GROUPS.map((group) => {
    const of = REQUIREMENTS.filter((r) => r.group === group);
    const count = (pred: (r: (typeof of)[number]) => boolean) => of.filter(pred).length;
    return {
      group,
      total: of.length,
      MUST: count((r) => r.level === 'MUST'),
      SHOULD: count((r) => r.level === 'SHOULD'),
      MAY: count((r) => r.level === 'MAY'),
      inferred: count((r) => r.source === 'inferred'),
      testable: count(isTestable),
      notTestable: count((r) => !isTestable(r)),
      clientSide: count((r) => !!r.needs?.includes('client-side')),
    };
  });
  const text = rows.map((r) => JSON.stringify(r)).join('\n');
  console.log(`catalog: ${REQUIREMENTS.length} requirements\n${text}`);
  await test.info().attach('catalog-counts', { body: text, contentType: 'text/plain' });
  expect(rows.reduce((n, r) => n + r.total, 0)).toBe(REQUIREMENTS.length);
});

test('[catalog] the project catalog loads whole, and the schema names the groups of catalog/index.ts, in their order', () => {
  expect(PROJECT_CATALOG.problems).toEqual([]);
  expect(schema.$defs.requirement.properties.group.enum).toEqual(GROUPS);
  expect(schema.$defs.requirement.properties.id.pattern).toBe(`^(${GROUP_LIST.map((g) => g.prefix).join('|')})-[A-Z]+-[1-9][0-9]*$`);
});
