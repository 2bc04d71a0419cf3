/**
 * client_id values that are not the application's (AUTH-CLIENT-2): as fixed
 * examples, the edges a careless comparison lets through (the id with one
 * character more, one less, its last one changed: a prefix test either way, a
 * test of the length or of all but the last character), and ids drawn over the
 * unreserved characters (RFC 6749 Appendix A.1 allows any VSCHAR in a client_id;
 * these survive any decoding unchanged, so no server reads one as another).
 * Never the application's id under another letter case, nor one that is empty:
 * RFC 6749 does not say whether a client_id is compared case-sensitively, and
 * no client_id at all is another refusal (client authentication missing).
 */
import fc from 'fast-check';
import { VERIFIER_ALPHABET } from '../../../lib/pkce.js';

const differs = (id: string) => (other: string) => other !== '' && other.toLowerCase() !== id.toLowerCase();

/** The edges: one character more, one less, the last one changed. */
export function otherClientIdExamples(id: string): string[] {
  const last = id.slice(-1);
  return [`${id}x`, id.slice(0, -1), `${id.slice(0, -1)}${last === '0' ? '1' : '0'}`].filter(differs(id));
}

/** A drawn client_id: 1 to 64 unreserved characters, never the application's. */
export function otherClientIds(id: string): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...VERIFIER_ALPHABET), minLength: 1, maxLength: 64 }).filter(differs(id));
}
