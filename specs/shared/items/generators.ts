/**
 * fast-check arbitraries of valid item payloads, derived from the spec's
 * constants (schemas/constants.schema.json) and from the attributes the target
 * gives for the chosen category. An arbitrary yields a `Draft` (plain data, so
 * a counterexample prints and replays); `toPayload` adds at run time what must
 * be fresh for each request: the main image URL and the run's external_id tag.
 */
import fc from 'fast-check';
import { type AttributeDef, type DiscreteDef, keepsRules, mustSend, type NumericDef, type TextDef } from './attributes.js';
import { CURRENCY, EXTERNAL_ID, LICENSE_PLATE, LICENSE_PLATE_MAX, MAX_WEIGHTS } from './constants.js';

/** A category as a generator needs it: its id and the attributes the target gives for it. */
export interface CategoryFacts {
  id: number;
  name: string;
  defs: AttributeDef[];
  isCars: boolean;
  /** The attributes exactly as the target answered them (for the checks of their shape). */
  raw?: Record<string, unknown>[];
}

export interface Delivery {
  allowed_by_user: boolean;
  max_weight_kg?: number;
  free_shipping?: boolean;
}

export interface Draft {
  categoryId: number;
  title: string;
  description: string;
  cashAmount: number;
  /** Every attribute but external_id (added by toPayload). */
  attributes: Record<string, unknown>;
  hashtags?: string[];
  delivery?: Delivery;
  stock?: { units: number };
}

export interface DraftOptions {
  /** Pro-only features (stock, free shipping) are generated only when set (and only for a Pro account). */
  pro: boolean;
  /** Leave out every optional part: only what the category and the spec require. */
  minimal?: boolean;
  /** The deprecated hashtags (ITEM-CREATE-3), left out unless asked for. */
  hashtags?: boolean;
}

/**
 * The longest title the suite sends, prefix included: the spec shows no length limit of title or description
 * (freedom title-length-limits), and marketplaces cap titles from 40 characters (Mercari) up, so a longer one would
 * have a conforming server refuse the suite's own creates. Descriptions (words(8), at most 71) stay far below the
 * lowest description caps (1,000).
 */
export const TITLE_BUDGET = 40;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const word = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 2, maxLength: 8 });
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((ws) => ws.join(' '));

/** A text value within max_length that keeps the attribute's regex rules; biased to the exact max_length. */
export function textValue(def: TextDef): fc.Arbitrary<string> {
  const max = Math.max(1, Math.min(def.maxLength, 40));
  const unit = fc.constantFrom(...ALNUM);
  // Rules that refuse plain letters and digits would make the filter below spin forever: use a fixed value instead.
  const probe = ['item', 'a', '1'].find((v) => v.length <= max && keepsRules(v, def.rules));
  if (probe === undefined) return fc.constant('item');
  const exact = def.maxLength <= 200 ? [fc.string({ unit, minLength: def.maxLength, maxLength: def.maxLength })] : [];
  return fc.oneof(fc.string({ unit, minLength: 1, maxLength: max }), ...exact).filter((v) => keepsRules(v, def.rules));
}

/** The inclusive range a numeric value is drawn from (a missing bound is taken 1000 away from the other). */
export function numericBounds(def: NumericDef): { lo: number; hi: number } {
  const lo = def.min ?? (def.max !== undefined ? def.max - 1000 : 0);
  const hi = def.max ?? lo + 1000;
  return { lo: Math.ceil(lo), hi: Math.floor(hi) };
}

/** A number within the range, the inclusive bounds themselves drawn often (ITEM-VALID-11). */
export function numericValue(def: NumericDef): fc.Arbitrary<number> {
  const { lo, hi } = numericBounds(def);
  if (lo >= hi) return fc.constant(lo);
  const inner = def.integer ? fc.integer({ min: lo, max: hi }) : fc.integer({ min: lo * 10, max: hi * 10 }).map((v) => v / 10);
  return fc.oneof(fc.constant(lo), fc.constant(hi), inner);
}

/** One value id (sent as a string), or up to max_choices of them (sent as an array). */
export function discreteValue(def: DiscreteDef): fc.Arbitrary<string | string[]> {
  const max = Math.max(1, Math.min(def.maxChoices, def.valueIds.length));
  return fc.shuffledSubarray(def.valueIds, { minLength: 1, maxLength: max }).map((ids) => (ids.length === 1 ? ids[0] : ids));
}

export function attributeValue(def: AttributeDef): fc.Arbitrary<unknown> {
  if (def.kind === 'text') return textValue(def);
  if (def.kind === 'numeric') return numericValue(def);
  return discreteValue(def);
}

