/**
 * lib/signature-vectors.json: the verifier's published test vectors.
 * 1. The file matches its schema.
 * 2. Every `origin` recomputes, with node:crypto alone, to the vector's signature:
 *    the vectors do not depend on lib/signature.ts, so they can judge it.
 * 3. lib/signature.ts gives each vector its expected verdict (WH-SIG-7).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { verifySignature } from '../../lib/signature.js';

type Encoding = 'hex' | 'hex-upper' | 'base64' | 'base64-unpadded' | 'base64url';

interface Vector {
  id: string;
  description: string;
  key: string;
  payload: string;
  timestamp: string | null;
  signature: string | null;
  origin?: { over: 'payload-colon-timestamp' | 'payload-only' | 'payload-timestamp-no-colon'; key: string; payload: string; timestamp: string; encoding: Encoding };
  expected: { valid: boolean; encoding?: 'hex' | 'base64' };
}

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../lib/${name}`, import.meta.url), 'utf8'));
const file = read('signature-vectors.json') as { vectors: Vector[] };

function recompute(origin: NonNullable<Vector['origin']>): string {
  const hmac = createHmac('sha256', Buffer.from(origin.key, 'utf8')).update(Buffer.from(origin.payload, 'utf8'));
  if (origin.over === 'payload-colon-timestamp') hmac.update(`:${origin.timestamp}`);
  if (origin.over === 'payload-timestamp-no-colon') hmac.update(origin.timestamp);
  const digest = hmac.digest();
  switch (origin.encoding) {
    case 'hex':
      return digest.toString('hex');
    case 'hex-upper':
      return digest.toString('hex').toUpperCase();
    case 'base64':
      return digest.toString('base64');
    case 'base64-unpadded':
      return digest.toString('base64').replace(/=+$/, '');
    case 'base64url':
      return digest.toString('base64url');
  }
}

test('[WH-SIG-7] the signature vectors match their schema, with unique ids', () => {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  const validateFile = ajv.compile(read('signature-vectors.schema.json') as object);
  expect(validateFile(file), JSON.stringify(validateFile.errors, null, 2)).toBe(true);
  const ids = file.vectors.map((v) => v.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test('[WH-SIG-7] the vectors cover both encodings and every kind of tampering docs/SIGNATURES.md names', () => {
  const ids = new Set(file.vectors.map((v) => v.id));
  for (const id of [
    'hex-lowercase',
    'hex-uppercase',
    'base64-standard',
    'base64url',
    'wrong-key',
    'altered-payload',
    'altered-timestamp',
    'reserialised-pretty',
    'reserialised-spaces',
    'missing-signature',
    'missing-timestamp',
  ]) {
    expect(ids.has(id), id).toBe(true);
  }
  expect(file.vectors.some((v) => v.expected.valid)).toBe(true);
  expect(file.vectors.some((v) => !v.expected.valid)).toBe(true);
});

test('[WH-SIG-7] every origin recomputes to its signature with node:crypto alone', () => {
  for (const v of file.vectors) {
    if (!v.origin) continue;
    expect(recompute(v.origin), v.id).toBe(v.signature);
    // A vector is valid exactly when it presents what was signed, the spec's way (encoding aside).
    const presentsSigned =
      v.origin.over === 'payload-colon-timestamp' && v.origin.key === v.key && v.origin.payload === v.payload && v.origin.timestamp === v.timestamp;
    expect(presentsSigned, `${v.id}: origin agrees with expected.valid`).toBe(v.expected.valid);
  }
});

for (const v of file.vectors) {
  test(`[WH-SIG-7] verifySignature: ${v.id} is ${v.expected.valid ? 'accepted' : 'rejected'}`, () => {
    const result = verifySignature(v.payload, v.timestamp ?? undefined, v.signature ?? undefined, v.key);
    expect(result.valid, `${v.description}: ${result.reason ?? ''}`).toBe(v.expected.valid);
    if (v.expected.valid) expect(result.encoding).toBe(v.expected.encoding);
    else expect(result.reason).toEqual(expect.any(String));
    // Raw bytes and text are the same input.
    expect(verifySignature(Buffer.from(v.payload, 'utf8'), v.timestamp ?? undefined, v.signature ?? undefined, v.key).valid).toBe(v.expected.valid);
  });
}
