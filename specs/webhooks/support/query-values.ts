/**
 * Query parameters of a subscribed URL over what a URL can carry (issue 17.2;
 * spec: "A query parameter placed in the subscribed URL … is sent back on every
 * notification"). Names and values are any text; the receiver percent-encodes
 * them (RFC 3986, a space as %20, never `+`) and reads them back decoded, so a
 * value must come back equal, whatever the server did to the bytes on the way,
 * as long as it kept their meaning. Fixed examples: a space, `+`, `&` and `=`
 * (separators), `%` before hex digits (decoded twice by a careless server), `#`
 * and `?` (a fragment, a second query), `/`, text outside ASCII, an empty value,
 * and names that need encoding themselves.
 */
import fc from 'fast-check';

export type Query = Record<string, string>;

/** Characters a query value must percent-encode, or that read otherwise when left as they are. */
export const NEEDS_ENCODING = [' ', '+', '&', '=', '%', '#', '?', '/', ';', '"', 'é', '日', '🎉'] as const;

/** Printable ASCII and a few characters outside it: the alphabet of the drawn names and values. */
const UNIT = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'Ω', '日', '本', '🎉', '\u00a0') },
);

/** A value of 0 to 24 characters holding at least one that needs encoding. */
export function queryValues(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ unit: UNIT, maxLength: 23 }), fc.constantFrom(...NEEDS_ENCODING), fc.nat())
    .map(([rest, special, at]) => {
      // By code points: an emoji is never split into lone surrogates, which no URL can carry.
      const chars = [...rest];
      const i = at % (chars.length + 1);
      return [...chars.slice(0, i), special, ...chars.slice(i)].join('');
    });
}

/** One to three parameters with distinct names (lower-case letters, so a name is never mistaken for another). */
export function queries(): fc.Arbitrary<Query> {
  return fc
    .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), queryValues()), { minLength: 1, maxLength: 3, selector: ([name]) => name })
    .map((pairs) => Object.fromEntries(pairs));
}

export const QUERY_EXAMPLES: readonly Query[] = [
  { user: 'seller 1' },
  { user: 'a+b', ref: '1 + 1 = 2' },
  { user: 'x&forged=1' },
  { user: '100%25 sure%2B' },
  { user: 'frag#ment?q=/path' },
  { user: 'Zoë 日本 🎉' },
  { user: '' },
  { 'user id': 'a b', 'ref[]': '"quoted";' },
];
