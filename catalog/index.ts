import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The requirement catalog: one entry per rule of the spec, cited by checks
 * (`[ITEM-QUOTA-1] …`), by the reference's defect seam and by the reports.
 *
 * The one declaration of the catalog's shape and the one loader, shared by the
 * fixtures, the reports (reporting/) and the teeth (teeth/). Read with fs
 * relative to this module rather than a JSON import, so that the same code runs
 * under Playwright's loader, tsx and plain `tsc --noEmit` without import
 * attributes. Loading never throws: a broken file comes back as `problems`, so
 * a report can still be written that says what is wrong.
 */

/** The API groups, in the order the reports show them: the one list of them. */
export const GROUPS = [
  { group: 'general', prefix: 'GEN', title: 'General' },
  { group: 'auth', prefix: 'AUTH', title: 'Authentication' },
  { group: 'items', prefix: 'ITEM', title: 'Items' },
  { group: 'transactions', prefix: 'TX', title: 'Transactions' },
  { group: 'webhooks', prefix: 'WH', title: 'Webhooks' },
] as const;

export type RequirementGroup = (typeof GROUPS)[number]['group'];
export type RequirementLevel = 'MUST' | 'SHOULD' | 'MAY';
/** An entry that is no rule (catalog/requirement.schema.json `kind`). */
export type EntryKind = 'open' | 'description';
export type RequirementSource = 'stated' | 'inferred';
export type RequirementNeed =
  | 'api'
  | 'pro-and-basic'
  | 'control-api'
  | 'direct-session'
  | 'webhook-receiver'
  | 'client-side';

/** Prefix of an ID for each group: `ITEM-QUOTA-1` belongs to `items`. */
export const GROUP_PREFIX = Object.fromEntries(GROUPS.map((g) => [g.group, g.prefix])) as Record<RequirementGroup, string>;

/** A group by its name or by its ID prefix (`items` or `ITEM`), or undefined. */
export const groupInfo = (nameOrPrefix: string): (typeof GROUPS)[number] | undefined =>
  GROUPS.find((g) => g.group === nameOrPrefix || g.prefix === nameOrPrefix);

/** A place in the spec: heading path and a verbatim fragment of that section. */
export interface SpecRef {
  section: string;
  quote: string;
}

/**
 * Why a MUST entry is a MUST (catalog/requirement.schema.json `mustBasis`): a sentence of the spec that states the
 * duty, a sentence of a standard the spec names with its keyword in capitals, or, for an entry the spec leaves
 * "not shown", that sentence (such an entry is never judged). tests/catalog/catalog-must-basis.spec.ts checks each.
 */
export type MustBasis =
  | { source: 'spec' | 'not-shown'; section: string; quote: string; keyword: string }
  | { source: 'rfc'; rfc: string; quote: string; keyword: string };

/** Mirrors catalog/requirement.schema.json. */
export interface Requirement extends SpecRef {
  id: string;
  group: RequirementGroup;
  see_also?: SpecRef[];
  /** The rule in one present-tense sentence, as the suite checks it. */
  statement: string;
  /** Absent: a rule. `open`: a point the spec leaves "not shown"; `description`: no duty at all. Neither has a level. */
  kind?: EntryKind;
  /** Why the entry is an open point or a description, not a rule. */
  kind_reason?: string;
  /** A rule's level; absent on an open point or a description. */
  level?: RequirementLevel;
  source: RequirementSource;
  reasoning?: string;
  /** Absent means testable. */
  testable?: boolean;
  /** Why a requirement cannot be exercised; set when `testable` is false. */
  why?: string;
  /** What a target must offer before the requirement can be exercised; set when testable. */
  needs?: RequirementNeed[];
  /** Where the spec is ambiguous or contradicts itself: the reading the suite took, and why. */
  decision?: string;
  /** Set on every MUST entry and on no other. */
  must_basis?: MustBasis;
  /**
   * What a PASS of the rule must have covered (issue "a rule passes only when all of it was judged"): `one`
   * for a rule of one part, else each part with a few words. Set on every testable MUST rule; assertions
   * judging one part name its key (`RULE#part`, catalog/ids.ts `partKey`).
   */
  parts?: 'one' | RulePart[];
}

