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

/** The ids of the discrete attributes whose values carry titles. */
const titledAttributes = (attributes: readonly Record<string, unknown>[]): Set<string> => new Set([...valueTitles(attributes).keys()].map((k) => k.split('/')[0]));

/**
 * Up to `max` leaves whose values carry titles: first the fewest that show every titled attribute of the
 * leaves given (so an attribute translated in one language and not another is seen), then the others in order.
 */
export function titledLeaves<L extends { raw?: Record<string, unknown>[] }>(leaves: readonly L[], max: number): L[] {
  const titled = leaves.filter((l) => titledAttributes(l.raw ?? []).size > 0);
  const chosen: L[] = [];
  const seen = new Set<string>();
  while (chosen.length < max) {
    const fresh = (l: L) => [...titledAttributes(l.raw ?? [])].filter((id) => !seen.has(id)).length;
    const best = titled.filter((l) => !chosen.includes(l)).sort((a, b) => fresh(b) - fresh(a))[0];
    if (!best || fresh(best) === 0) break;
    chosen.push(best);
    for (const id of titledAttributes(best.raw ?? [])) seen.add(id);
  }
  return [...chosen, ...titled.filter((l) => !chosen.includes(l))].slice(0, max);
}

/**
 * The titles of the values of several categories in one language: `category/attribute/value` → title.
 * A unit is one category's attribute (`category/attribute`): the set of values the spec titles together.
 */
export type Titles = ReadonlyMap<string, string>;

const unitOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

/** What the answers in one language show about its value titles, set beside the English ones. */
export interface TitleJudgement {
  language: string;
  /** Values titled both in English and in this language. */
  compared: number;
  /** Of those, the ones whose title differs from the English one. */
  translated: number;
  /**
   * Values whose title is the English one although the target translates their attribute into this
   * language (another value of the same category and attribute differs) and translates the value itself
   * into another language: the likeliest sign of a title left in English, yet no proof (a word may read
   * the same in two languages), so a SHOULD finding of ITEM-ATTR-16.
   */
  leftEnglish: string[];
  /**
   * Units whose titles all read as the English ones here while another language translates one
   * of them (an attribute translated into some languages and not this one).
   */
  untranslatedUnits: string[];
  /** A few values whose title is the English one, for the messages. */
  same: string[];
}

/** Sets each language's titles beside the English ones and beside the other languages' (`languages`: language → titles). */
export function judgeTitles(english: Titles, languages: ReadonlyMap<string, Titles>): TitleJudgement[] {
  const translatedElsewhere = (key: string, language: string) =>
    [...languages].some(([other, titles]) => other !== language && titles.has(key) && titles.get(key) !== english.get(key));
  return [...languages].map(([language, titles]) => {
    const judgement: TitleJudgement = { language, compared: 0, translated: 0, leftEnglish: [], untranslatedUnits: [], same: [] };
    const translatedUnits = new Set<string>();
    const sameKeys: string[] = [];
    for (const [key, title] of english) {
      const theirs = titles.get(key);
      if (theirs === undefined) continue;
      judgement.compared++;
      if (theirs !== title) {
        judgement.translated++;
        translatedUnits.add(unitOf(key));
      } else sameKeys.push(key);
    }
    judgement.same = sameKeys.slice(0, 5).map((k) => `${k} '${english.get(k)}'`);
    judgement.leftEnglish = sameKeys.filter((k) => translatedUnits.has(unitOf(k)) && translatedElsewhere(k, language)).map((k) => `${k} '${english.get(k)}'`);
    const untranslated = new Set(sameKeys.map(unitOf).filter((u) => !translatedUnits.has(u)));
    judgement.untranslatedUnits = [...untranslated].filter((u) => sameKeys.some((k) => unitOf(k) === u && translatedElsewhere(k, language)));
    return judgement;
  });
}
