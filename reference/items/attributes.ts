import type { Seam } from '../seam.js';
import { CATEGORY } from './categories.js';
import type { Language, Translated } from './language.js';

/**
 * The attributes each assignable category accepts (the spec's "Category
 * attribute" resource), and how they are rendered. The checks that apply them
 * to a payload live in attribute-check.ts.
 */
interface Common {
  id: string;
  is_mandatory: boolean;
  /** ISO date after which the attribute becomes mandatory. */
  mandatory_by_date?: string;
}

export interface DiscreteAttribute extends Common {
  type: 'discrete_values';
  max_choices: number;
  values: { id: string; title: Translated }[];
}

export interface TextRule {
  type: 'not_match' | 'not_contain';
  value: string;
}

export interface TextAttribute extends Common {
  type: 'text';
  max_length: number;
  regex?: TextRule[];
}

export interface NumericAttribute extends Common {
  type: 'numeric';
  data_type: { type: 'integer' | 'number'; format?: 'int32' | 'int64' | 'float' | 'double' };
  range?: { greater_than_or_equal?: number; less_than_or_equal?: number };
}

export type AttributeDef = DiscreteAttribute | TextAttribute | NumericAttribute;

const t = (en: string, es: string, it: string): Translated => ({ en, es, it });

/** A discrete attribute: up to `max_choices` of its `values`. */
const discrete = (id: string, is_mandatory: boolean, max_choices: number, values: DiscreteAttribute['values']): DiscreteAttribute => ({
  id,
  type: 'discrete_values',
  is_mandatory,
  max_choices,
  values,
});

const condition = (is_mandatory: boolean): DiscreteAttribute =>
  discrete('condition', is_mandatory, 1, [
    { id: 'new', title: t('New', 'Nuevo', 'Nuovo') },
    { id: 'as_good_as_new', title: t('As good as new', 'Como nuevo', 'Come nuovo') },
    { id: 'good', title: t('Good', 'En buen estado', 'In buone condizioni') },
    { id: 'fair', title: t('Fair', 'En condiciones aceptables', 'In condizioni accettabili') },
    { id: 'has_given_it_all', title: t('Has given it all', 'Lo ha dado todo', 'Ha dato il massimo') },
  ]);

// The one discrete attribute with more than one choice, so max_choices is exercised above 1.
const colour = discrete('colour', false, 2, [
  { id: 'black', title: t('Black', 'Negro', 'Nero') },
  { id: 'white', title: t('White', 'Blanco', 'Bianco') },
  { id: 'wood', title: t('Wood', 'Madera', 'Legno') },
  { id: 'grey', title: t('Grey', 'Gris', 'Grigio') },
]);

const noLinks: TextRule = { type: 'not_contain', value: 'http' };
const notBlank: TextRule = { type: 'not_match', value: '\\s*' };

const brand = (is_mandatory: boolean): TextAttribute => ({
  id: 'brand',
  type: 'text',
  is_mandatory,
  max_length: 75,
  regex: [noLinks],
});

const model = (is_mandatory: boolean): TextAttribute => ({
  id: 'model',
  type: 'text',
  is_mandatory,
  max_length: 75,
  regex: [noLinks, notBlank],
});

/** An optional numeric attribute whose values lie from `min` to `max`, both included. */
const numeric = (id: string, data_type: NumericAttribute['data_type'], min: number, max: number): NumericAttribute => ({
  id,
  type: 'numeric',
  is_mandatory: false,
  data_type,
  range: { greater_than_or_equal: min, less_than_or_equal: max },
});

const heightCm: NumericAttribute = {
  ...numeric('height_cm', { type: 'integer', format: 'int32' }, 1, 300),
  // A date in the future: announced, not yet enforced.
  mandatory_by_date: '2031-01-01',
};
const screenSizeIn = numeric('screen_size_in', { type: 'number', format: 'float' }, 1, 40);
const mileageKm = numeric('mileage_km', { type: 'integer', format: 'int64' }, 0, 2_000_000);

/** Spec: "license_plate (text, optional, max_length 10, Cars category only)". */
export const LICENSE_PLATE: TextAttribute = { id: 'license_plate', type: 'text', is_mandatory: false, max_length: 10 };

