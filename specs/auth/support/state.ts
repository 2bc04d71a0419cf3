/**
 * `state` values over the whole alphabet OAuth allows (RFC 6749 Appendix A.5:
 * state = 1*VSCHAR, VSCHAR = %x20-7E), with the values a query string must
 * percent-encode among the fixed examples: space, `+` (a space once decoded),
 * `&` and `=` (parameter separators), `%` followed by hex digits (decoded twice
 * by a careless server), `#` (a fragment), `?` and `/`. The suite's client
 * encodes the state as application/x-www-form-urlencoded (URLSearchParams) and
 * reads the callback the same way; a server that echoes it without encoding it,
 * or with encodeURI, gives back another value.
 */
import fc from 'fast-check';

/** Every printable ASCII character, space included (VSCHAR). */
export const VSCHAR: readonly string[] = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));

/** The characters a query value must percent-encode (or that decode to something else when left as they are). */
export const NEEDS_ENCODING = [' ', '+', '&', '=', '%', '#', '?', '/', '"', '<', '>', ';'] as const;

/** The edges, each a fixed example of every run. */
export const STATE_EXAMPLES: readonly string[] = [
  'sc state with spaces',
  'sc+plus+signs',
  'sc&code=forged&x=y',
  'sc%2B100%25',
  'sc#fragment?q=/path',
  ` ${VSCHAR.join('')} `,
];

/** A random state: 1 to 64 VSCHAR, at least one of them one that needs encoding. */
export function states(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ unit: fc.constantFrom(...VSCHAR), minLength: 0, maxLength: 63 }), fc.constantFrom(...NEEDS_ENCODING), fc.nat())
    .map(([rest, special, at]) => {
      const i = rest.length === 0 ? 0 : at % (rest.length + 1);
      return `${rest.slice(0, i)}${special}${rest.slice(i)}`;
    });
}
