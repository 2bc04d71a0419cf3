/**
 * The titles the suite sends fit TITLE_BUDGET (specs/shared/items/generators.ts): the spec shows no length limit of
 * title or description (freedom title-length-limits), and a server capping titles at 40 code points, the low end of
 * what marketplaces choose, must accept every create the suite means to be accepted.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { type CategoryFacts, draftFor, TITLE_BUDGET, titleOf, toPayload } from '../../specs/shared/items/generators.js';

const books: CategoryFacts = { id: 400, name: 'Books', defs: [], isCars: false };
const codePoints = (text: string) => [...text].length;

test('every drawn draft, with or without a marker before it, is sent with a title of at most 40 code points', () => {
  expect(TITLE_BUDGET).toBe(40);
  fc.assert(
    fc.property(draftFor(books, { pro: true }), fc.option(fc.stringMatching(/^scr-[0-9a-f]{8}$/), { nil: undefined }), (draft, prefix) => {
      const { item } = toPayload(draft, { imageUrl: 'http://127.0.0.1:9/a.jpg', externalId: 'x'.repeat(75), titlePrefix: prefix }) as { item: { title: string; description: string } };
      expect(codePoints(item.title)).toBeLessThanOrEqual(TITLE_BUDGET);
      if (prefix) expect(item.title.startsWith(`${prefix} `)).toBe(true);
      else expect(item.title).toBe(draft.title);
      expect(codePoints(item.description)).toBeLessThanOrEqual(1000);
    }),
    { numRuns: 300 },
  );
});

test('a prefix cuts the draft title to the room left, in code points; a prefix that leaves no room is refused', () => {
  expect(titleOf({ title: 'abcdefgh '.repeat(5).trim() }, 'scr-0123abcd')).toBe('scr-0123abcd abcdefgh abcdefgh abcdefgh');
  expect(codePoints(titleOf({ title: '😀'.repeat(50) }, 'p'))).toBe(TITLE_BUDGET);
  expect(() => titleOf({ title: 'a' }, 'x'.repeat(TITLE_BUDGET))).toThrow(/no room/);
});
