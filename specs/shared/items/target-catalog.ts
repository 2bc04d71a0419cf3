/**
 * What the target offers to list items in, read once per worker (the `catalog`
 * fixture, support/fixtures.ts) and reused by every check (the whole suite
 * must stay fast): the category tree in English,
 * a bounded sample of assignable leaves with their attributes, Cars (by its
 * English name) when the tree has it, a grouping parent, and an unused id.
 */
import type { Category } from '../../../schemas/types.js';
import { readAttributes } from './attributes.js';
import { assignable, findCars, groupings, spread, unknownCategoryId } from './categories.js';
import type { CategoryFacts } from './generators.js';
import type { ItemsApi } from './items-api.js';
import { setUp } from '../../../fixtures/index.js';
import { notExercised } from '../../../results/outcomes.js';

/** The skip of a check that needs a category to create in when the target's tree offers none (its state, not the run's settings). */
export const NO_CATEGORY = notExercised('target_state', 'the target offers no assignable category');

/** At most this many leaves are read (attributes) and used by the checks. */
export const SAMPLE_LEAVES = 10;

export interface TargetCatalog {
  roots: Category[];
  leaves: CategoryFacts[];
  cars?: CategoryFacts;
  grouping?: Category;
  unknownId: number;
}

/** Reads the target's catalogue through a (read-only) items API. */
export async function readCatalog(api: ItemsApi): Promise<TargetCatalog> {
  // English is both a language and the fallback, so names read this way are English either way.
  const roots = await api.categoryTree('en');
  const cars = findCars(roots);
  let sample = spread(assignable(roots), SAMPLE_LEAVES);
  if (cars && !sample.includes(cars)) sample = [...sample.slice(0, SAMPLE_LEAVES - 1), cars];
  const leaves: CategoryFacts[] = [];
  for (const category of sample) {
    const res = await api.attributes(category.id);
    // A set-up step: a failed read is ITEM-ATTR-1's, and leaves the check's own rules unjudged.
    await setUp.expectStatus(res, 200, ['ITEM-ATTR-1']);
    const given = (res.json as { attributes?: unknown } | undefined)?.attributes;
    const raw = (Array.isArray(given) ? given : []) as Record<string, unknown>[];
    leaves.push({ id: category.id, name: category.name, defs: readAttributes(raw as never[]), isCars: category === cars, raw });
  }
  return { roots, leaves, cars: leaves.find((l) => l.isCars), grouping: groupings(roots)[0], unknownId: unknownCategoryId(roots) };
}

/** How much a leaf asks of a payload: attributes that must be sent weigh most; Cars (license_plate rules) last. */
const plainness = (l: CategoryFacts) => l.defs.filter((d) => d.isMandatory).length * 10 + l.defs.length + (l.isCars ? 100 : 0);

/** The sampled leaves, the one that asks least of a payload first (a stable preference every check shares). */
export function plainFirst(catalog: TargetCatalog): CategoryFacts[] {
  return byPlainness(catalog.leaves);
}

/** Any leaves (the sample's, or the survey's: catalog-survey.ts), the one that asks least of a payload first. */
export function byPlainness(leaves: readonly CategoryFacts[]): CategoryFacts[] {
  return [...leaves].sort((a, b) => plainness(a) - plainness(b));
}

/** The leaf that asks least of a payload (fewest attributes that must be sent): where plain items are created. */
export function plainLeaf(catalog: TargetCatalog): CategoryFacts | undefined {
  return plainFirst(catalog)[0];
}
