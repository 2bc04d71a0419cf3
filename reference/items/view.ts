import type { Seam } from '../seam.js';
import type { ItemRecord } from './model.js';

/**
 * How items are answered. Spec ("Item as returned in lists"): `inactive` is
 * "present only for a hidden item, as an object with flag: true; omitted
 * entirely for an active item". A sold item is not hidden but gone from the
 * marketplace: it carries `sold: true` and no `inactive`.
 */
function inactiveField(item: ItemRecord, seam: Seam): { inactive?: { flag: boolean } } {
  if (item.state === 'inactive') return { inactive: { flag: true } };
  if (item.state === 'active' && seam.defect('inactive-flag-false')) return { inactive: { flag: false } };
  return {};
}

/** An entry of GET /items and GET /items/inactive: the spec's fields, nothing more. */
export function listedView(item: ItemRecord, seam: Seam): Record<string, unknown> {
  const { title, price } = item.fields;
  return { id: item.id, title, price: { ...price }, ...inactiveField(item, seam) };
}

/** The two attributes the spec states are "returned on read", alone: external_id and license_plate, where set. */
function readBackAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([k]) => k === 'external_id' || k === 'license_plate'));
}

/**
 * GET /items/{id}, and the answer of an update or a state operation. "Full item record from retrieval: fields other
 * than id, title, price and inactive are not shown": the reference answers what it holds, or under the variant
 * records-shown-only (freedom record-fields) those four and no more but what another sentence states: "Both
 * `external_id` and `license_plate` are set on create or update and returned on read" (ITEM-ATTR-11..13, MUST).
 */
export function detailView(item: ItemRecord, seam: Seam): Record<string, unknown> {
  const { fields } = item;
  const attributes = { ...fields.attributes };
  if (seam.defect('external-id-lost')) delete attributes.external_id;
  if (seam.variant('records-shown-only')) return { ...listedView(item, seam), attributes: readBackAttributes(attributes) };
  const view: Record<string, unknown> = {
    id: item.id,
    title: fields.title,
    description: fields.description,
    price: { ...fields.price },
    category_leaf_id: fields.category_leaf_id,
    attributes,
  };
  if (fields.hashtags) view.hashtags = [...fields.hashtags];
  if (fields.delivery) view.delivery = { ...fields.delivery };
  if (item.stock) view.stock = { ...item.stock };
  if (item.mainImage) view.main_image = { ...item.mainImage };
  view.images = [...item.images].sort((a, b) => a.order - b.order).map((i) => ({ ...i }));
  view.reserved = item.reserved;
  view.sold = item.state === 'sold';
  return { ...view, ...inactiveField(item, seam) };
}
