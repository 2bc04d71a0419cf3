/**
 * The auth group's client (as items-api.ts is the items group's, Webhooks the
 * webhooks group's, TransactionsApi the transactions group's): the identity
 * provider through the harness's `oauth` client, and the one read on the API
 * by which the auth checks tell whether a token works, GET /items/categories
 * (every account may read it, whatever its plan). The `auth` fixture
 * (support/fixtures.ts) hands one out.
 *
 *   await auth.expectWorks(pair, ['AUTH-REFRESH-2'], 'the refreshed access token works on the API');
 *   const pair = await auth.control(await auth.oauth.refresh(token), ['AUTH-REFRESH-1'], 'a refresh …');
 */
import { test } from '@playwright/test';
import { type ApiClient, type ApiResponse, type Bearer, type Exchange, expectStatus, type OAuth, skipUnjudged, type TokenPair, tokenUnjudged } from '../../../fixtures/index.js';
import { pollUntilRefused } from './revocation.js';

export class AuthClient {
  constructor(
    readonly oauth: OAuth,
    private readonly api: ApiClient,
    /** settings.revocationWaitMs (SC_REVOCATION_WAIT_MS): how long a revoked access token may keep working. */
    private readonly revocationWaitMs: number,
  ) {}

  /** GET /items/categories with this bearer: the read that tells whether a token works. */
  read(bearer: Bearer): Promise<ApiResponse> {
    return this.api.get(bearer, '/items/categories');
  }

  /** The read answers 200 with this bearer, else a failure charged to `requirements`. */
  async expectWorks(bearer: Bearer, requirements: string[], title: string): Promise<void> {
    await expectStatus(await this.read(bearer), 200, requirements, title);
  }

  /** The read, again, until the access token is refused (SC_REVOCATION_WAIT_MS at most); the last answer. */
  untilRefused(accessToken: string): Promise<ApiResponse> {
    return pollUntilRefused((bearer) => this.read(bearer), accessToken, this.revocationWaitMs);
  }

  /**
   * The control of a token-endpoint refusal (judging/refusal.ts): the same
   * request without the broken property answers a token pair. A 429 after the
   * retries skips the check as not exercised [rate_limited] (every refusal after
   * it depends on it); any other answer without tokens, a 401 included (the
   * credentials are the run's own), fails the control's own rule (AUTH-TOKEN-1
   * for a code exchange, AUTH-REFRESH-1 for a refresh).
   */
  async control(answer: Exchange, requirements: string[], what: string): Promise<TokenPair> {
    const other = await tokenUnjudged(answer, `control: ${what}`, { clientAuth: true });
    if (other !== undefined) skipUnjudged(other);
    return test.step(`control: ${what} answers a token pair`, () => this.oauth.expectTokens(answer, requirements), { box: true });
  }
}
