/**
 * The control of a token-endpoint refusal (fixtures/refusal.ts): the same
 * request without the broken property answers a token pair. A 429 leaves the
 * check not exercised (the refusal after it could have the same reason); any
 * other answer without tokens fails the control's own rule (AUTH-TOKEN-1 for a
 * code exchange, AUTH-REFRESH-1 for a refresh).
 */
import { test } from '@playwright/test';
import type { Exchange, OAuth } from '../../../fixtures/index.js';
import { tokenOtherReason } from '../../../fixtures/refusal.js';
import type { TokenPair } from '../../../fixtures/token-client.js';

export async function expectTokenControl(oauth: OAuth, answer: Exchange, requirements: string[], what: string): Promise<TokenPair> {
  const other = tokenOtherReason(answer, { clientAuth: true });
  if (other !== undefined) test.skip(true, `not exercised: control: ${what}: ${other}`);
  return test.step(`control: ${what} answers a token pair`, () => oauth.expectTokens(answer, requirements), { box: true });
}
