/**
 * The category tree as a target answers it: flattening, the rules the spec
 * ties to its fields (ITEM-CAT-3..5), and the picks the other checks need
 * (assignable leaves, a grouping parent, "Cars" by English name).
 */
import type { Category } from '../../../schemas/types.js';
import { CARS_NAME } from './constants.js';

export interface Placed {
  category: Category;
  /** The category it is nested in; undefined for a root. */
  parent?: Category;
  depth: number;
}

/** Every category at every depth, parents before children. Bounded so a cyclic or huge answer cannot hang a check. */
export function flatten(roots: readonly Category[], maxNodes = 10_000): Placed[] {
  const out: Placed[] = [];
  const visit = (nodes: readonly Category[], parent: Category | undefined, depth: number) => {
    for (const category of nodes) {
      if (out.length >= maxNodes) return;
      out.push({ category, parent, depth });
      if (Array.isArray(category.subcategories)) visit(category.subcategories, category, depth + 1);
    }
  };
  visit(roots, undefined, 0);
  return out;
}

/** The subcategories of a category; an absent field (the real service's leaves) reads as none. */
export const childrenOf = (category: Category): readonly Category[] => (Array.isArray(category.subcategories) ? category.subcategories : []);

/**
 * ITEM-CAT-3: roots have parent_id null; a nested category's parent_id is its
 * parent's id. A root without parent_id is accepted here (the real service's
 * documented roots omit it; see `omittedFields`, an observation).
 */
export function parentProblems(roots: readonly Category[]): string[] {
  return flatten(roots).flatMap(({ category, parent }) => {
    const expected = parent ? parent.id : null;
    if (category.parent_id === expected) return [];
    if (!parent && !Object.hasOwn(category, 'parent_id')) return [];
    const where = parent ? `nested in ${parent.id}` : 'a root';
    return [`category ${category.id} (${where}) has parent_id ${JSON.stringify(category.parent_id)}, expected ${JSON.stringify(expected)}`];
  });
}

/**
 * The table's fields a category leaves out where the real service's documented
 * shape does: parent_id on a root, subcategories on a leaf (assignable, no
 * children). An observation, never a failure (ITEM-CAT-2, catalog decision); any other
 * missing field fails the Category schema.
 */
export function omittedFields(roots: readonly Category[]): string[] {
  return flatten(roots).flatMap(({ category, parent }) => [
    ...(!parent && !Object.hasOwn(category, 'parent_id') ? [`root ${category.id} has no parent_id (null expected)`] : []),
    ...(!Object.hasOwn(category, 'subcategories') ? [`category ${category.id} has no subcategories ([] expected on a leaf)`] : []),
  ]);
}

/** ITEM-CAT-4: an empty (or absent) subcategories array means assignable. */
export function emptyButNotAssignable(roots: readonly Category[]): string[] {
  return flatten(roots)
    .filter(({ category }) => childrenOf(category).length === 0 && category.assignable_to_item !== true)
    .map(({ category }) => `category ${category.id} has no subcategories but assignable_to_item ${category.assignable_to_item}`);
}

/** ITEM-CAT-5: false means a grouping parent, so it has children (an absent subcategories field counts as none). */
export function groupingWithoutChildren(roots: readonly Category[]): string[] {
  return flatten(roots)
    .filter(({ category }) => category.assignable_to_item === false && childrenOf(category).length === 0)
    .map(({ category }) => `category ${category.id} has assignable_to_item false and no subcategories`);
}

export const assignable = (roots: readonly Category[]): Category[] =>
  flatten(roots)
    .map((p) => p.category)
    .filter((c) => c.assignable_to_item === true);

export const groupings = (roots: readonly Category[]): Category[] =>
  flatten(roots)
    .map((p) => p.category)
    .filter((c) => c.assignable_to_item === false);

/** The Cars category, found by its English name (case-insensitive); undefined when the tree has none assignable. */
export function findCars(englishRoots: readonly Category[]): Category | undefined {
  return assignable(englishRoots).find((c) => c.name.trim().toLowerCase() === CARS_NAME.toLowerCase());
}

/**
 * At most `n` categories spread evenly over the list (first and last included),
 * so a large tree is sampled across its branches, the same way on every run.
 */
export function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  if (n <= 1) return list.slice(0, n);
  const picked = new Set<number>();
  for (let i = 0; i < n; i++) picked.add(Math.round((i * (list.length - 1)) / (n - 1)));
  return [...picked].map((i) => list[i]);
}

/** A category id never used by a tree: larger than any id in it. */
export function unknownCategoryId(roots: readonly Category[]): number {
  const max = Math.max(0, ...flatten(roots).map((p) => (Number.isSafeInteger(p.category.id) ? p.category.id : 0)));
  return max + 987_654;
}

/** id → name of every category, to compare two renderings of one tree. */
export function namesById(roots: readonly Category[]): Map<number, string> {
  return new Map(flatten(roots).map(({ category }) => [category.id, category.name]));
}
