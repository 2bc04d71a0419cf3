import { expect, test } from '@playwright/test';
import { REQUIREMENTS } from '../../catalog/index.js';
import { AUTH_DEFECTS } from '../../reference/defects/auth.js';
import { GENERAL_DEFECTS } from '../../reference/defects/general.js';
import { DEFECTS } from '../../reference/defects/index.js';
import { ITEMS_DEFECTS } from '../../reference/defects/items.js';
import { TRANSACTIONS_DEFECTS } from '../../reference/defects/transactions.js';
import { WEBHOOKS_DEFECTS } from '../../reference/defects/webhooks.js';
import { Seam } from '../../reference/seam.js';
import { VARIANTS } from '../../reference/variants.js';
import { type ProblemKind, type RegistryInput, readReferenceSources, registryProblems } from '../../teeth/registry.js';

/**
 * The defect and variant registries are what the kill matrix proves the suite
 * against: each declaration must be able to mean something before it is run.
 */

/** The minimum number of defects the groups together must declare (the project's goal). */
const MIN_DEFECTS = 45;

const input: RegistryInput = {
  groups: {
    general: GENERAL_DEFECTS,
    auth: AUTH_DEFECTS,
    items: ITEMS_DEFECTS,
    webhooks: WEBHOOKS_DEFECTS,
    transactions: TRANSACTIONS_DEFECTS,
  },
  variants: VARIANTS,
  catalog: REQUIREMENTS,
  sources: readReferenceSources(),
};
const problems = (...kinds: ProblemKind[]) =>
  registryProblems(input)
    .filter((p) => kinds.includes(p.kind))
    .map((p) => p.message);

test('defect and variant names are kebab-case, and each has a description', () => {
  expect(problems('name', 'description')).toEqual([]);
});

test('every defect breaks at least one catalog ID, each a testable rule of the server', () => {
  expect(problems('no-breaks', 'unknown-id', 'untestable-id', 'client-side-id')).toEqual([]);
});

test('every defect is declared once, in the file of its group, and watches for a spill only rules it keeps', () => {
  expect(problems('group', 'duplicate', 'also-runs')).toEqual([]);
  // The merged registry holds every group's declarations: nothing was lost in the spread.
  const declared = Object.values(input.groups).reduce((n, g) => n + Object.keys(g).length, 0);
  expect(Object.keys(DEFECTS)).toHaveLength(declared);
});

test('every defect and variant is read somewhere in the reference', () => {
  expect(problems('unread')).toEqual([]);
});

test('a misspelt defect or variant name does not compile (the names are the declarations\' keys)', () => {
  const seam = new Seam('quota-ignored', ['page-size-1']);
  expect([seam.defect('quota-ignored'), seam.variant('page-size-1'), seam.variant('item-ops-204')]).toEqual([true, true, false]);
  // tsc fails here the day these names are accepted: a typo would then fail only on the path that reads it, at run time.
  // @ts-expect-error: not a declared defect
  expect(seam.defect('quota-ignord')).toBe(false);
  // @ts-expect-error: not a declared variant
  expect(seam.variant('page-size-one')).toBe(false);
  expect(() => new Seam('quota-ignord', [])).toThrow(/unknown defect 'quota-ignord'/);
  expect(() => new Seam(undefined, ['page-size-one'])).toThrow(/unknown variant 'page-size-one'/);
});

test(`the groups declare at least ${MIN_DEFECTS} defects in total`, () => {
  const byGroup = Object.entries(input.groups).map(([g, d]) => `${g} ${Object.keys(d).length}`);
  expect(Object.keys(DEFECTS).length, `defects by group: ${byGroup.join(', ')}`).toBeGreaterThanOrEqual(MIN_DEFECTS);
});

test('the registry checks find each kind of mistake in a synthetic registry', () => {
  const catalog = [
    { id: 'ITEM-QUOTA-1' },
    { id: 'ITEM-CAT-9', testable: false },
    { id: 'AUTH-PKCE-1', needs: ['client-side'] },
  ];
  const info = (breaks: string[], group: 'items' | 'auth' = 'items') => ({ description: 'd', breaks, group });
  const found = registryProblems({
    groups: {
      items: {
        'quota-ignored': info(['ITEM-QUOTA-1']),
        Bad_Name: info(['ITEM-QUOTA-1']),
        'no-description': { ...info(['ITEM-QUOTA-1']), description: ' ' },
        'breaks-nothing': info([]),
        'breaks-unknown': info(['ITEM-NOPE-1']),
        'breaks-untestable': info(['ITEM-CAT-9']),
        'breaks-client': info(['AUTH-PKCE-1']),
        'wrong-group': info(['ITEM-QUOTA-1'], 'auth'),
        twice: info(['ITEM-QUOTA-1']),
        'never-read': info(['ITEM-QUOTA-1']),
        'watches-own': { ...info(['ITEM-QUOTA-1']), alsoRuns: ['ITEM-QUOTA-1'] },
        'watches-unknown': { ...info(['ITEM-QUOTA-1']), alsoRuns: ['ITEM-NOPE-2'] },
      },
      auth: { twice: info(['ITEM-QUOTA-1'], 'auth') },
    },
    variants: { 'page-size-1': { description: '' }, 'unused-variant': { description: 'x' } },
    catalog,
    sources: [
      {
        file: 'items/routes.ts',
        text: [
          'quota-ignored',
          'Bad_Name',
          'no-description',
          'breaks-nothing',
          'breaks-unknown',
          'breaks-untestable',
          'breaks-client',
          'wrong-group',
          'twice',
          'page-size-1',
          'watches-own',
          'watches-unknown',
        ]
          .map((n) => `seam.defect('${n}');`)
          .join('\n'),
      },
    ],
  });
  const kindsOf = (needle: string) => found.filter((p) => p.message.includes(`'${needle}'`)).map((p) => p.kind);
  expect(kindsOf('quota-ignored')).toEqual([]);
  expect(kindsOf('Bad_Name')).toEqual(['name']);
  expect(kindsOf('no-description')).toEqual(['description']);
  expect(kindsOf('breaks-nothing')).toEqual(['no-breaks']);
  expect(kindsOf('breaks-unknown')).toEqual(['unknown-id']);
  expect(kindsOf('breaks-untestable')).toEqual(['untestable-id']);
  expect(kindsOf('breaks-client')).toEqual(['client-side-id']);
  expect(kindsOf('wrong-group')).toEqual(['group']);
  expect(kindsOf('twice')).toEqual(['duplicate']);
  expect(kindsOf('never-read')).toEqual(['unread']);
  expect(kindsOf('watches-own')).toEqual(['also-runs']);
  expect(kindsOf('watches-unknown')).toEqual(['unknown-id']);
  expect(kindsOf('page-size-1')).toEqual(['description']);
  expect(kindsOf('unused-variant')).toEqual(['unread']);
});
