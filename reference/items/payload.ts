import type { Seam } from '../seam.js';
import { checkAttributes } from './attribute-check.js';
import { categoryKind } from './categories.js';
import type { ItemDraft, ItemFields, ItemRecord } from './model.js';
import { invalid, proFeature } from './refusal.js';
import { checkShape } from './shape.js';
import { checkTextLengths } from './text-length.js';

/**
 * The create and update payloads: shape (shape.ts), then the spec's rules on
 * values, in the order a client most likely wants to hear about them.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Spec, Limits: "max_weight_kg: 1, 2, 5, 10, 20 or 30". */
const WEIGHTS = new Set([1, 2, 5, 10, 20, 30]);

const FIELD_NAMES = ['category_leaf_id', 'title', 'description', 'price', 'attributes', 'hashtags', 'delivery'] as const;

/** The known `item` fields of a shape-checked object; unknown keys are ignored, as in any JSON API. */
function pickFields(item: Json): Partial<ItemFields> {
  const picked: Json = {};
  for (const name of FIELD_NAMES) if (item[name] !== undefined) picked[name] = structuredClone(item[name]);
  return picked as Partial<ItemFields>;
}

/** POST /items: a draft ready for its image check. */
export function parseCreate(seam: Seam, body: unknown, isPro: boolean): ItemDraft {
  if (!isObject(body)) throw invalid(seam, 'INVALID_BODY_REQUEST', 'the body must be a JSON object');
  const mainImageUrl = mainImageOf(seam, body);
  checkShape(seam, 'item-create', body);
  const fields = { attributes: {}, ...pickFields(body.item as Json) } as ItemFields;
  checkTextLengths(seam, fields);
  checkFields(seam, fields);
  const stock = body.stock as ItemDraft['stock'];
  checkProFeatures(seam, isPro, stock, fields.delivery?.free_shipping);
  return { fields, stock: stock && { units: stock.units }, mainImageUrl };
}

/**
 * PUT /items/{id}: `{item: {...any create fields}, stock?}` (schemas/item-update).
 * Each field sent replaces the stored one (`attributes` as a whole, like every
 * other field); the result is checked with the create's rules, so moving an
 * item out of Cars with a license_plate is refused as any such create would be.
 */
export function parseUpdate(seam: Seam, body: unknown, current: ItemRecord, isPro: boolean): Pick<ItemRecord, 'fields' | 'stock'> {
  checkShape(seam, 'item-update', body);
  const patch = isObject(body.item) ? pickFields(body.item) : {};
  const fields: ItemFields = { ...current.fields, ...patch };
  // Only the texts sent are measured: what the item holds was measured when it was sent (or seeded by the server).
  checkTextLengths(seam, patch);
  checkFields(seam, fields);
  const stock = body.stock as ItemRecord['stock'];
  checkProFeatures(seam, isPro, stock, patch.delivery?.free_shipping);
  return { fields, stock: stock ? { units: stock.units } : current.stock };
}

/** Spec: main_image.url is required; without it the answer is MISSING_MAIN_IMAGE. */
function mainImageOf(seam: Seam, body: Json): string | undefined {
  const image = body.main_image;
  const url = isObject(image) ? image.url : undefined;
  if (typeof url === 'string' && url !== '') return url;
  if (seam.defect('missing-main-image-accepted') && (image === undefined || url === undefined)) return undefined;
  throw invalid(seam, 'MISSING_MAIN_IMAGE', 'main_image.url is required: a direct link to a JPEG image');
}

function checkFields(seam: Seam, fields: ItemFields): void {
  if (fields.price.currency !== 'EUR' && !seam.defect('currency-not-checked')) {
    throw invalid(seam, 'INVALID_BODY_REQUEST', `price.currency '${fields.price.currency}' is not supported: only EUR is`);
  }
  // The spec gives no minimum; a negative price is refused as no marketplace could show it.
  if (fields.price.cash_amount < 0) throw invalid(seam, 'INVALID_BODY_REQUEST', 'price.cash_amount must be >= 0');
  const weight = fields.delivery?.max_weight_kg;
  if (weight !== undefined && !WEIGHTS.has(weight) && !seam.defect('weight-not-checked')) {
    throw invalid(seam, 'INVALID_BODY_REQUEST', `delivery.max_weight_kg ${weight} is not one of 1, 2, 5, 10, 20, 30`);
  }
  const kind = categoryKind(fields.category_leaf_id);
  if (kind === 'unknown') {
    throw invalid(seam, 'INVALID_CATEGORY_LEAF', `category_leaf_id '${fields.category_leaf_id}' is not a category`);
  }
  if (kind === 'grouping' && !seam.defect('grouping-category-accepted')) {
    throw invalid(seam, 'INVALID_CATEGORY_LEAF', `category ${fields.category_leaf_id} groups others: it is not assignable_to_item`);
  }
  checkAttributes(seam, fields.category_leaf_id, fields.attributes);
}

/** Spec: "Some features (inactivate, activate, stock, free shipping) require a Pro subscription". */
function checkProFeatures(seam: Seam, isPro: boolean, stock: { units: number } | undefined, freeShipping: boolean | undefined): void {
  if (stock !== undefined && stock.units < 0) throw invalid(seam, 'INVALID_BODY_REQUEST', 'stock.units must be >= 0');
  if (isPro) return;
  if (stock !== undefined && !seam.defect('stock-on-basic-accepted')) throw proFeature(seam, 'stock');
  // Only asking for free shipping uses the feature; `free_shipping: false` is what a basic account has.
  if (freeShipping === true && !seam.defect('free-shipping-on-basic-accepted')) throw proFeature(seam, 'free shipping');
}
