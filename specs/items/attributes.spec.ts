/**
 * Category attributes (spec "Category attribute"): each kind's fields on a
 * bounded sample of the tree's leaves, the attributes the spec names, and the
 * refusal of an unknown category.
 */
import { expectSchema, expectStatus, recordFinding, test, verify } from '../fixtures.js';
import type { CategoryAttribute } from '../../schemas/types.js';
import { discreteValues } from '../shared/items/attributes.js';
import { CONDITION_VALUES, ERROR_CODES, EXTERNAL_ID, EXTERNAL_ID_MAX } from '../shared/items/constants.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { NO_CATEGORY, type TargetCatalog } from '../shared/items/target-catalog.js';
import { endUnoffered, leavesOffering } from '../shared/items/catalog-survey.js';

type Raw = CategoryAttribute & Record<string, unknown>;

test.describe('category attributes', { tag: '@items' }, () => {
  let api: ItemsApi;
  let catalog: TargetCatalog;
  /** A leaf's attributes as the target answered them when the worker read its catalogue (one read for every check). */
  const cachedRaw = (categoryId: number): Raw[] => (catalog.leaves.find((l) => l.id === categoryId)?.raw ?? []) as Raw[];
  /** A fresh read, for the checks of the read itself. */
  const rawOf = async (categoryId: number, language?: string): Promise<Raw[]> => {
    const res = await api.attributes(categoryId, language);
    await expectStatus(res, 200, language === undefined ? ['ITEM-ATTR-1', 'ITEM-ATTR-8'] : ['ITEM-ATTR-8']);
    await expectSchema(res, 'attributes-response', ['ITEM-ATTR-1']);
    return (res.json as { attributes: Raw[] }).attributes;
  };

  test.beforeEach(async ({ readItems, catalog: read }) => {
    api = readItems;
    catalog = read;
    test.skip(catalog.leaves.length === 0, NO_CATEGORY);
  });

  test('[ITEM-ATTR-1][ITEM-ATTR-2][ITEM-ATTR-3] every attribute of the sampled leaves has id, type and is_mandatory, and its type is one of the three kinds', async () => {
    // One read of its own (status and schema); the other leaves as the worker's catalogue read them.
    await rawOf(catalog.leaves[0].id);
    for (const leaf of catalog.leaves) {
      for (const raw of cachedRaw(leaf.id)) {
        await expectSchema(raw, 'category-attribute', ['ITEM-ATTR-2'], `attribute ${raw.id} of category ${leaf.id} has the common fields of its kind`);
        await verify(['discrete_values', 'text', 'numeric'].includes(raw.type), {
          title: `attribute ${raw.id} of category ${leaf.id} is of a kind the spec names`,
          requirements: ['ITEM-ATTR-3'],
          expected: 'type discrete_values, text or numeric',
          actual: `type ${JSON.stringify(raw.type)}`,
        });
      }
    }
  });

  test('[ITEM-ATTR-4][ITEM-ATTR-5][ITEM-ATTR-6] each kind carries its own fields (discrete values inside or beside options)', async () => {
    for (const leaf of catalog.leaves) {
      for (const raw of cachedRaw(leaf.id)) {
        const where = `attribute ${raw.id} of category ${leaf.id}`;
        if (raw.type === 'discrete_values') {
          const values = discreteValues(raw);
          const ok = Number.isInteger((raw.options as { max_choices?: unknown })?.max_choices) && Array.isArray(values) && values.every((v) => typeof v?.id === 'string' && (v.title === undefined || typeof v.title === 'string'));
          await verify(ok, {
            title: `${where}: options.max_choices and values of {id, title?}`,
            requirements: ['ITEM-ATTR-4'],
            expected: 'an integer options.max_choices and a values array (inside options or beside it) of {id: string, title?: string}',
            actual: JSON.stringify({ options: raw.options, values: raw.values }).slice(0, 300),
          });
        } else if (raw.type === 'text') {
          await expectSchema(raw, 'category-attribute', ['ITEM-ATTR-5'], `${where}: an integer max_length and regex rules of type not_match or not_contain`);
        } else if (raw.type === 'numeric') {
          await expectSchema(raw, 'category-attribute', ['ITEM-ATTR-6'], `${where}: data_type integer or number, integer range bounds`);
        }
      }
    }
  });

  test('[ITEM-ATTR-8] the attributes answer 200 with and without Accept-Language', async () => {
    const leaf = catalog.leaves[0];
    for (const language of [undefined, 'en', 'es-ES', 'x-unsupported']) await rawOf(leaf.id, language);
  });

  test('[ITEM-ATTR-9][ITEM-ATTR-10] condition, brand, model and height_cm have the kinds and values the spec gives, where offered', async ({ survey }) => {
    const named = ['condition', 'brand', 'model', 'height_cm'];
    const offering = await leavesOffering(catalog, survey, (leaf) => (leaf.raw ?? []).some((a) => named.includes(a.id as string)), named.join(', '));
    if (offering.skip !== undefined) return endUnoffered(offering.skip, ['ITEM-ATTR-9', 'ITEM-ATTR-10']);
    for (const leaf of offering.leaves) {
      for (const raw of (leaf.raw ?? []) as Raw[]) {
        const where = `attribute ${raw.id} of category ${leaf.id}`;
        if (raw.id === 'condition') {
          const ids = (discreteValues(raw) ?? []).map((v) => v.id).sort();
          await verify(raw.type === 'discrete_values' && JSON.stringify(ids) === JSON.stringify([...CONDITION_VALUES].sort()), {
            title: `${where} is discrete with the spec's value ids`,
            requirements: ['ITEM-ATTR-9'],
            expected: `discrete_values with ${CONDITION_VALUES.join(', ')}`,
            actual: `${raw.type} with ${ids.join(', ')}`,
          });
        } else if (raw.id === 'brand' || raw.id === 'model') {
          await verify(raw.type === 'text' && raw.max_length === 75, {
            title: `${where} is text with max_length 75`,
            requirements: ['ITEM-ATTR-10'],
            expected: 'type text, max_length 75',
            actual: `type ${raw.type}, max_length ${JSON.stringify(raw.max_length)}`,
          });
        } else if (raw.id === 'height_cm') {
          await verify(raw.type === 'numeric', {
            title: `${where} is numeric`,
            requirements: ['ITEM-ATTR-10'],
            expected: 'type numeric',
            actual: `type ${raw.type}`,
          });
        }
      }
    }
  });

  test('[ITEM-ATTR-14] every sampled assignable category lists external_id as optional text of max_length 75', { tag: '@should' }, async () => {
    for (const leaf of catalog.leaves) {
      const raw = cachedRaw(leaf.id).find((a) => a.id === EXTERNAL_ID);
      await verify(raw?.type === 'text' && raw.is_mandatory === false && raw.max_length === EXTERNAL_ID_MAX, {
        title: `category ${leaf.id} lists external_id`,
        requirements: ['ITEM-ATTR-14'],
        expected: `{id: external_id, type: text, is_mandatory: false, max_length: ${EXTERNAL_ID_MAX}}`,
        actual: raw ? JSON.stringify(raw) : 'no external_id attribute',
      });
    }
  });

  test('[ITEM-ATTR-7] the attributes of a category that does not exist are refused with a 4xx and an error body', async () => {
    const res = await api.attributes(catalog.unknownId);
    await expectStatus(res, '4xx', ['ITEM-ATTR-7']);
    await expectSchema(res, 'error', ['ITEM-ATTR-7', 'GEN-ERR-1']);
    if (res.status !== 404) recordFinding(test.info(), { requirement: 'ITEM-ATTR-7', message: `an unknown category's attributes answered ${res.status}; the spec shows a 404 on this operation` });
    const code = (res.json as { code?: string }).code ?? '';
    if (!ERROR_CODES.includes(code)) recordFinding(test.info(), { requirement: 'GEN-ERR-2', message: `the 404 of the attributes operation carries code ${code}, not one of the codes the spec shows on it` });
  });
});
