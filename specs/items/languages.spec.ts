/**
 * The requested language beyond the English fallback: the spec gives category
 * names and discrete value titles in the requested language but lists no
 * language. The check finds the languages the target shows it supports (its
 * category names differ from the English ones) and requires the value titles to
 * come in each of them too. With no such language there is nothing to judge.
 */
import { expectStatus, notApplicable, notExercised, recordNotExercised, test, verify } from '../fixtures.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { addComparison, CANDIDATE_LANGUAGES, compareTitles, translatesNames, type TitleComparison, valueTitles } from './support/languages.js';
import { NO_CATEGORY, type TargetCatalog } from '../shared/items/target-catalog.js';

/** At most this many leaves are read per language (two reads each: English and the language). */
const TITLED_LEAVES = 3;

test.describe('languages', { tag: '@items' }, () => {
  let api: ItemsApi;
  let catalog: TargetCatalog;

  test.beforeEach(async ({ readItems, catalog: read }) => {
    api = readItems;
    catalog = read;
    test.skip(catalog.leaves.length === 0, NO_CATEGORY);
  });

  /** The leaf's attributes in one language (200 judged as ITEM-ATTR-8: the header is optional, any value answered). */
  const attributesIn = async (categoryId: number, language: string): Promise<Record<string, unknown>[]> => {
    const res = await api.attributes(categoryId, language);
    await expectStatus(res, 200, ['ITEM-ATTR-8']);
    const given = (res.json as { attributes?: unknown } | undefined)?.attributes;
    return Array.isArray(given) ? (given as Record<string, unknown>[]) : [];
  };

  test('[ITEM-ATTR-15] in every language whose category names the target translates, the discrete value titles come in that language too', async () => {
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
    const titled = catalog.leaves.filter((leaf) => valueTitles(leaf.raw as Record<string, unknown>[]).size > 0).slice(0, TITLED_LEAVES);
    test.skip(titled.length === 0, notExercised('target_state', `none of the ${catalog.leaves.length} sampled categories has a discrete value with a title`));

    for (const language of supported) {
      let total: TitleComparison = { compared: 0, translated: 0, same: [] };
      for (const leaf of titled) {
        const inEnglish = valueTitles(await attributesIn(leaf.id, 'en'));
        const inLanguage = valueTitles(await attributesIn(leaf.id, language));
        total = addComparison(total, compareTitles(inEnglish, inLanguage));
      }
      if (total.compared === 0) {
        // Titles are optional: a language whose answers carry none leaves the rule unproven there (never a pass).
        recordNotExercised(
          ['ITEM-ATTR-15'],
          notExercised('target_state', `with Accept-Language ${language} no discrete value of ${titled.length} categories carries a title to set beside the English one`),
        );
        continue;
      }
      // A title may read the same in two languages ("Motor"), so one translated title is enough; none at all is English.
      await verify(total.translated > 0, {
        title: `Accept-Language: ${language} (category names translated) answers value titles in ${language}`,
        requirements: ['ITEM-ATTR-15'],
        expected: `at least one of the ${total.compared} value titles differs from the target's own English title`,
        actual: `all ${total.compared} are the English ones, e.g. ${total.same.join('; ')}`,
      });
    }
  });
});
