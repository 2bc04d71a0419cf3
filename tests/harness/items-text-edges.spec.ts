/**
 * specs/items/support/text-edges.ts: every edge text is exactly at the limit
 * (and one over) in code points, whatever its alphabet; the fixed examples
 * cover every alphabet, and for the non-ASCII ones a byte count (and for emoji
 * a UTF-16 count) exceeds the limit while the code points keep it.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { ALPHABET_NAMES, codePoints, edgeExamples, edgeTexts } from '../../specs/items/support/text-edges.js';

test('drawn edge texts are exactly at the limit and one over, in code points, with the prefix kept', () => {
  fc.assert(
    fc.property(edgeTexts(75), fc.string({ maxLength: 40 }), (edge, prefix) => {
      expect(codePoints(edge.at(prefix))).toBe(75);
      expect(codePoints(edge.over(prefix))).toBe(76);
      expect(edge.over(prefix).startsWith(edge.at(prefix))).toBe(true);
      expect(edge.at(prefix).startsWith([...prefix].slice(0, 75).join(''))).toBe(true);
    }),
  );
});

test('the fixed examples cover every alphabet; outside ASCII a byte count breaks the limit, for emoji a UTF-16 count too', () => {
  const examples = edgeExamples(10).map(([e]) => e);
  expect(examples.map((e) => e.alphabet)).toEqual([...ALPHABET_NAMES]);
  for (const e of examples) {
    const at = e.at();
    expect(codePoints(at)).toBe(10);
    if (e.alphabet === 'ascii') expect(Buffer.byteLength(at)).toBe(10);
    else expect(Buffer.byteLength(at)).toBeGreaterThan(10);
    if (e.alphabet === 'emoji' || e.alphabet === 'mixed') expect(at.length).toBeGreaterThan(10);
  }
});

test('a filter on the rules keeps only texts whose both edges pass it', () => {
  const noA = (t: string) => !t.includes('a');
  for (const e of fc.sample(edgeTexts(20, noA), 50)) {
    expect(noA(e.at()) && noA(e.over())).toBe(true);
  }
});