/** Spec: "external_id (text, optional, max_length 75, available in every category)". */
export const EXTERNAL_ID: TextAttribute = { id: 'external_id', type: 'text', is_mandatory: false, max_length: 75 };

const BY_LEAF = new Map<number, AttributeDef[]>([
  [CATEGORY.cars, [condition(false), brand(true), model(true), mileageKm, LICENSE_PLATE]],
  [CATEGORY.motorbikes, [condition(false), brand(false), model(false)]],
  [CATEGORY.carParts, [condition(true), brand(false)]],
  [CATEGORY.mobilePhones, [condition(true), brand(false), model(false), screenSizeIn]],
  [CATEGORY.laptops, [condition(true), brand(false), model(false), screenSizeIn]],
  [CATEGORY.desktops, [condition(true), brand(false), model(false)]],
  [CATEGORY.furniture, [condition(false), colour, heightCm]],
  [CATEGORY.garden, [condition(false)]],
  [CATEGORY.books, [condition(false)]],
]);

// The variant's colour attribute has a finish whose Spanish title reads as the English word (a cognate), translated in Italian.
const METAL = { id: 'metal', title: t('Metal', 'Metal', 'Metallo') };
const withCognate = (def: AttributeDef): AttributeDef => (def.type === 'discrete_values' && def.id === 'colour' ? { ...def, values: [...def.values, METAL] } : def);

/** The attributes of a leaf, external_id always last; a grouping or unknown id has only external_id. */
export function attributesOf(categoryId: number, seam: Seam): AttributeDef[] {
  const own = BY_LEAF.get(categoryId) ?? [];
  const defs = [...(seam.variant('cognate-titles') ? own.map(withCognate) : own), EXTERNAL_ID];
  // The variant's catalogue asks for nothing (as the independent Python server's): every attribute optional.
  return seam.variant('no-mandatory-attributes') ? defs.map((d) => ({ ...d, is_mandatory: false })) : defs;
}

/** Whether the attribute is mandatory today (`is_mandatory`, or its `mandatory_by_date` has passed). */
export function isMandatoryNow(def: AttributeDef, today: Date = new Date()): boolean {
  if (def.is_mandatory) return true;
  return def.mandatory_by_date !== undefined && today.toISOString().slice(0, 10) >= def.mandatory_by_date;
}

/** One attribute as the spec's schema form: `values` inside `options` (beside it with the variant). */
export function renderAttribute(def: AttributeDef, language: Language, seam: Seam): Record<string, unknown> {
  const common: Record<string, unknown> = { id: def.id, type: def.type, is_mandatory: def.is_mandatory };
  if (def.mandatory_by_date !== undefined) common.mandatory_by_date = def.mandatory_by_date;
  switch (def.type) {
    case 'discrete_values': {
      const values = def.values.map((v, i) => ({ id: v.id, title: valueTitle(def, v, i, language, seam) }));
      // The spec's schema nests `values` in `options`; its example puts them beside: both conform.
      if (seam.variant('values-beside-options')) return { ...common, options: { max_choices: def.max_choices }, values };
      return { ...common, options: { max_choices: def.max_choices, values } };
    }
    case 'text':
      return def.regex ? { ...common, max_length: def.max_length, regex: def.regex } : { ...common, max_length: def.max_length };
    case 'numeric':
      return def.range ? { ...common, data_type: def.data_type, range: def.range } : { ...common, data_type: def.data_type };
  }
}

/** The title of a discrete attribute's value (the one at `index`) in the language, as the defects and variants change it. */
function valueTitle(def: DiscreteAttribute, value: DiscreteAttribute['values'][number], index: number, language: Language, seam: Seam): string {
  // The defect answers the English titles whatever language the category names came in.
  if (seam.defect('value-titles-untranslated')) return value.title.en;
  // The defect leaves one value of an attribute translated into Italian in English there (Spanish has it).
  if (seam.defect('value-title-left-english') && language === 'it' && def.id === 'condition' && value.id === 'fair') return value.title.en;
  // The variant's titles read the same in every language: a number, as a size or a grade would.
  if (seam.variant('untranslatable-titles')) return String(index + 1);
  // The variant translates the colour titles into Spanish only; Italian has the category names and the condition.
  if (seam.variant('partial-translations') && language === 'it' && def.id === 'colour') return value.title.en;
  return value.title[language];
}
