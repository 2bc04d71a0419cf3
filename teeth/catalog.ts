/**
 * The catalog as the teeth see it: IDs, whether a requirement is testable, what
 * it needs. The data come from catalog/index.ts (the one loader); the functions
 * here work on the few fields they need, so they are tested on synthetic entries.
 */
import { REQUIREMENTS, SKIP_LIST } from '../catalog/index.js';
import { idPrefix } from './ids.js';

export interface CatalogRequirement {
  id: string;
  /** False: the spec leaves the rule unexercisable ("not shown"). */
  testable?: boolean;
  /** What a target needs; `client-side` = a rule of the client, proved by the suite's own tests. */
  needs?: readonly string[];
  group?: string;
}

export interface SkipEntry {
  id: string;
  reason: string;
}

export function loadCatalog(): readonly CatalogRequirement[] {
  return REQUIREMENTS;
}

export function loadSkipList(): readonly SkipEntry[] {
  return SKIP_LIST;
}

/** Same rule as catalog/index.ts's isTestable, on the narrower shape: absent means testable. */
export const isTestable = (r: CatalogRequirement): boolean => r.testable !== false;
/** A rule on the client only (PKCE derivation, sending the bearer…): no server can break it. */
export const isClientSide = (r: CatalogRequirement): boolean => (r.needs ?? []).includes('client-side');

/** The group a requirement is counted under: its `group`, else its ID prefix. */
export const groupOf = (r: CatalogRequirement): string => r.group ?? idPrefix(r.id) ?? 'other';
