import type { Seam } from '../seam.js';
import {
  type AttributeDef,
  attributesOf,
  type DiscreteAttribute,
  isMandatoryNow,
  LICENSE_PLATE,
  type NumericAttribute,
  type TextAttribute,
} from './attributes.js';
import { invalid } from './refusal.js';

/**
 * Applies a category's attributes (attributes.ts) to the `attributes` object of
 * a payload. Any breach answers INVALID_ATTRIBUTE. Values: text → a string;
 * numeric → a JSON number; discrete → one value id, or an array of ids (at most
 * `max_choices`). The spec leaves the value form open ("free-form keys"); a
 * single id is the natural form for `max_choices: 1`, an array for more.
 */
export function checkAttributes(seam: Seam, categoryId: string, attributes: Record<string, unknown>): void {
  const defs = attributesOf(Number(categoryId), seam);
  for (const [key, value] of Object.entries(attributes)) {
    let def: AttributeDef | undefined = defs.find((d) => d.id === key);
    // Spec: license_plate belongs to Cars only; the defect accepts it anywhere.
    if (!def && key === 'license_plate' && seam.defect('license-plate-anywhere')) def = LICENSE_PLATE;
    if (!def) {
      if (seam.defect('unknown-attribute-accepted')) continue;
      throw refuse(seam, key, `is not an attribute of category ${categoryId} (see GET /items/categories/${categoryId}/attributes)`);
    }
    if (def.type === 'text') checkText(seam, def, value);
    else if (def.type === 'numeric') checkNumeric(seam, def, value);
    else checkDiscrete(seam, def, value);
  }
  if (seam.defect('mandatory-attribute-not-checked')) return;
  for (const def of defs) {
    if (isMandatoryNow(def) && !(def.id in attributes)) {
      throw refuse(seam, def.id, `is mandatory in category ${categoryId}`);
    }
  }
}

function refuse(seam: Seam, key: string, problem: string) {
  return invalid(seam, 'INVALID_ATTRIBUTE', `attribute '${key}' ${problem}`);
}

function checkText(seam: Seam, def: TextAttribute, value: unknown): void {
  if (typeof value !== 'string') throw refuse(seam, def.id, 'must be a string');
  // Characters, not UTF-16 units: an emoji is one character of a title a user typed.
  // The defects count UTF-8 bytes, or UTF-16 units (String.length), as careless servers do.
  const length = seam.defect('text-limit-counts-bytes')
    ? Buffer.byteLength(value, 'utf8')
    : seam.defect('text-limit-counts-utf16')
      ? value.length
      : [...value].length;
  if (length > def.max_length && !seam.defect('attribute-length-not-checked')) {
    throw refuse(seam, def.id, `is ${length} characters long; max_length is ${def.max_length}`);
  }
  for (const rule of def.regex ?? []) {
    // not_contain: no part of the value may match; not_match: the whole value may not match.
    const source = rule.type === 'not_match' ? `^(?:${rule.value})$` : rule.value;
    if (new RegExp(source, 'u').test(value)) {
      throw refuse(seam, def.id, `breaks its rule ${rule.type} ${JSON.stringify(rule.value)}`);
    }
  }
}

function checkNumeric(seam: Seam, def: NumericAttribute, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse(seam, def.id, 'must be a number');
  if (def.data_type.type === 'integer' && !Number.isInteger(value)) throw refuse(seam, def.id, 'must be an integer');
  if (!def.range || seam.defect('attribute-range-not-checked')) return;
  const { greater_than_or_equal: min, less_than_or_equal: max } = def.range;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    throw refuse(seam, def.id, `is ${value}; the range is ${min ?? '-∞'}..${max ?? '∞'}`);
  }
}

function checkDiscrete(seam: Seam, def: DiscreteAttribute, value: unknown): void {
  const chosen = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(chosen) || !chosen.every((v) => typeof v === 'string')) {
    throw refuse(seam, def.id, 'must be a value id or an array of value ids');
  }
  if (chosen.length === 0) throw refuse(seam, def.id, 'needs at least one value id');
  if (new Set(chosen).size !== chosen.length) throw refuse(seam, def.id, 'repeats a value id');
  const known = new Set(def.values.map((v) => v.id));
  const unknown = chosen.find((id) => !known.has(id));
  if (unknown !== undefined) throw refuse(seam, def.id, `has no value '${unknown}'`);
  if (chosen.length > def.max_choices && !seam.defect('discrete-choices-not-checked')) {
    throw refuse(seam, def.id, `has ${chosen.length} values; max_choices is ${def.max_choices}`);
  }
}
