/**
 * The auth group's fixtures (merged once with the others in specs/fixtures.ts):
 *
 * - `auth` (test): the group's client (auth-client.ts): the identity provider
 *   through the harness's `oauth`, the read that tells whether a token works,
 *   the wait for a revoked token and the control of a token-endpoint refusal.
 * - `bearerProbes` (per target): what the bearer checks (bearer-required.spec.ts)
 *   learn once per target (per worker in a normal run), held by the fixture, never module state.
 */
import { type ApiResponse, test as base } from '../../../fixtures/index.js';
import { type Memo, memo } from '../../../lib/memo.js';
import { AuthClient } from './auth-client.js';

/** Real ids of the target to put in the paths and bodies of the bearer checks of operations on no account's resource. */
export interface ProbeIds {
  categoryLeafId?: string;
}

export interface BearerProbes {
  /** Read once per worker with a read-only session. */
  ids: Memo<ProbeIds>;
  /** The control with a valid token of each operation on no account's resource, by operationId: its refusals without a bearer and with a bogus one share it. */
  controls: Map<string, Promise<ApiResponse>>;
}

export const authTest = base.extend<{ auth: AuthClient; bearerProbes: BearerProbes }>({
  auth: async ({ oauth, api, settings }, use) => use(new AuthClient(oauth, api, settings.revocationWaitMs)),
  bearerProbes: [async ({ targetState }, use) => use(await targetState.keep('bearerProbes', (): BearerProbes => ({ ids: memo(), controls: new Map() }))), { box: true }],
});
