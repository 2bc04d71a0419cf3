/**
 * Static checks of the defect and variant registries (reference/defects/,
 * reference/variants.ts): what the kill matrix needs of a declaration before it
 * can mean anything. Pure over its input, so its own teeth are tested on a
 * synthetic registry (tests/teeth/defects-registry.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DefectInfo } from '../reference/defects/index.js';
import { isClientSide, isTestable, type Requirement } from '../catalog/index.js';
import { ROOT } from './paths.js';

export type ProblemKind =
  | 'name'
  | 'description'
  | 'no-breaks'
  | 'unknown-id'
  | 'untestable-id'
  | 'client-side-id'
  | 'group'
  | 'duplicate'
  | 'also-runs'
  | 'unread';

export interface Problem {
  kind: ProblemKind;
  message: string;
}

export interface RegistryInput {
  /** Each group file's record, by the group the file is for (auth, items…). */
  groups: Record<string, Record<string, DefectInfo>>;
  variants: Record<string, { description: string }>;
  /** What the checks read of the catalog's entries. */
  catalog: readonly (Pick<Requirement, 'id' | 'testable'> & { needs?: readonly string[] })[];
  /** The reference's source files outside the registries: where each name must be read. */
  sources: { file: string; text: string }[];
}

export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** True when some source holds the name as a string literal: `seam.defect('name')`, `variant("name")`. */
const isRead = (name: string, sources: RegistryInput['sources']): boolean =>
  sources.some(({ text }) => text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`\`${name}\``));

export function registryProblems(input: RegistryInput): Problem[] {
  const problems: Problem[] = [];
  const add = (kind: ProblemKind, message: string) => problems.push({ kind, message });
  const catalog = new Map(input.catalog.map((r) => [r.id, r]));
  const declaredIn = new Map<string, string[]>();

  for (const [fileGroup, defects] of Object.entries(input.groups)) {
    for (const [name, info] of Object.entries(defects)) {
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), fileGroup]);
      if (!KEBAB.test(name)) add('name', `defect '${name}' is not kebab-case`);
      if (!info.description?.trim()) add('description', `defect '${name}' has no description`);
      if (info.group !== fileGroup) add('group', `defect '${name}' is declared with the ${fileGroup} defects but says group '${info.group}'`);
      if (info.breaks.length === 0) add('no-breaks', `defect '${name}' breaks no catalog ID: no check can be tied to it`);
      for (const id of info.breaks) {
        const r = catalog.get(id);
        if (!r) add('unknown-id', `defect '${name}' breaks ${id}, which the catalog does not have`);
        else if (!isTestable(r)) add('untestable-id', `defect '${name}' breaks ${id}, which the catalog marks untestable: no check can kill it`);
        else if (isClientSide(r)) add('client-side-id', `defect '${name}' breaks ${id}, a rule of the client: a server deviation cannot break it`);
      }
      for (const id of info.alsoRuns ?? []) {
        // A rule watched for a spill is one the defect keeps, and one a check can be charged with.
        if (!catalog.get(id)) add('unknown-id', `defect '${name}' also runs the checks of ${id}, which the catalog does not have`);
        if (info.breaks.includes(id)) add('also-runs', `defect '${name}' also runs the checks of ${id}, a rule it breaks: its checks run anyway`);
      }
      if (!isRead(name, input.sources)) add('unread', `defect '${name}' is never read in reference/ (seam.defect('${name}')): switching it on changes nothing`);
    }
  }
  for (const [name, groups] of declaredIn) {
    // The registry spreads the group records into one: a second declaration silently replaces the first.
    if (groups.length > 1) add('duplicate', `defect '${name}' is declared in more than one group: ${groups.join(', ')}`);
  }
  for (const [name, info] of Object.entries(input.variants)) {
    if (!KEBAB.test(name)) add('name', `variant '${name}' is not kebab-case`);
    if (!info.description?.trim()) add('description', `variant '${name}' has no description`);
    if (!isRead(name, input.sources)) add('unread', `variant '${name}' is never read in reference/ (seam.variant('${name}'))`);
  }
  return problems;
}

/** Every .ts file under reference/ except the registries themselves (a name there is a declaration, not a use). */
export function readReferenceSources(): RegistryInput['sources'] {
  const root = join(ROOT, 'reference');
  const out: RegistryInput['sources'] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (entry.isDirectory()) {
        if (rel !== 'defects') walk(path);
      } else if (entry.name.endsWith('.ts') && rel !== 'variants.ts') {
        out.push({ file: rel, text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(root);
  return out;
}
