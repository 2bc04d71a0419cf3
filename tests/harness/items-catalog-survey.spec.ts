/**
 * specs/shared/items/catalog-survey.ts: a need no sampled category meets is
 * looked for in every assignable category (and used where found: hiding it from
 * the sample hides nothing); none anywhere is not applicable [not_offered]; a
 * survey that could not read everything stays not exercised [target_state].
 * And specs/items/support/languages.ts `judgeTitles`: which titles that read as
 * the English ones are signs of a title left in English (ITEM-ATTR-16, SHOULD).
 */
import { expect, test } from '@playwright/test';
import { parseOutcome } from '../../results/outcomes.js';
import type { Category } from '../../schemas/types.js';
import { leavesOffering, surveyCatalog } from '../../specs/shared/items/catalog-survey.js';
import type { CategoryFacts } from '../../specs/shared/items/generators.js';
import type { ItemsApi } from '../../specs/shared/items/items-api.js';
import type { TargetCatalog } from '../../specs/shared/items/target-catalog.js';
import { judgeTitles, titledLeaves } from '../../specs/items/support/languages.js';

type Raw = Record<string, unknown>;

const optional = (id: string): Raw => ({ id, type: 'text', is_mandatory: false, max_length: 75 });
const mandatory = (id: string): Raw => ({ id, type: 'text', is_mandatory: true, max_length: 75 });
const node = (id: number): Category => ({ id, parent_id: null, name: `leaf ${id}`, assignable_to_item: true, subcategories: [] }) as Category;

/** A target of `count` leaves, each answering `attributesOf(id)`; the sample holds the first `sampled`. */
function target(count: number, sampled: number, attributesOf: (id: number) => Raw[] | undefined) {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const reads: number[] = [];
  const api = {
    attributes: async (id: number | string) => {
      reads.push(Number(id));
      const given = attributesOf(Number(id));
      return given ? { status: 200, json: { attributes: given } } : { status: 503, json: undefined };
    },
  } as unknown as ItemsApi;
  const leaves: CategoryFacts[] = ids.slice(0, sampled).map((id) => ({ id, name: `leaf ${id}`, defs: [], isCars: false, raw: attributesOf(id) }));
  const catalog: TargetCatalog = { roots: ids.map(node), leaves, unknownId: 999 };
  return { api, catalog, reads };
}

const mandatoryOffered = (leaf: CategoryFacts) => leaf.defs.some((d) => d.isMandatory) || (leaf.raw ?? []).some((a) => a.is_mandatory === true);

test('a need the sample meets is served by the sample: nothing more is read', async () => {
  const { api, catalog, reads } = target(12, 10, (id) => (id === 2 ? [mandatory('brand')] : [optional('brand')]));
  const offering = await leavesOffering(catalog, () => surveyCatalog(api, catalog), mandatoryOffered, 'a mandatory attribute');
  expect(offering.leaves.map((l) => l.id)).toEqual([2]);
  expect(reads).toEqual([]);
});

test('a mandatory attribute kept out of the sample is found by the survey and used: hiding it from the sample hides nothing', async () => {
  const { api, catalog, reads } = target(12, 10, (id) => (id === 12 ? [mandatory('brand')] : [optional('brand')]));
  const offering = await leavesOffering(catalog, () => surveyCatalog(api, catalog), mandatoryOffered, 'a mandatory attribute');
  expect(offering.skip).toBeUndefined();
  expect(offering.leaves.map((l) => l.id)).toEqual([12]);
  expect(offering.leaves[0].defs[0]).toMatchObject({ id: 'brand', isMandatory: true });
  expect(reads).toEqual([11, 12]);
});

test('no category anywhere offers it, every one read: not applicable [not_offered]', async () => {
  const { api, catalog } = target(12, 10, () => [optional('brand')]);
  const offering = await leavesOffering(catalog, () => surveyCatalog(api, catalog), mandatoryOffered, 'a mandatory attribute');
  expect(offering.leaves).toEqual([]);
  expect(parseOutcome(offering.skip)).toMatchObject({ state: 'not-applicable', code: 'not_offered' });
  expect(offering.skip).toContain("none of the target's 12 assignable categories (every one read)");
});

test('a survey that stops at its bound, or a category whose attributes cannot be read, stays not exercised [target_state]', async () => {
  const bounded = target(12, 10, () => [optional('brand')]);
  const survey = () => surveyCatalog(bounded.api, bounded.catalog, { reads: 1, ms: 30_000 });
  const stopped = await leavesOffering(bounded.catalog, survey, mandatoryOffered, 'a mandatory attribute');
  expect(parseOutcome(stopped.skip)).toMatchObject({ state: 'not-exercised', code: 'target_state' });
  expect(stopped.skip).toContain('stopped at its bound');
  expect(bounded.reads).toEqual([11]);

  const failing = target(12, 10, (id) => (id === 11 ? undefined : [optional('brand')]));
  const unread = await leavesOffering(failing.catalog, () => surveyCatalog(failing.api, failing.catalog), mandatoryOffered, 'a mandatory attribute');
  expect(parseOutcome(unread.skip)).toMatchObject({ state: 'not-exercised', code: 'target_state' });
  expect(unread.skip).toContain('answered 503');
});

