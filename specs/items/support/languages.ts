/**
 * The languages a target shows it supports, and the discrete value titles of
 * two answers of the attributes operation set side by side. The spec names no
 * language, so support is read from the target itself: a language whose
 * category names differ from the English ones is one it translates into.
 */
import type { Category } from '../../../schemas/types.js';
import { discreteValues } from '../../shared/items/attributes.js';
import { namesById } from '../../shared/items/categories.js';

/** The languages probed (bounded: one categories read each); primary tags a marketplace in Europe is likely to serve. */
export const CANDIDATE_LANGUAGES = ['es', 'it', 'pt', 'fr', 'de'] as const;

/** Whether the tree read in a language names at least one category differently from the English tree. */
export function translatesNames(english: readonly Category[], other: readonly Category[]): boolean {
  const names = namesById(other);
  return [...namesById(english)].some(([id, name]) => names.has(id) && names.get(id) !== name);
}

/** `attribute/value` → title, for the discrete values that carry a string title. */
export function valueTitles(attributes: readonly Record<string, unknown>[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const raw of attributes) {
    if (raw.type !== 'discrete_values') continue;
    for (const value of discreteValues(raw as never) ?? []) {
      if (typeof value?.id === 'string' && typeof value.title === 'string') titles.set(`${raw.id}/${value.id}`, value.title);
    }
  }
  return titles;
}

export interface TitleComparison {
  /** Values titled in both answers. */
  compared: number;
  /** Of those, the ones whose title differs from the English one. */
  translated: number;
  /** A few values whose title is the English one, for the failure message. */
  same: string[];
}

/** Compares the titles of the same values in the English answer and in another language's. */
export function compareTitles(english: ReadonlyMap<string, string>, other: ReadonlyMap<string, string>): TitleComparison {
  const result: TitleComparison = { compared: 0, translated: 0, same: [] };
  for (const [key, title] of english) {
    const theirs = other.get(key);
    if (theirs === undefined) continue;
    result.compared++;
    if (theirs !== title) result.translated++;
    else if (result.same.length < 5) result.same.push(`${key} '${title}'`);
  }
  return result;
}

/** Adds one comparison to a running total. */
export function addComparison(total: TitleComparison, one: TitleComparison): TitleComparison {
  return { compared: total.compared + one.compared, translated: total.translated + one.translated, same: [...total.same, ...one.same].slice(0, 5) };
}
