/**
 * Properties of lib/signature.ts (WH-SIG-7), with fast-check:
 * - whatever body, timestamp and token are signed, the signature verifies, in hex and base64;
 * - any single-byte change of the body, the timestamp or the signature makes it fail;
 * - verifyingAlphabets names the alphabet a signature was written in, and both base64 ones only
 *   for a text that reads alike in each (WH-SIG-9's reading).
 * The expected signature is computed here with node:crypto, not with lib's `sign`,
 * so a bug shared by both sides of lib/signature.ts cannot hide.
 *
 * Replay a failure: FC_SEED=<seed> npx playwright test -c tests/playwright.config.ts tests/harness/signature.spec.ts
 * (the failure message prints the seed and the counterexample's path).
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { sign, verifyingAlphabets, verifySignature } from '../../lib/signature.js';

const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const params = { seed, numRuns: 300, interruptAfterTimeLimit: 20_000 } satisfies fc.Parameters<unknown>;

const hmac = (payload: Uint8Array, timestamp: string, key: string): Buffer =>
  createHmac('sha256', key).update(payload).update(`:${timestamp}`).digest();

/** Textual encodings a sender may use (the spec leaves the encoding open). */
const ENCODINGS = {
  hex: (d: Buffer) => d.toString('hex'),
  'hex-upper': (d: Buffer) => d.toString('hex').toUpperCase(),
  base64: (d: Buffer) => d.toString('base64'),
  base64url: (d: Buffer) => d.toString('base64url'),
} as const;
type EncodingName = keyof typeof ENCODINGS;

const payloadArb = fc.oneof(
  fc.uint8Array({ maxLength: 1024 }).map((b) => Buffer.from(b)),
  fc.json().map((t) => Buffer.from(t, 'utf8')),
);
// Epoch-ms timestamps as servers send them, and any other non-empty text (a verifier signs what it is given).
const timestampArb = fc.oneof(
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' }),
);
const keyArb = fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' });
const encodingArb = fc.constantFrom(...(Object.keys(ENCODINGS) as EncodingName[]));
/** What each one-change property draws first: a signed body, its timestamp, token and encoding, and where to change. */
const signedWithIndex = (payload = payloadArb) => [payload, timestampArb, keyArb, encodingArb, fc.nat()] as const;

/** One byte of `bytes` changed: XOR with a non-zero mask, at an index within the buffer. */
const flipOneByte = (bytes: Buffer, index: number, mask: number): Buffer => {
  const copy = Buffer.from(bytes);
  copy[index % copy.length] ^= mask;
  return copy;
};

/**
 * Characters that mean the same in a signature text: hex digits in either case;
 * base64's URL-safe letters. Replacing one by its twin is not a change of the signature.
 */
const canonical = (c: string): string => c.toLowerCase().replace('-', '+').replace('_', '/');

test('[WH-SIG-7] a signed notification verifies, whatever body, timestamp, token and encoding', () => {
  fc.assert(
    fc.property(payloadArb, timestampArb, keyArb, encodingArb, (payload, timestamp, key, encoding) => {
      const signature = ENCODINGS[encoding](hmac(payload, timestamp, key));
      const result = verifySignature(payload, timestamp, signature, key);
      expect(result.valid, result.reason).toBe(true);
      expect(result.encoding).toBe(encoding.startsWith('hex') ? 'hex' : 'base64');
      // lib's own sender agrees with node:crypto.
      expect(sign(payload, timestamp, key, 'hex')).toBe(ENCODINGS.hex(hmac(payload, timestamp, key)));
      expect(sign(payload, timestamp, key, 'base64')).toBe(ENCODINGS.base64(hmac(payload, timestamp, key)));
    }),
    params,
  );
});

test('[WH-SIG-7] one byte changed in the body fails', () => {
  fc.assert(
    fc.property(
      ...signedWithIndex(payloadArb.filter((p) => p.length > 0)),
      fc.integer({ min: 1, max: 255 }),
      (payload, timestamp, key, encoding, index, mask) => {
        const signature = ENCODINGS[encoding](hmac(payload, timestamp, key));
        expect(verifySignature(flipOneByte(payload, index, mask), timestamp, signature, key).valid).toBe(false);
      },
    ),
    params,
  );
});

