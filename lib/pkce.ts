import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636 section 4.1: the unreserved alphabet of a code_verifier. */
export const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** True when the verifier keeps the spec's rule (URL-safe, at least 43 characters; RFC 7636 caps it at 128). */
export function isValidVerifier(verifier: string): boolean {
  return VERIFIER_PATTERN.test(verifier);
}

/**
 * A fresh random verifier: 48 random bytes in base64url give 64 characters, well
 * inside 43..128. The suite's logins are plumbing, not the rule under test: the
 * edges (43 and 128) are the PKCE property's fixed examples, so a server that
 * mishandles an edge fails that rule alone instead of every session of the run.
 */
export function newCodeVerifier(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}

/** code_challenge = BASE64URL(SHA-256(ASCII(code_verifier))), without padding (spec, Authentication step 3). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh opaque `state` value. */
export function newState(): string {
  return randomBytes(16).toString('base64url');
}
