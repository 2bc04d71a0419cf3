/**
 * Texts at a length limit, drawn from characters a server can miscount. The
 * catalog decides (ITEM-VALID-10, ITEM-VALID-15) that a limit of N
 * "characters" counts Unicode code points, as JSON Schema's maxLength does: a
 * server counting UTF-8 bytes or UTF-16 code units refuses a text that keeps
 * the limit. Each alphabet stresses one way of counting:
 *
 *   ascii     1 byte, 1 UTF-16 unit per character (the control: every count agrees)
 *   accented  precomposed Latin letters (NFC): 2 bytes, 1 unit
 *   cjk       CJK ideographs: 3 bytes, 1 unit
 *   emoji     single-code-point emoji outside the BMP: 4 bytes, 2 units (surrogate pairs)
 *   mixed     any of them, interleaved
 *
 * No combining marks or ZWJ sequences: there user-perceived characters and
 * code points differ, and the spec gives no ground to judge either reading.
 * Every run checks both edges, the text at exactly the limit and one character
 * over it; the fixed examples are one text of each alphabet, so every edge is
 * exercised on every run.
 */
import fc from 'fast-check';

export const ALPHABETS = {
  ascii: ['a', 'b', 'c', 'x', 'y', 'z', '0', '7', '-'],
  accented: ['é', 'ü', 'ñ', 'å', 'ç', 'ø', 'Ž', 'ő'],
  cjk: ['漢', '字', '日', '本', '語', '中', '文', '車'],
  emoji: ['😀', '🚗', '🎸', '🌍', '📦', '🦊'],
} as const;

export type Alphabet = keyof typeof ALPHABETS | 'mixed';
export const ALPHABET_NAMES: readonly Alphabet[] = ['ascii', 'accented', 'cjk', 'emoji', 'mixed'];

const charsOf = (alphabet: Alphabet): readonly string[] => (alphabet === 'mixed' ? Object.values(ALPHABETS).flat() : ALPHABETS[alphabet]);

/** Code points: the unit the catalog decides a limit counts. */
export const codePoints = (text: string): number => [...text].length;

/** How each way of counting measures a text, for failure messages. */
export function measures(text: string): string {
  return `${codePoints(text)} code points, ${text.length} UTF-16 units, ${Buffer.byteLength(text, 'utf8')} UTF-8 bytes`;
}

/**
 * A text of `limit + 1` code points drawn from one alphabet: `at()` is its
 * first `limit` (exactly at the limit), `over()` the whole (one over). A
 * prefix (the run tag an external_id starts with) replaces the first code
 * points, so the lengths stay exact.
 */
export class EdgeText {
  constructor(
    readonly alphabet: Alphabet,
    readonly limit: number,
    private readonly chars: readonly string[],
  ) {}

  private build(n: number, prefix: string): string {
    const head = [...prefix].slice(0, n);
    return [...head, ...this.chars.slice(head.length, n)].join('');
  }

  /** Exactly `limit` code points. */
  at(prefix = ''): string {
    return this.build(this.limit, prefix);
  }

  /** `limit + 1` code points: the text at the limit and one more character of the alphabet. */
  over(prefix = ''): string {
    return this.build(this.limit + 1, prefix);
  }

  [fc.toStringMethod](): string {
    const text = this.over();
    return `${this.alphabet} text, limit ${this.limit}: at the limit ${JSON.stringify(this.at())} (${measures(this.at())}); one over adds ${JSON.stringify([...text].at(-1))}`;
  }

  toString(): string {
    return this[fc.toStringMethod]();
  }
}

/** Random edge texts over every alphabet, for a limit of `limit` code points. */
export function edgeTexts(limit: number, keeps: (text: string) => boolean = () => true): fc.Arbitrary<EdgeText> {
  return fc
    .constantFrom(...ALPHABET_NAMES)
    .chain((alphabet) =>
      fc
        .array(fc.constantFrom(...charsOf(alphabet)), { minLength: limit + 1, maxLength: limit + 1 })
        .map((chars) => new EdgeText(alphabet, limit, chars)),
    )
    .filter((e) => keeps(e.at()) && keeps(e.over()));
}

/** The mixed alphabet interleaved (ascii, accented, CJK, emoji, then again), so a short text has each kind. */
const INTERLEAVED: readonly string[] = Array.from({ length: Math.max(...Object.values(ALPHABETS).map((c) => c.length)) }, (_, i) =>
  Object.values(ALPHABETS).map((chars) => chars[i % chars.length]),
).flat();

/** The fixed examples: each alphabet's characters in turn, one text per alphabet (emoji and CJK at exactly the limit always among them). */
export function edgeExamples(limit: number): [EdgeText][] {
  return ALPHABET_NAMES.map((alphabet) => {
    const chars = alphabet === 'mixed' ? INTERLEAVED : charsOf(alphabet);
    return [new EdgeText(alphabet, limit, Array.from({ length: limit + 1 }, (_, i) => chars[i % chars.length]))];
  });
}