/** One part of a rule: what an assertion naming `RULE#id` judges. */
export interface RulePart {
  id: string;
  /** What the part covers, in a few words. */
  covers: string;
}

/** The parts a rule's PASS must cover, or undefined for a rule of one part (or none declared). */
export function partsOf(r: Pick<Requirement, 'parts'>): RulePart[] | undefined {
  return Array.isArray(r.parts) && r.parts.length > 0 ? r.parts : undefined;
}

/** A testable requirement deliberately left without a check (catalog/skip-list.json). */
export interface SkipEntry {
  id: string;
  reason: string;
}

export interface Catalog {
  requirements: Requirement[];
  skipList: SkipEntry[];
  /** Why the catalog could not be read whole, if it could not. */
  problems: string[];
}

/** This folder: requirements.json and skip-list.json. */
export const CATALOG_DIR = fileURLToPath(new URL('.', import.meta.url));

function readJson(path: string, problems: string[], what: string): unknown {
  if (!existsSync(path)) {
    problems.push(`${what} not found at ${path}`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    problems.push(`${what} at ${path} is not valid JSON: ${(e as Error).message}`);
    return undefined;
  }
}

// Accept a bare array or `{ requirements: [...] }` / `{ entries: [...] }`.
function asList(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const inner = (value as Record<string, unknown>)[key] ?? (value as Record<string, unknown>).entries;
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

const hasId = (v: unknown): v is Partial<Requirement> & { id: string } =>
  !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string';

/**
 * The catalog under `dir` (default: this folder). Never throws. An entry missing
 * a field gets a neutral value (a report of a synthetic or damaged catalog still
 * renders); catalog/requirement.schema.json, checked by tests/catalog/catalog.spec.ts,
 * keeps the project's own entries whole.
 */
export function loadCatalog(dir: string = CATALOG_DIR): Catalog {
  const problems: string[] = [];
  const raw = readJson(join(dir, 'requirements.json'), problems, 'the requirement catalog');
  const requirements: Requirement[] = [];
  const seen = new Set<string>();
  for (const entry of asList(raw, 'requirements')) {
    if (!hasId(entry)) {
      problems.push(`a catalog entry has no id: ${JSON.stringify(entry).slice(0, 120)}`);
      continue;
    }
    if (seen.has(entry.id)) problems.push(`catalog ID ${entry.id} appears twice`);
    seen.add(entry.id);
    requirements.push({
      ...entry,
      section: entry.section || '(no section)',
      // An open point or a description has no level (`kind`); a damaged entry without one reads as a MUST.
      ...(entry.kind ? {} : { level: entry.level ?? 'MUST' }),
      source: entry.source ?? 'stated',
      statement: entry.statement ?? '',
      quote: entry.quote ?? '',
      // An empty group is not a RequirementGroup: the reports fall back on the ID's prefix.
      group: entry.group ?? ('' as RequirementGroup),
    });
  }
  const skipPath = join(dir, 'skip-list.json');
  const skipList: SkipEntry[] = existsSync(skipPath)
    ? asList(readJson(skipPath, problems, 'the skip list'), 'skip').filter((s): s is SkipEntry => !!s && typeof (s as SkipEntry).id === 'string')
    : [];
  return { requirements, skipList, problems };
}

/** The project's catalog, loaded once at import. */
export const PROJECT_CATALOG: Readonly<Catalog> = loadCatalog();
export const REQUIREMENTS: readonly Requirement[] = PROJECT_CATALOG.requirements;
export const SKIP_LIST: readonly SkipEntry[] = PROJECT_CATALOG.skipList;

const byId = new Map(REQUIREMENTS.map((r) => [r.id, r]));

/** The entry with that ID, or undefined. */
export function requirementById(id: string): Requirement | undefined {
  return byId.get(id);
}

/** False only for entries the spec leaves unexercisable ("not shown"). Takes any entry-like shape (tests pass synthetic ones). */
export function isTestable(r: Pick<Requirement, 'testable'>): boolean {
  return r.testable !== false;
}

/** A rule on the client only (PKCE derivation, sending the bearer…): no server can break it. */
export function isClientSide(r: { needs?: readonly string[] }): boolean {
  return (r.needs ?? []).includes('client-side');
}
