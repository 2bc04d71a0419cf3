/**
 * Every assignable category of the target and its attributes, read only when a
 * check's need is met by none of the sampled ones (target-catalog.ts reads at
 * most SAMPLE_LEAVES). Two things follow from it:
 *
 * - a category outside the sample that offers what the rule needs (a mandatory
 *   attribute, a ranged numeric one, …) is used: a target cannot keep what a rule
 *   is about out of the suite's reach by keeping it out of the sample;
 * - when every assignable category was read and none offers it, the rule asks
 *   nothing of this target: *not applicable* [not_offered], never INCOMPLETE.
 *
 * Bounded: at most SURVEY_MAX_READS attributes reads and SURVEY_MAX_MS of reading
 * per worker. A survey that stopped at its bound, or a read that did not answer
 * 200 with an attributes array, looked at less than everything: the rule stays
 * *not exercised* [target_state].
 */
import { recordNotExercised, skipUnjudged } from '../../../fixtures/index.js';
import { notApplicable, notExercised, parseOutcome } from '../../../results/outcomes.js';
import { readAttributes } from './attributes.js';
import { assignable, flatten } from './categories.js';
import type { CategoryFacts } from './generators.js';
import type { ItemsApi } from './items-api.js';
import type { TargetCatalog } from './target-catalog.js';

/** The most attributes reads one survey makes beyond the sample (the reference has 9 leaves, the Python server 7). */
export const SURVEY_MAX_READS = 200;
/** The most time one survey reads for, whatever the target's pace. */
export const SURVEY_MAX_MS = 30_000;

export interface CatalogSurvey {
  /** Every assignable leaf read: the sample's first, then the others in tree order. */
  leaves: CategoryFacts[];
  /** How many assignable categories the tree holds. */
  assignable: number;
  /** True when every assignable category's attributes were read. */
  complete: boolean;
  /** Why it is not complete: the bound it hit, or the first read that gave no attributes. */
  stopped?: string;
}

/** Reads the attributes of every assignable leaf the sample left out, within the bounds. */
export async function surveyCatalog(api: ItemsApi, catalog: TargetCatalog, bounds = { reads: SURVEY_MAX_READS, ms: SURVEY_MAX_MS }): Promise<CatalogSurvey> {
  const all = assignable(catalog.roots);
  // flatten stops at 10,000 nodes: a tree that big was not seen whole.
  const whole = flatten(catalog.roots).length < 10_000;
  const sampled = new Set(catalog.leaves.map((l) => l.id));
  const leaves = [...catalog.leaves];
  const started = Date.now();
  let stopped: string | undefined;
  let reads = 0;
  for (const category of all.filter((c) => !sampled.has(c.id))) {
    if (reads >= bounds.reads || Date.now() - started >= bounds.ms) {
      stopped = `the survey stopped at its bound (${bounds.reads} reads, ${bounds.ms / 1000} s) after ${reads} reads`;
      break;
    }
    reads++;
    // A read that fails here is judged by the checks of the attributes operation (ITEM-ATTR-1), not by this survey.
    const res = await api.attributes(category.id).catch(() => undefined);
    const given = (res?.json as { attributes?: unknown } | undefined)?.attributes;
    if (res?.status !== 200 || !Array.isArray(given)) {
      stopped ??= `GET /items/categories/${category.id}/attributes answered ${res?.status ?? 'nothing'} with no attributes array`;
      continue;
    }
    const raw = given as Record<string, unknown>[];
    // Cars (by its English name, anywhere in the tree) is always in the sample, so no surveyed leaf is it.
    leaves.push({ id: category.id, name: category.name, defs: readAttributes(raw as never[]), isCars: false, raw });
  }
  if (!whole) stopped ??= 'the category tree has 10,000 nodes or more, more than the suite reads';
  return { leaves, assignable: all.length, complete: stopped === undefined && leaves.length === all.length, stopped };
}

export interface Offering {
  /** The leaves that offer the need: the sample's when any does, else the survey's. */
  leaves: CategoryFacts[];
  /** Why there are none (a `not applicable` or `not exercised` text for test.skip), or undefined. */
  skip?: string;
}

export interface OfferingOptions {
  /**
   * A leaf that shows the rule may still apply though it does not offer the need as the check reads it
   * (a license_plate attribute in a category not named Cars): its presence keeps the rule not exercised.
   */
  hints?: (leaf: CategoryFacts) => boolean;
}

/**
 * The leaves that offer what a rule needs, and, when there are none, whether the
 * rule asks nothing of the target (every assignable category read) or could not be
 * looked at fully. `what` reads after "offers", e.g. "an attribute with is_mandatory true".
 */
export async function leavesOffering(
  catalog: TargetCatalog,
  survey: () => Promise<CatalogSurvey>,
  offers: (leaf: CategoryFacts) => boolean,
  what: string,
  options: OfferingOptions = {},
): Promise<Offering> {
  const sampled = catalog.leaves.filter(offers);
  if (sampled.length > 0) return { leaves: sampled };
  const read = await survey();
  const found = read.leaves.filter(offers);
  if (found.length > 0) return { leaves: found };
  if (read.assignable === 0) return { leaves: [], skip: notExercised('target_state', 'the target offers no assignable category') };
  const hinted = options.hints ? read.leaves.filter(options.hints) : [];
  if (read.complete && hinted.length === 0) {
    return { leaves: [], skip: notApplicable('not_offered', `none of the target's ${read.assignable} assignable categories (every one read) offers ${what}`) };
  }
  const why = hinted.length > 0 ? `, though ${hinted.map((l) => `category ${l.id}`).join(', ')} may (the check cannot tell)` : `; ${read.stopped ?? 'not every category was read'}`;
  return { leaves: [], skip: notExercised('target_state', `none of the ${read.leaves.length} of ${read.assignable} assignable categories read offers ${what}${why}`) };
}

/**
 * Ends a check whose need no category offers (`Offering.skip`). A rule the target's
 * data make ask nothing is recorded not applicable on each of `requirements` and the
 * check ends there without a skip: it ran, and looked at everything there was (a
 * skip says a check could not run). One the survey could not look at fully skips the
 * check, not exercised. The caller returns right after.
 */
export function endUnoffered(skip: string, requirements: readonly string[]): void {
  if (parseOutcome(skip)?.state === 'not-applicable') recordNotExercised(requirements, skip);
  else skipUnjudged(skip);
}