/** A license plate of 1 to 10 characters, often exactly 10 (ITEM-VALID-16). */
export const licensePlate = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'), minLength: LICENSE_PLATE_MAX, maxLength: LICENSE_PLATE_MAX }),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'), minLength: 1, maxLength: LICENSE_PLATE_MAX }),
);

/**
 * The attributes object of a valid payload: every attribute that must be sent,
 * some optional ones, never external_id (added per request) and license_plate
 * only in Cars.
 */
export function attributesFor(category: CategoryFacts, minimal = false): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  const optional: string[] = [];
  for (const def of category.defs) {
    if (def.id === EXTERNAL_ID) continue;
    if (def.id === LICENSE_PLATE) {
      if (!category.isCars) continue;
      parts[def.id] = licensePlate;
      optional.push(def.id);
      continue;
    }
    // A discrete attribute without values cannot be given one (ITEM-ATTR-4 reports the shape).
    if (def.kind === 'discrete_values' && def.valueIds.length === 0) continue;
    const send = mustSend(def);
    if (!send && minimal) continue;
    parts[def.id] = attributeValue(def);
    if (!send) optional.push(def.id);
  }
  const required = Object.keys(parts).filter((k) => !optional.includes(k));
  return fc.record(parts, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

function deliveryFor(pro: boolean): fc.Arbitrary<Delivery> {
  return fc.record(
    {
      allowed_by_user: fc.constant(true),
      max_weight_kg: fc.constantFrom(...MAX_WEIGHTS),
      ...(pro ? { free_shipping: fc.boolean() } : {}),
    },
    { requiredKeys: ['allowed_by_user'] },
  );
}

/** A valid draft in the category. */
export function draftFor(category: CategoryFacts, options: DraftOptions): fc.Arbitrary<Draft> {
  const base = {
    categoryId: fc.constant(category.id),
    // At most 4 × 8 + 3 = 35 characters: within TITLE_BUDGET alone.
    title: words(4),
    description: words(8),
    // Cents, so the amount reads back exactly; at least 1.00 (the spec gives no minimum).
    cashAmount: fc.integer({ min: 100, max: 999_999 }).map((c) => c / 100),
    attributes: attributesFor(category, options.minimal),
  };
  if (options.minimal) return fc.record(base);
  return fc.record(
    {
      ...base,
      ...(options.hashtags ? { hashtags: fc.array(word, { maxLength: 3 }) } : {}),
      delivery: deliveryFor(options.pro),
      ...(options.pro ? { stock: fc.record({ units: fc.integer({ min: 1, max: 50 }) }) } : {}),
    },
    { requiredKeys: ['categoryId', 'title', 'description', 'cashAmount', 'attributes'] },
  );
}

export interface Fresh {
  /** A fresh URL of the image host's valid JPEG. */
  imageUrl: string;
  /** The run tag for external_id (lifecycle/tag-and-remove.ts runTag()). */
  externalId: string;
  /** Put before the title, to find the item again by its title (lists show no attributes); short: the draft title is cut to fit TITLE_BUDGET. */
  titlePrefix?: string;
}

/** The title sent: the prefix, then as much of the draft title as TITLE_BUDGET leaves (in code points). */
export function titleOf(draft: Pick<Draft, 'title'>, prefix?: string): string {
  if (!prefix) return [...draft.title].slice(0, TITLE_BUDGET).join('');
  const room = TITLE_BUDGET - [...prefix].length - 1;
  if (room < 1) throw new Error(`a title prefix of ${[...prefix].length} code points leaves no room in TITLE_BUDGET (${TITLE_BUDGET})`);
  return `${prefix} ${[...draft.title].slice(0, room).join('').trimEnd()}`;
}

/** One draft, drawn with a fixed seed: for checks that need a valid payload but no property. */
export function sampleDraft(category: CategoryFacts, options: DraftOptions, seed = 42): Draft {
  return fc.sample(draftFor(category, options), { numRuns: 1, seed })[0];
}

/** The create payload of a draft, in the spec's shape. */
export function toPayload(draft: Draft, fresh: Fresh): Record<string, unknown> {
  const item: Record<string, unknown> = {
    category_leaf_id: String(draft.categoryId),
    title: titleOf(draft, fresh.titlePrefix),
    description: draft.description,
    price: { cash_amount: draft.cashAmount, currency: CURRENCY },
    attributes: { ...draft.attributes, [EXTERNAL_ID]: fresh.externalId },
  };
  if (draft.hashtags !== undefined) item.hashtags = draft.hashtags;
  if (draft.delivery !== undefined) item.delivery = draft.delivery;
  const payload: Record<string, unknown> = { item, main_image: { url: fresh.imageUrl } };
  if (draft.stock !== undefined) payload.stock = draft.stock;
  return payload;
}
