/**
 * The control of a token-endpoint refusal (fixtures/refusal.ts): the same
 * request without the broken property answers a token pair. A 429 after the
 * retries skips the check as not exercised [rate_limited] (every refusal after
 * it depends on it); any other answer without tokens, a 401 included (the
 * credentials are the run's own), fails the control's own rule (AUTH-TOKEN-1
 * for a code exchange, AUTH-REFRESH-1 for a refresh).
 */
import { test } from '@playwright/test';
import { type Exchange, type OAuth, skipUnjudged, type TokenPair, tokenUnjudged } from '../../../fixtures/index.js';

export async function expectTokenControl(oauth: OAuth, answer: Exchange, requirements: string[], what: string): Promise<TokenPair> {
  const other = await tokenUnjudged(answer, `control: ${what}`, { clientAuth: true });
  if (other !== undefined) skipUnjudged(other);
  return test.step(`control: ${what} answers a token pair`, () => oauth.expectTokens(answer, requirements), { box: true });
}