test('a hint (a license_plate outside a category named Cars) keeps a need nowhere offered not exercised', async () => {
  const { api, catalog } = target(3, 3, (id) => (id === 3 ? [optional('license_plate')] : [optional('brand')]));
  const facts = catalog.leaves.map((l) => ({ ...l, defs: [{ id: (l.raw?.[0]?.id as string) ?? '', kind: 'text' as const, isMandatory: false, maxLength: 75, rules: [] }] }));
  const offering = await leavesOffering({ ...catalog, leaves: facts }, () => surveyCatalog(api, { ...catalog, leaves: facts }), (l) => l.isCars, 'Cars', {
    hints: (l) => l.defs.some((d) => d.id === 'license_plate'),
  });
  expect(parseOutcome(offering.skip)).toMatchObject({ state: 'not-exercised', code: 'target_state' });
  expect(offering.skip).toContain('category 3 may');
});

/** `category/attribute/value` → title. */
const titles = (entries: Record<string, string>) => new Map(Object.entries(entries));
const english = titles({ '1/condition/new': 'New', '1/condition/fair': 'Fair', '1/size/s': 'S', '1/size/one': 'One size', '1/colour/black': 'Black' });

test('ITEM-ATTR-16: a title reads as left in English only where its attribute is translated there and the value elsewhere', () => {
  const [it] = judgeTitles(
    english,
    new Map([
      ['it', titles({ '1/condition/new': 'Nuovo', '1/condition/fair': 'Fair', '1/size/s': 'S', '1/size/one': 'Taglia unica', '1/colour/black': 'Nero' })],
      ['es', titles({ '1/condition/new': 'Nuevo', '1/condition/fair': 'Aceptable', '1/size/s': 'S', '1/size/one': 'Talla única', '1/colour/black': 'Negro' })],
    ]),
  );
  // 'fair' is missing in Italian (translated in Spanish); 'S' reads the same everywhere: no sign of a missing title.
  expect(it.leftEnglish).toEqual(["1/condition/fair 'Fair'"]);
  expect(it).toMatchObject({ compared: 5, translated: 3, untranslatedUnits: [] });
});

test('ITEM-ATTR-16: partial translations and titles that read the same everywhere are findings of their own, never a title left in English', () => {
  const judged = judgeTitles(
    english,
    new Map([
      // Italian leaves colour in English while Spanish translates it: the unit is a finding.
      ['it', titles({ '1/condition/new': 'Nuovo', '1/condition/fair': 'Discreto', '1/size/s': 'S', '1/size/one': 'Taglia unica', '1/colour/black': 'Black' })],
      ['es', titles({ '1/condition/new': 'Nuevo', '1/condition/fair': 'Aceptable', '1/size/s': 'S', '1/size/one': 'Talla única', '1/colour/black': 'Negro' })],
      // French translates no title at all: the language is a finding (translated 0).
      ['fr', titles({ '1/condition/new': 'New', '1/condition/fair': 'Fair', '1/size/s': 'S', '1/size/one': 'One size', '1/colour/black': 'Black' })],
    ]),
  );
  const by = new Map(judged.map((j) => [j.language, j]));
  expect(by.get('it')).toMatchObject({ leftEnglish: [], untranslatedUnits: ['1/colour'] });
  expect(by.get('fr')).toMatchObject({ leftEnglish: [], translated: 0, compared: 5 });
  expect(by.get('es')).toMatchObject({ leftEnglish: [], untranslatedUnits: [] });
});

test('ITEM-ATTR-16: the titled leaves read are the fewest that show every titled attribute first', () => {
  const discrete = (id: string): Raw => ({ id, type: 'discrete_values', is_mandatory: false, options: { max_choices: 1, values: [{ id: 'a', title: 'A' }] } });
  const leaves = [
    { id: 1, raw: [discrete('condition')] },
    { id: 2, raw: [optional('brand')] },
    { id: 3, raw: [discrete('condition'), discrete('colour')] },
    { id: 4, raw: [discrete('condition')] },
  ];
  expect(titledLeaves(leaves, 3).map((l) => l.id)).toEqual([3, 1, 4]);
  expect(titledLeaves(leaves, 1).map((l) => l.id)).toEqual([3]);
});
