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

/** ITEM-CAT-3: roots have parent_id null; a nested category's parent_id is its parent's id. */
export function parentProblems(roots: readonly Category[]): string[] {
  return flatten(roots).flatMap(({ category, parent }) => {
    const expected = parent ? parent.id : null;
    if (category.parent_id === expected) return [];
    const where = parent ? `nested in ${parent.id}` : 'a root';
    return [`category ${category.id} (${where}) has parent_id ${JSON.stringify(category.parent_id)}, expected ${JSON.stringify(expected)}`];
  });
}

/** ITEM-CAT-4: an empty subcategories array means assignable. */
export function emptyButNotAssignable(roots: readonly Category[]): string[] {
  return flatten(roots)
    .filter(({ category }) => category.subcategories.length === 0 && category.assignable_to_item !== true)
    .map(({ category }) => `category ${category.id} has no subcategories but assignable_to_item ${category.assignable_to_item}`);
}

/** ITEM-CAT-5: false means a grouping parent, so it has children. */
export function groupingWithoutChildren(roots: readonly Category[]): string[] {
  return flatten(roots)
    .filter(({ category }) => category.assignable_to_item === false && category.subcategories.length === 0)
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
