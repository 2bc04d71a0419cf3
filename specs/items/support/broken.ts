/**
 * The broken-payload catalogue (broken-payloads.json, schema
 * broken-payloads.schema.json): each case breaks a valid create payload in
 * exactly ONE way and names the requirement that says it is refused. This
 * module loads the data, says where a case can be exercised, and applies a case
 * to a valid payload; broken-catalogue.ts validates the data against its schema.
 */
import { readFileSync } from 'node:fs';
import { type AttributeDef, discreteDefs, keepsRules, numericDefs, textDefs } from '../../shared/items/attributes.js';
import { EXTERNAL_ID, LICENSE_PLATE } from '../../shared/items/constants.js';
import type { CategoryFacts } from '../../shared/items/generators.js';

export type AttributeBreak =
  | 'text-too-long'
  | 'numeric-below-range'
  | 'numeric-above-range'
  | 'too-many-choices'
  | 'unknown-value-id'
  | 'missing-mandatory';

export type Break =
  | { op: 'remove'; path: string }
  | { op: 'set'; path: string; values?: unknown[]; text_length?: number }
  | { op: 'category'; kind: 'grouping' | 'unknown' }
  | { op: 'attribute'; kind: AttributeBreak };

export interface BrokenCase {
  name: string;
  requirement: string;
  expected_codes?: string[];
  plan: 'any' | 'pro' | 'basic';
  needs?: 'cars';
  break: Break;
}

/** A file of this folder, parsed: the catalogue or its schema. */
export const catalogueFile = (name: string): unknown => JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));

let loaded: BrokenCase[] | undefined;

/**
 * The cases, read once. Their schema is checked by the catalogue's own test
 * (tests/harness/items-broken-payloads.spec.ts, broken-catalogue.ts), not here: compiling it
 * cost every worker of these checks Ajv and a meta-schema (the kill matrix starts one per defect).
 */
export function brokenCases(): BrokenCase[] {
  if (loaded) return loaded;
  loaded = (catalogueFile('broken-payloads.json') as { cases: BrokenCase[] }).cases;
  return loaded;
}

/** What a case needs from the target, beyond a valid payload. */
export interface TreeFacts {
  groupingId?: number;
  unknownId: number;
}

const userDefs = (defs: readonly AttributeDef[]) => defs.filter((d) => d.id !== EXTERNAL_ID && d.id !== LICENSE_PLATE);

/** A text breakable by length: a bound small enough to exceed in one request, and a filler the rules allow. */
const overlongText = (defs: readonly AttributeDef[]) =>
  textDefs(userDefs(defs)).filter((d) => d.maxLength <= 10_000 && fillerFor(d.rules, d.maxLength + 1) !== undefined);

function fillerFor(rules: Parameters<typeof keepsRules>[1], length: number): string | undefined {
  for (const ch of ['a', 'x', 'b', '1', 'z']) {
    const value = ch.repeat(length);
    if (keepsRules(value, rules)) return value;
  }
  return undefined;
}

/** The attributes of a category a break of that kind can use (empty: the category does not offer it). */
export function breakableDefs(kind: AttributeBreak, defs: readonly AttributeDef[]): AttributeDef[] {
  switch (kind) {
    case 'text-too-long':
      return overlongText(defs);
    case 'numeric-below-range':
      return numericDefs(userDefs(defs)).filter((d) => d.min !== undefined);
    case 'numeric-above-range':
      return numericDefs(userDefs(defs)).filter((d) => d.max !== undefined);
    case 'too-many-choices':
      return discreteDefs(userDefs(defs)).filter((d) => d.valueIds.length > d.maxChoices);
    case 'unknown-value-id':
      return discreteDefs(userDefs(defs));
    case 'missing-mandatory':
      // Only `is_mandatory: true`: a mandatory_by_date is not used (catalog ITEM-VALID-14).
      return userDefs(defs).filter((d) => d.isMandatory);
  }
}

/** Whether the case can be applied to a valid payload of this category. */
export function appliesTo(c: BrokenCase, category: CategoryFacts, tree: TreeFacts): boolean {
  if (c.needs === 'cars' && !category.isCars) return false;
  if (c.break.op === 'category' && c.break.kind === 'grouping') return tree.groupingId !== undefined;
  if (c.break.op === 'attribute') return breakableDefs(c.break.kind, category.defs).length > 0;
  return true;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parentOf(payload: Json, path: string, create: boolean): { parent?: Json; key: string } {
  const keys = path.split('/').slice(1);
  const key = keys.pop() as string;
  let node: Json = payload;
  for (const k of keys) {
    if (!isObject(node[k])) {
      if (!create) return { key };
      node[k] = {};
    }
    node = node[k] as Json;
  }
  return { parent: node, key };
}

/**
 * The payload broken by the case (a new object). `pick` chooses among the
 * case's values or the category's candidate attributes, so fast-check drives
 * the choice and a counterexample replays it.
 */
export function applyBreak(payload: Json, c: BrokenCase, category: CategoryFacts, tree: TreeFacts, pick: number): Json {
  const out = structuredClone(payload);
  const item = out.item as Json;
  const attributes = (item.attributes ?? {}) as Json;
  const b = c.break;
  switch (b.op) {
    case 'remove': {
      const { parent, key } = parentOf(out, b.path, false);
      if (parent) delete parent[key];
      return out;
    }
    case 'set': {
      const { parent, key } = parentOf(out, b.path, true);
      const value = b.values ? structuredClone(b.values[pick % b.values.length]) : 'x'.repeat(b.text_length as number);
      (parent as Json)[key] = value;
      return out;
    }
    case 'category':
      item.category_leaf_id = String(b.kind === 'grouping' ? tree.groupingId : tree.unknownId);
      // Only the attribute "available in every category" stays: the leaf's own ones would break a second rule.
      item.attributes = EXTERNAL_ID in attributes ? { [EXTERNAL_ID]: attributes[EXTERNAL_ID] } : {};
      return out;
    case 'attribute': {
      const defs = breakableDefs(b.kind, category.defs);
      const def = defs[pick % defs.length];
      item.attributes = attributes;
      if (def.kind === 'text') attributes[def.id] = fillerFor(def.rules, def.maxLength + 1);
      else if (def.kind === 'numeric') attributes[def.id] = b.kind === 'numeric-below-range' ? (def.min as number) - 1 : (def.max as number) + 1;
      else if (b.kind === 'too-many-choices') attributes[def.id] = def.valueIds.slice(0, def.maxChoices + 1);
      else if (b.kind === 'unknown-value-id') attributes[def.id] = `sc-no-such-value-${pick}`;
      if (b.kind === 'missing-mandatory') delete attributes[def.id];
      return out;
    }
  }
}

/** How a case prints in a counterexample: the broken rule first. */
export function describeCase(c: BrokenCase): string {
  return `${c.requirement} "${c.name}"`;
}
