import { validate } from '../../schemas/index.js';
import type { Seam } from '../seam.js';
import { invalid } from './refusal.js';

/**
 * Body shape, checked with the project's own JSON Schemas (schemas/index.ts), so
 * the reference and the suite read one definition of each payload.
 *
 * Some fields the schemas also constrain carry rules the items part checks
 * itself, with its own error code and its own defect switch: the main image
 * (MISSING_MAIN_IMAGE, INVALID_IMAGE), the currency, max_weight_kg, every
 * attribute (INVALID_ATTRIBUTE), an image's order. Before validating we replace
 * those values in a copy by a harmless value of the same JSON type, so the
 * schema judges only the shape and a switched-on defect is not overruled by it.
 */
export type BodySchema = 'item-create' | 'item-update' | 'image-add';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const PLACEHOLDER_URL = 'http://image.invalid/placeholder.jpg';

function maskItemFields(item: unknown): void {
  if (!isObject(item)) return;
  if (isObject(item.price) && typeof item.price.currency === 'string') item.price.currency = 'EUR';
  if (isObject(item.delivery) && typeof item.delivery.max_weight_kg === 'number') item.delivery.max_weight_kg = 1;
  if (isObject(item.attributes)) item.attributes = {};
}

function masked(schema: BodySchema, body: Json): Json {
  const copy = structuredClone(body);
  if (schema === 'image-add') {
    if (typeof copy.url === 'string') copy.url = PLACEHOLDER_URL;
    if (typeof copy.order === 'number') copy.order = 0;
    return copy;
  }
  // main_image is checked before the shape (MISSING_MAIN_IMAGE); an update does not carry one.
  if (schema === 'item-create') copy.main_image = { url: PLACEHOLDER_URL };
  maskItemFields(copy.item);
  return copy;
}

/** Refuses with INVALID_BODY_REQUEST unless `body` is a JSON object of the schema's shape. */
export function checkShape(seam: Seam, schema: BodySchema, body: unknown): asserts body is Json {
  if (!isObject(body)) throw invalid(seam, 'INVALID_BODY_REQUEST', 'the body must be a JSON object');
  const result = validate(schema, masked(schema, body));
  if (!result.valid) {
    const shown = result.errors.slice(0, 3).join('; ');
    throw invalid(seam, 'INVALID_BODY_REQUEST', `the body does not have the ${schema} shape: ${shown}`);
  }
}
