/**
 * Property: every code_verifier the rules allow — the unreserved alphabet
 * A–Z a–z 0–9 - . _ ~, 43 to 128 characters (spec step 2: "random, URL-safe,
 * at least 43 characters"; RFC 7636 4.1 caps it at 128) — completes the flow.
 * Each run is a full login and exchange, so the runs are few and time-boxed;
 * a failure prints the command that replays it (specs/shared/property.ts).
 */
import fc from 'fast-check';
import { VERIFIER_ALPHABET } from '../../lib/pkce.js';
import { provenBy, test } from '../fixtures.js';
import { assertProperty } from '../shared/property.js';

/** A verifier that prints as its length: the counterexample a report shows never holds the secret itself. */
const verifierOf = (verifier: string) => ({ verifier, [fc.toStringMethod]: () => `a verifier of ${verifier.length} characters` });

test.describe('PKCE verifiers', { tag: '@auth' }, () => {
  test('[AUTH-PKCE-3][AUTH-TOKEN-1] code_verifiers over the whole unreserved alphabet, 43 to 128 characters long, complete the exchange', async ({ oauth, sessions, settings }) => {
    const account = sessions.anyAccount('pro');
    // Each case is a login and a code exchange: 6 (SC_FC_RUNS) keep the run's authorization-code grants within a fifth
    // of the real service's 174 per 5 minutes per source IP (the seed differs each run, so nightly runs cover more);
    // fewer than 5 in the time limit leave the rules not exercised. Each case's session is handed on (sessions.spare).
    const NUM_RUNS = settings.property.pkceRuns;
    const MIN_RUNS = Math.min(5, NUM_RUNS);
    // Lengths drawn over the whole range, the two bounds included (fast-check's default size keeps strings near minLength).
    const lengths = fc.oneof(fc.constant(43), fc.constant(128), fc.integer({ min: 43, max: 128 }));
    const verifiers = lengths.chain((n) => fc.string({ unit: fc.constantFrom(...VERIFIER_ALPHABET), minLength: n, maxLength: n })).map(verifierOf);
    await assertProperty(
      fc.asyncProperty(verifiers, async ({ verifier }) => {
        // The verifier is what this check varies: a refusal of some verifiers breaks AUTH-PKCE-3 (the suite's own
        // sessions, with a mid-range verifier, prove the exchange itself, AUTH-TOKEN-1).
        const answer = await oauth.exchange(await oauth.authorize(account, { verifier }, ['AUTH-PKCE-3']));
        // The counterexample names the verifier's length (verifierOf); the exchange is the evidence, its verifier masked.
        const pair = await oauth.expectTokens(answer, ['AUTH-PKCE-3']);
        provenBy('the exchange answered a token pair', ['AUTH-PKCE-3', 'AUTH-TOKEN-1']);
        // The session is unused: a check that needs one of its own takes it instead of logging in (sessions.own).
        await sessions.spare(account, pair, answer);
      }),
      { settings, numRuns: NUM_RUNS, minRuns: MIN_RUNS, timeLimitMs: 30_000 },
    );
  });
});
