import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature scheme of the spec (Events, Signature):
 *   1. build the string: the JSON payload, a colon, the timestamp;
 *   2. HMAC-SHA256 it with the webhook `token` as key;
 *   3. compare with `X-Service-Signature`.
 * The spec does not fix the text encoding of the signature, so a verifier
 * accepts lowercase or uppercase hex and base64 (standard or URL-safe, padded or not).
 *
 * This module is a product: receivers may import it as it is.
 */

export type SignatureEncoding = 'hex' | 'base64';

/** The raw 32-byte HMAC of `payload:timestamp`. `payload` is the body exactly as sent (raw bytes or text). */
export function signatureDigest(payload: string | Buffer, timestamp: string, key: string): Buffer {
  return createHmac('sha256', key)
    .update(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload)
    .update(':')
    .update(timestamp)
    .digest();
}

/** Signs a notification body as a sender does. */
export function sign(payload: string | Buffer, timestamp: string, key: string, encoding: SignatureEncoding = 'hex'): string {
  return signatureDigest(payload, timestamp, key).toString(encoding);
}

export interface VerifyResult {
  valid: boolean;
  /** The encoding the signature was recognised in, when valid. */
  encoding?: SignatureEncoding;
  reason?: string;
}

/**
 * Verifies `X-Service-Signature` against the raw body and `X-Service-Timestamp`.
 * Constant-time comparison of the decoded bytes; never throws on malformed input.
 */
export function verifySignature(
  payload: string | Buffer,
  timestamp: string | undefined,
  signature: string | undefined,
  key: string,
): VerifyResult {
  if (!signature) return { valid: false, reason: 'no X-Service-Signature header' };
  if (!timestamp) return { valid: false, reason: 'no X-Service-Timestamp header' };
  const expected = signatureDigest(payload, timestamp, key);
  const candidates: [SignatureEncoding, Buffer | undefined][] = [
    ['hex', decodeHex(signature.trim())],
    ['base64', decodeBase64(signature.trim())],
  ];
  for (const [encoding, bytes] of candidates) {
    if (bytes && bytes.length === expected.length && timingSafeEqual(bytes, expected)) {
      return { valid: true, encoding };
    }
  }
  return { valid: false, reason: 'signature does not match HMAC-SHA256(payload + ":" + timestamp) under the webhook token' };
}

/**
 * The alphabets a receiver's decoder is written for: hex (either letter case), base64 with `+` and `/`
 * (RFC 4648 §4), base64url with `-` and `_` (§5); padding is not told apart.
 */
export type SignatureAlphabet = 'hex' | 'base64' | 'base64url';

/**
 * Every alphabet under which `signature` decodes to the HMAC of `payload:timestamp` under `key`;
 * [] when it verifies under none (or a header is missing; a text mixing both base64 alphabets,
 * which verifySignature still takes, is written in no single one). More than one means the text is
 * ambiguous: a base64 text with none of `+ / - _` decodes alike in both base64 alphabets. (A 32-byte
 * HMAC is 64 hex digits but 43 or 44 base64 characters, so hex and base64 never both verify.)
 * A receiver that decodes with one alphabet verifies the notification only if it is in this list.
 */
export function verifyingAlphabets(
  payload: string | Buffer,
  timestamp: string | undefined,
  signature: string | undefined,
  key: string,
): SignatureAlphabet[] {
  if (!signature || !timestamp) return [];
  const text = signature.trim();
  const expected = signatureDigest(payload, timestamp, key);
  const candidates: [SignatureAlphabet, Buffer | undefined][] = [
    ['hex', decodeHex(text)],
    ['base64', /[-_]/.test(text) ? undefined : decodeBase64(text)],
    ['base64url', /[+/]/.test(text) ? undefined : decodeBase64(text)],
  ];
  return candidates
    .filter(([, bytes]) => bytes !== undefined && bytes.length === expected.length && timingSafeEqual(bytes, expected))
    .map(([alphabet]) => alphabet);
}

function decodeHex(text: string): Buffer | undefined {
  return /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, 'hex') : undefined;
}

function decodeBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/\-_]+={0,2}$/.test(text)) return undefined;
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(normal, 'base64');
  // Reject text that base64 decoding silently truncated: re-encoding must give it back.
  const back = bytes.toString('base64').replace(/=+$/, '');
  return back === normal.replace(/=+$/, '') ? bytes : undefined;
}
