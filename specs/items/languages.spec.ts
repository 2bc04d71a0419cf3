/**
 * The requested language beyond the English fallback: the spec gives category
 * names "translated per the Accept-Language header" and discrete value titles
 * "in the requested language" (ITEM-ATTR-15, a MUST), but lists no language and
 * never says the two cover the same languages. No answer can fail that MUST: a
 * title that reads as the English one may be the word of both languages
 * ("Metal", "Manual" in Spanish), and the suite knows no language, so the
 * catalog marks ITEM-ATTR-15 not testable, and this check judges the signs the
 * answers can show at SHOULD level, the inferred ITEM-ATTR-16. It finds the
 * languages the target shows it supports (its category names differ from the
 * English ones) and sets the value titles in each beside the English ones
 * (support/languages.ts `judgeTitles`); each of these is a finding:
 *
 * - a value whose title is the English one though the target translates another
 *   value of its attribute into the language and that very value into another
 *   language ("Metal" in Spanish, "Metallo" in Italian);
 * - no value title translated into a language whose category names are (partial
 *   translations, or titles that read the same everywhere: sizes, codes), none
 *   given there at all (titles are optional), or one attribute left in English
 *   there while another language translates it.
 *
 * With no such language there is nothing to judge: not applicable.
 */
import { expectStatus, notApplicable, provenBy, recordFinding, test } from '../fixtures.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { CANDIDATE_LANGUAGES, judgeTitles, type Titles, titledLeaves, translatesNames, valueTitles } from './support/languages.js';
import { NO_CATEGORY, type TargetCatalog } from '../shared/items/target-catalog.js';
import { endUnoffered, leavesOffering } from '../shared/items/catalog-survey.js';

/** At most this many leaves are read per language (and once in English). */
const TITLED_LEAVES = 3;

test.describe('languages', { tag: '@items' }, () => {
  let api: ItemsApi;
  let catalog: TargetCatalog;

  test.beforeEach(async ({ readItems, catalog: read }) => {
    api = readItems;
    catalog = read;
    test.skip(catalog.leaves.length === 0, NO_CATEGORY);
  });

  /** The leaf's value titles in one language, keyed `category/attribute/value` (200 judged as ITEM-ATTR-8: the header is optional). */
  const titlesIn = async (categoryId: number, language: string): Promise<Map<string, string>> => {
    const res = await api.attributes(categoryId, language);
    await expectStatus(res, 200, ['ITEM-ATTR-8']);
    const given = (res.json as { attributes?: unknown } | undefined)?.attributes;
    const titles = valueTitles(Array.isArray(given) ? (given as Record<string, unknown>[]) : []);
    return new Map([...titles].map(([key, title]) => [`${categoryId}/${key}`, title]));
  };

  test('[ITEM-ATTR-16] in every language whose category names the target translates, no discrete value title is left in English where the target translates it', { tag: '@should' }, async ({ survey }) => {
    const english = await api.categoryTree('en');
    const supported: string[] = [];
    for (const language of CANDIDATE_LANGUAGES) {
      if (translatesNames(english, await api.categoryTree(language))) supported.push(language);
    }
    test.skip(
      supported.length === 0,
      notApplicable('no_second_language', `the category names read the same as the English ones with Accept-Language ${CANDIDATE_LANGUAGES.join(', ')}`),
    );
    test.info().annotations.push({ type: 'observed', description: `category names translated into: ${supported.join(', ')}` });

    // The leaves whose discrete values carry titles (title is optional): only those can show a language.
    const offering = await leavesOffering(catalog, survey, (leaf) => valueTitles(leaf.raw ?? []).size > 0, 'a discrete value with a title');
    if (offering.skip !== undefined) return endUnoffered(offering.skip, ['ITEM-ATTR-16']);
    const titled = titledLeaves(offering.leaves, TITLED_LEAVES);

    const inEnglish = new Map<string, string>();
    const byLanguage = new Map<string, Titles>(supported.map((language) => [language, new Map<string, string>()]));
    for (const leaf of titled) {
      for (const [key, title] of await titlesIn(leaf.id, 'en')) inEnglish.set(key, title);
      for (const language of supported) {
        const titles = byLanguage.get(language) as Map<string, string>;
        for (const [key, title] of await titlesIn(leaf.id, language)) titles.set(key, title);
      }
    }

    for (const judgement of judgeTitles(inEnglish, byLanguage)) {
      const { language, compared, translated } = judgement;
      if (compared === 0) {
        // Titles are optional: a language whose answers carry none (the English ones do) omits them there, a partial
        // translation as much as English titles would be.
        recordFinding(test.info(), {
          requirement: 'ITEM-ATTR-16',
          message: `category names come in ${language}, but no discrete value of ${titled.length} categories carries a title in ${language} (the English answers do): titles omitted there`,
        });
        continue;
      }
      // A title equal to the English one proves nothing on its own: words read the same across languages (Manual,
      // Metal, Normal, Original in Spanish), and the suite knows no language: a sign, so a finding.
      if (judgement.leftEnglish.length > 0) {
        recordFinding(test.info(), {
          requirement: 'ITEM-ATTR-16',
          message: `with Accept-Language ${language} these value titles read as the English ones, though another value of their attribute is translated into ${language} and they are translated into another language (a title left in English, or a word the languages share): ${judgement.leftEnglish.slice(0, 5).join('; ')}`,
        });
      } else provenBy(`each of the ${compared} value titles in ${language} was set beside the English one and the other languages'`, ['ITEM-ATTR-16']);
      if (translated === 0) {
        recordFinding(test.info(), {
          requirement: 'ITEM-ATTR-16',
          message: `category names come in ${language}, but none of the ${compared} value titles does (e.g. ${judgement.same.slice(0, 3).join('; ')}): titles untranslated in ${language}, or titles that read the same in every language`,
        });
      } else if (judgement.untranslatedUnits.length > 0) {
        recordFinding(test.info(), {
          requirement: 'ITEM-ATTR-16',
          message: `with Accept-Language ${language} the value titles of ${judgement.untranslatedUnits.join(', ')} (category/attribute) read as the English ones, though another language translates them`,
        });
      }
    }
  });
});
