/**
 * Catalog coverage: every testable requirement has a check citing its ID, or sits
 * on the skip list with a reason. A requirement with neither is a finding, like
 * openid-client's `conformance/unhandled.ts`.
 *
 * Where a requirement can be proved:
 *  - a rule of the server: only by a conformance check (specs/); a test of the
 *    project's own (tests/) proves the reference, not a target;
 *  - a rule of the client (`needs: ['client-side']`: PKCE derivation, sending the
 *    bearer, storing the rotated refresh token): no server can break it, so a test
 *    in tests/ citing the ID in its title counts too, as does a conformance check.
 */
import { idPrefix } from '../catalog/ids.js';
import { isClientSide, isTestable, type Requirement, type SkipEntry } from '../catalog/index.js';
import type { TeethCheck } from './job-checks.js';

/** What coverage reads of a catalog entry (tests pass synthetic ones). */
export type CoverageEntry = Pick<Requirement, 'id' | 'testable'> & { needs?: readonly string[]; group?: string };

/** The group a requirement is counted under: its `group`, else its ID prefix. */
const groupOf = (r: CoverageEntry): string => r.group || idPrefix(r.id);

export interface CoverageInput {
  requirements: readonly CoverageEntry[];
  skipList: readonly SkipEntry[];
  /** Conformance checks (specs/). */
  checks: readonly TeethCheck[];
  /** The project's own tests (tests/). */
  ownTests: readonly TeethCheck[];
}

export interface GroupCoverage {
  testable: number;
  covered: number;
  skipListed: number;
  gaps: number;
}

export interface CoverageResult {
  total: number;
  testable: number;
  covered: number;
  skipListed: number;
  byGroup: Record<string, GroupCoverage>;
  /** Testable, no check, not on the skip list. */
  gaps: { id: string; group: string; clientSide: boolean }[];
  /** IDs cited in a title that the catalog lacks, with where. */
  unknownCited: { id: string; where: string[] }[];
  /** Skip-list entries that are wrong: no reason, unknown ID, untestable, or covered after all. */
  skipListProblems: string[];
  ok: boolean;
}

function citations(checks: readonly TeethCheck[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const c of checks) for (const id of c.ids) byId.set(id, [...(byId.get(id) ?? []), c.key]);
  return byId;
}

export function computeCoverage(input: CoverageInput): CoverageResult {
  const known = new Map(input.requirements.map((r) => [r.id, r]));
  const inSpecs = citations(input.checks);
  const inTests = citations(input.ownTests);
  const skipped = new Map(input.skipList.map((s) => [s.id, s]));

  const isCovered = (r: CoverageEntry): boolean => inSpecs.has(r.id) || (isClientSide(r) && inTests.has(r.id));

  const byGroup: Record<string, GroupCoverage> = {};
  const gaps: CoverageResult['gaps'] = [];
  let covered = 0;
  let skipListed = 0;
  const testable = input.requirements.filter(isTestable);
  for (const r of testable) {
    const group = groupOf(r);
    byGroup[group] ??= { testable: 0, covered: 0, skipListed: 0, gaps: 0 };
    const g = byGroup[group];
    g.testable++;
    if (isCovered(r)) {
      covered++;
      g.covered++;
    } else if (skipped.has(r.id)) {
      skipListed++;
      g.skipListed++;
    } else {
      g.gaps++;
      gaps.push({ id: r.id, group, clientSide: isClientSide(r) });
    }
  }

  const unknownCited = [...new Set([...inSpecs.keys(), ...inTests.keys()])]
    .filter((id) => !known.has(id))
    .sort()
    .map((id) => ({ id, where: [...(inSpecs.get(id) ?? []), ...(inTests.get(id) ?? [])] }));

  const skipListProblems: string[] = [];
  for (const s of input.skipList) {
    const r = known.get(s.id);
    if (!s.reason?.trim()) skipListProblems.push(`${s.id}: no reason`);
    if (!r) skipListProblems.push(`${s.id}: not in the catalog`);
    else if (!isTestable(r)) skipListProblems.push(`${s.id}: not testable, so it needs no skip entry`);
    else if (isCovered(r)) skipListProblems.push(`${s.id}: has a check now, remove it from the skip list`);
  }
  const duplicates = input.skipList.map((s) => s.id).filter((id, i, all) => all.indexOf(id) !== i);
  for (const id of new Set(duplicates)) skipListProblems.push(`${id}: listed more than once`);

  return {
    total: input.requirements.length,
    testable: testable.length,
    covered,
    skipListed,
    byGroup,
    gaps,
    unknownCited,
    skipListProblems,
    ok: gaps.length === 0 && unknownCited.length === 0 && skipListProblems.length === 0,
  };
}

/** IDs as comma-separated lines of at most ~110 characters, indented under their label. */
function wrap(label: string, ids: string[]): string[] {
  const lines: string[] = [];
  let line = `  ${label}`;
  for (const id of ids) {
    if (line.length + id.length > 110) {
      lines.push(line.trimEnd());
      line = ' '.repeat(label.length + 2);
    }
    line += `${id}, `;
  }
  lines.push(line.replace(/, $/, ''));
  return lines;
}

const pct = (n: number, d: number): string => (d === 0 ? '100.0' : ((100 * n) / d).toFixed(1));

export function formatCoverage(c: CoverageResult): string {
  const out = [
    `catalog coverage: ${c.covered}/${c.testable} = ${pct(c.covered, c.testable)}% of the testable requirements have a check` +
      ` (${c.skipListed} on the skip list, ${c.gaps.length} gaps; ${c.total - c.testable} untestable)`,
  ];
  for (const [group, g] of Object.entries(c.byGroup).sort()) {
    out.push(
      `  ${group.padEnd(13)} ${String(g.covered).padStart(3)}/${String(g.testable).padEnd(3)} = ${pct(g.covered, g.testable).padStart(5)}%` +
        `  skip-listed ${g.skipListed}, gaps ${g.gaps}`,
    );
  }
  if (c.gaps.length) {
    out.push('', 'gaps (testable, no check, not on catalog/skip-list.json; * = client-side, a test in tests/ citing it will do):');
    const groups = [...new Set(c.gaps.map((g) => g.group))].sort();
    for (const group of groups) {
      const ids = c.gaps.filter((g) => g.group === group).map((g) => g.id + (g.clientSide ? '*' : ''));
      out.push(...wrap(`${group} (${ids.length}): `, ids));
    }
  }
  if (c.unknownCited.length) {
    out.push('', 'IDs cited in titles but absent from the catalog:');
    for (const u of c.unknownCited) out.push(`  ${u.id}: ${u.where.slice(0, 3).join('; ')}${u.where.length > 3 ? ' …' : ''}`);
  }
  if (c.skipListProblems.length) {
    out.push('', 'skip list problems:');
    for (const p of c.skipListProblems) out.push(`  ${p}`);
  }
  out.push(c.ok ? 'COVERAGE OK' : 'COVERAGE INCOMPLETE');
  return out.join('\n');
}
