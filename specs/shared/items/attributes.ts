/**
 * A category's attributes as a target answers them, read into one shape the
 * generators can use. Where the spec leaves a choice open, every reading is
 * accepted: discrete `values` inside `options` (the spec's schema) or beside
 * it (the spec's example).
 */
import type { CategoryAttribute } from '../../../schemas/types.js';

export interface TextRule {
  type: 'not_match' | 'not_contain';
  value: string;
}

interface Common {
  id: string;
  isMandatory: boolean;
  mandatoryByDate?: string;
}

export interface DiscreteDef extends Common {
  kind: 'discrete_values';
  maxChoices: number;
  valueIds: string[];
}

export interface TextDef extends Common {
  kind: 'text';
  maxLength: number;
  rules: TextRule[];
}

export interface NumericDef extends Common {
  kind: 'numeric';
  integer: boolean;
  min?: number;
  max?: number;
}

export type AttributeDef = DiscreteDef | TextDef | NumericDef;

type Raw = CategoryAttribute & Record<string, unknown>;

/** The discrete values, wherever the target put them (inside `options` or beside it). */
export function discreteValues(raw: Raw): { id: string; title?: string }[] | undefined {
  const options = raw.options as { values?: unknown } | undefined;
  const values = options?.values ?? raw.values;
  return Array.isArray(values) ? (values as { id: string; title?: string }[]) : undefined;
}

/** One attribute in the generators' shape; undefined for a kind the spec does not name (ITEM-ATTR-3 reports it). */
export function readAttribute(raw: Raw): AttributeDef | undefined {
  const common: Common = { id: raw.id, isMandatory: raw.is_mandatory === true };
  if (typeof raw.mandatory_by_date === 'string') common.mandatoryByDate = raw.mandatory_by_date;
  switch (raw.type) {
    case 'discrete_values': {
      const options = raw.options as { max_choices?: number } | undefined;
      const ids = (discreteValues(raw) ?? []).map((v) => v.id).filter((id) => typeof id === 'string');
      return { ...common, kind: 'discrete_values', maxChoices: Number(options?.max_choices ?? 1), valueIds: ids };
    }
    case 'text': {
      const given: unknown[] = Array.isArray(raw.regex) ? raw.regex : [];
      const rules = given.filter((r): r is TextRule => {
        const rule = r as Partial<TextRule> | null;
        return (rule?.type === 'not_match' || rule?.type === 'not_contain') && typeof rule.value === 'string';
      });
      return { ...common, kind: 'text', maxLength: Number(raw.max_length), rules };
    }
    case 'numeric': {
      const dataType = raw.data_type as { type?: string } | undefined;
      const range = raw.range as { greater_than_or_equal?: number; less_than_or_equal?: number } | undefined;
      return {
        ...common,
        kind: 'numeric',
        integer: dataType?.type !== 'number',
        min: range?.greater_than_or_equal,
        max: range?.less_than_or_equal,
      };
    }
    default:
      return undefined;
  }
}

export function readAttributes(raws: readonly Raw[]): AttributeDef[] {
  return raws.map(readAttribute).filter((d): d is AttributeDef => d !== undefined);
}

/**
 * Whether a valid payload must carry the attribute: `is_mandatory`, or a
 * `mandatory_by_date` reached ("the expected date after which the attribute
 * becomes mandatory"; the day itself counted too, to be safe either way).
 */
export function mustSend(def: AttributeDef, today = new Date()): boolean {
  if (def.isMandatory) return true;
  return def.mandatoryByDate !== undefined && today.toISOString().slice(0, 10) >= def.mandatoryByDate;
}

/**
 * Whether the value keeps the attribute's regex rules: not_contain forbids a
 * match anywhere, not_match a match of the whole value. A pattern JavaScript
 * cannot compile is ignored (the value is then chosen blind to it).
 */
export function keepsRules(value: string, rules: readonly TextRule[]): boolean {
  return rules.every((rule) => {
    try {
      const source = rule.type === 'not_match' ? `^(?:${rule.value})$` : rule.value;
      return !new RegExp(source, 'u').test(value);
    } catch {
      return true;
    }
  });
}

/** Text attributes whose max_length a generated value can exceed while keeping every other rule. */
export const textDefs = (defs: readonly AttributeDef[]): TextDef[] =>
  defs.filter((d): d is TextDef => d.kind === 'text' && Number.isSafeInteger(d.maxLength) && d.maxLength > 0);

export const numericDefs = (defs: readonly AttributeDef[]): NumericDef[] => defs.filter((d): d is NumericDef => d.kind === 'numeric');

export const discreteDefs = (defs: readonly AttributeDef[]): DiscreteDef[] =>
  defs.filter((d): d is DiscreteDef => d.kind === 'discrete_values' && d.valueIds.length > 0 && d.maxChoices >= 1);
