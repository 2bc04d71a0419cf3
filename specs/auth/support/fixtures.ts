/**
 * The auth group's fixtures (merged once with the others in specs/fixtures.ts):
 *
 * - `auth` (test): the group's client (auth-client.ts): the identity provider
 *   through the harness's `oauth`, the read that tells whether a token works,
 *   the wait for a revoked token and the control of a token-endpoint refusal.
 */
import { test as base } from '../../../fixtures/index.js';
import { AuthClient } from './auth-client.js';

export const authTest = base.extend<{ auth: AuthClient }>({
  auth: async ({ oauth, api }, use) => use(new AuthClient(oauth, api)),
});