test('[WH-SIG-7] one character changed in the timestamp fails', () => {
  fc.assert(
    fc.property(
      ...signedWithIndex(),
      fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' }),
      (payload, timestamp, key, encoding, index, replacement) => {
        const at = index % timestamp.length;
        fc.pre(timestamp[at] !== replacement);
        const altered = timestamp.slice(0, at) + replacement + timestamp.slice(at + 1);
        const signature = ENCODINGS[encoding](hmac(payload, timestamp, key));
        expect(verifySignature(payload, altered, signature, key).valid).toBe(false);
      },
    ),
    params,
  );
});

test('[WH-SIG-7] one byte changed in the signature fails, as text or as decoded digest', () => {
  fc.assert(
    fc.property(
      ...signedWithIndex(),
      fc.integer({ min: 1, max: 255 }),
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      (payload, timestamp, key, encoding, index, mask, replacement) => {
        const digest = hmac(payload, timestamp, key);
        // The digest's bytes: a change of any bit of any byte is caught.
        const flipped = ENCODINGS[encoding](flipOneByte(digest, index, mask));
        expect(verifySignature(payload, timestamp, flipped, key).valid).toBe(false);
        // The text: any character replaced by one that does not mean the same is caught
        // (including a base64 text made non-canonical, which decoding would silently truncate).
        const text = ENCODINGS[encoding](digest);
        const at = index % text.length;
        fc.pre(canonical(text[at]) !== canonical(replacement));
        // A padding '=' turned into a space means the same: the header's outer whitespace is trimmed, and padding is
        // optional (seed -627748493 found it: "…=" → "… " verifies, rightly).
        fc.pre(!(text[at] === '=' && replacement === ' '));
        const edited = text.slice(0, at) + replacement + text.slice(at + 1);
        expect(verifySignature(payload, timestamp, edited, key).valid).toBe(false);
      },
    ),
    params,
  );
});

test('[WH-SIG-7] another token never verifies, and malformed headers never throw', () => {
  fc.assert(
    fc.property(payloadArb, timestampArb, keyArb, keyArb, fc.option(fc.string({ maxLength: 100 })), (payload, timestamp, key, other, junk) => {
      fc.pre(key !== other);
      const signature = ENCODINGS.hex(hmac(payload, timestamp, key));
      expect(verifySignature(payload, timestamp, signature, other).valid).toBe(false);
      // Whatever arrives in the headers, the verifier answers; a junk value verifies only if it is the signature.
      const result = verifySignature(payload, junk ?? undefined, junk ?? undefined, key);
      expect(typeof result.valid).toBe('boolean');
    }),
    params,
  );
});

test('[WH-SIG-9] verifyingAlphabets names the alphabet the signature was written in, both base64 ones only when the text reads alike', () => {
  fc.assert(
    fc.property(payloadArb, timestampArb, keyArb, encodingArb, keyArb, (payload, timestamp, key, encoding, other) => {
      const text = ENCODINGS[encoding](hmac(payload, timestamp, key));
      const alphabets = verifyingAlphabets(payload, timestamp, text, key);
      if (encoding.startsWith('hex')) expect(alphabets).toEqual(['hex']);
      else if (/[+/\-_]/.test(text)) expect(alphabets).toEqual([encoding]);
      else expect(alphabets).toEqual(['base64', 'base64url']);
      // What verifySignature takes, some alphabet takes, and the other way round.
      expect(verifySignature(payload, timestamp, text, key).valid).toBe(alphabets.length > 0);
      fc.pre(key !== other);
      expect(verifyingAlphabets(payload, timestamp, text, other)).toEqual([]);
    }),
    params,
  );
  expect(verifyingAlphabets('{}', undefined, 'ab', 'k')).toEqual([]);
  expect(verifyingAlphabets('{}', '1', undefined, 'k')).toEqual([]);
});
