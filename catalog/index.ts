import { readFileSync } from 'node:fs';

/**
 * The requirement catalog: one entry per rule of the spec, cited by checks
 * (`[ITEM-QUOTA-1] …`), by the reference's defect seam and by the reports.
 *
 * Read with fs relative to this module rather than a JSON import, so that the
 * same code runs under Playwright's loader, tsx and plain `tsc --noEmit`
 * without import attributes.
 */

export type RequirementGroup = 'general' | 'auth' | 'items' | 'transactions' | 'webhooks';
export type RequirementLevel = 'MUST' | 'SHOULD' | 'MAY';
export type RequirementNeed =
  | 'api'
  | 'pro-and-basic'
  | 'control-api'
  | 'direct-session'
  | 'webhook-receiver'
  | 'client-side';

/** A place in the spec: heading path and a verbatim fragment of that section. */
export interface SpecRef {
  section: string;
  quote: string;
}

/** Mirrors catalog/requirement.schema.json. */
export interface Requirement extends SpecRef {
  id: string;
  group: RequirementGroup;
  see_also?: SpecRef[];
  statement: string;
  level: RequirementLevel;
  source: 'stated' | 'inferred';
  reasoning?: string;
  /** Absent means testable. */
  testable?: boolean;
  /** Why a requirement cannot be exercised; set when `testable` is false. */
  why?: string;
  /** What a target must offer before the requirement can be exercised; set when testable. */
  needs?: RequirementNeed[];
  decision?: string;
}

/** A testable requirement deliberately left without a check (catalog/skip-list.json). */
export interface SkipEntry {
  id: string;
  reason: string;
}

/** Prefix of an ID for each group: `ITEM-QUOTA-1` belongs to `items`. */
export const GROUP_PREFIX: Record<RequirementGroup, string> = {
  general: 'GEN',
  auth: 'AUTH',
  items: 'ITEM',
  transactions: 'TX',
  webhooks: 'WH',
};

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as T;
}

export const REQUIREMENTS: readonly Requirement[] = readJson<Requirement[]>('requirements.json');
export const SKIP_LIST: readonly SkipEntry[] = readJson<SkipEntry[]>('skip-list.json');

const byId = new Map(REQUIREMENTS.map((r) => [r.id, r]));

/** The entry with that ID, or undefined. */
export function requirementById(id: string): Requirement | undefined {
  return byId.get(id);
}

/** False only for entries the spec leaves unexercisable ("not shown"). */
export function isTestable(r: Requirement): boolean {
  return r.testable !== false;
}
