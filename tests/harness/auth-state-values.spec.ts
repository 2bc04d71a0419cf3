/**
 * specs/auth/support/state.ts: every drawn state is 1 to 64 VSCHAR (RFC 6749
 * A.5) with at least one character a query value must encode; the fixed
 * examples are VSCHAR too, and each survives a form-encoded round trip.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { NEEDS_ENCODING, STATE_EXAMPLES, states, VSCHAR } from '../../specs/auth/support/state.js';

const isVschar = (s: string) => [...s].every((c) => VSCHAR.includes(c));

test('drawn states are VSCHAR, 1 to 64 long, with a character that needs encoding', () => {
  fc.assert(
    fc.property(states(), (s) => {
      expect(s.length).toBeGreaterThanOrEqual(1);
      expect(s.length).toBeLessThanOrEqual(64);
      expect(isVschar(s)).toBe(true);
      expect([...s].some((c) => (NEEDS_ENCODING as readonly string[]).includes(c))).toBe(true);
    }),
  );
});

test('the fixed examples are VSCHAR, and a form-encoded round trip keeps each; a bare one loses + and &', () => {
  expect(VSCHAR).toHaveLength(95);
  for (const s of STATE_EXAMPLES) {
    expect(isVschar(s)).toBe(true);
    const url = new URL('https://client.example/cb?code=c');
    url.searchParams.set('state', s);
    expect(new URL(url.toString()).searchParams.get('state')).toBe(s);
  }
  const bare = new URL(`https://client.example/cb?code=c&state=${encodeURI('a+b&c')}`);
  expect(bare.searchParams.get('state')).not.toBe('a+b&c');
});
