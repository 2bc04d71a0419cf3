/**
 * Property: every code_verifier the rules allow — the unreserved alphabet
 * A–Z a–z 0–9 - . _ ~, 43 to 128 characters (spec step 2: "random, URL-safe,
 * at least 43 characters"; RFC 7636 4.1 caps it at 128) — completes the flow.
 * Each run is a full login and exchange, so the runs are few and time-boxed.
 *
 * Replay a failure with the seed and path it prints (the path is printed with
 * commas, as Playwright would read "1:0:0" as a source location; both separators work):
 *   SC_FC_SEED=<seed> SC_FC_PATH=<path> npx playwright test specs/auth/pkce-property.spec.ts
 */
import fc from 'fast-check';
import { VERIFIER_ALPHABET } from '../../lib/pkce.js';
import { authorizeOptions, tokenEndpoint } from '../../fixtures/session.js';
import { exchangeCode, tokenPair } from '../../fixtures/token-client.js';
import { type Exchange, FAST_CHECK_ANNOTATION, fail, fastCheckNote, recordPass, test } from '../fixtures.js';
import { isTransportFailure } from '../../fixtures/sessions.js';
import { isInterruption, reportCases, trackRuns } from '../../fixtures/time-budget.js';
import { CaseNotJudged } from '../../fixtures/unjudged.js';

// Each case is a login and a code exchange: 10 keep the run's authorization-code grants low (the token
// endpoint is rate limited per source IP); fewer than 5 in the time limit leave the rules not exercised.
const NUM_RUNS = Number(process.env.SC_FC_RUNS ?? 10);
const MIN_RUNS = Math.min(5, NUM_RUNS);
const TIME_LIMIT_MS = 30_000;

test.describe('PKCE verifiers', { tag: '@auth' }, () => {
  test('[AUTH-PKCE-3][AUTH-TOKEN-1] code_verifiers over the whole unreserved alphabet, 43 to 128 characters long, complete the exchange', async ({
    settings,
    authorize,
    sessions,
  }) => {
    test.setTimeout(TIME_LIMIT_MS + 30_000);
    const account = sessions.anyAccount('pro');
    const seed = Number(process.env.SC_FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const path = process.env.SC_FC_PATH?.replace(/,/g, ':');
    test.info().annotations.push({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote({ seed, path }) });
    // Lengths drawn over the whole range, the two bounds included (fast-check's default size keeps strings near minLength).
    const lengths = fc.oneof(fc.constant(43), fc.constant(128), fc.integer({ min: 43, max: 128 }));
    const verifiers = lengths.chain((n) => fc.string({ unit: fc.constantFrom(...VERIFIER_ALPHABET), minLength: n, maxLength: n }));
    let failed: { verifier: string; why: string; answer?: Exchange } | undefined;
    const login = (verifier: string) => authorize({ ...authorizeOptions(settings, account), verifier });
    // Counted runs; an abandoned run (the time limit struck) is awaited before the test ends.
    const runs = trackRuns(
      fc.asyncProperty(verifiers, async (verifier) => {
          // Pure calls, no steps: shrinking may repeat this many times.
        let answer: Exchange | undefined;
        try {
          // A login that meets a transport failure (reset, refused, a proxy's 502) is started over once.
          const grant = await login(verifier).catch((error) => (isTransportFailure(error) ? login(verifier) : Promise.reject(error)));
          answer = await exchangeCode(tokenEndpoint(settings), { code: grant.code, verifier, redirectUri: settings.redirectUri });
        } catch (error) {
          // A case the target left unjudgeable (a 429 after the retries) is not judged, never a counterexample.
          if (error instanceof CaseNotJudged) throw error;
          failed = { verifier, why: (error as Error).message.split('\n')[0] };
          return false;
        }
        if (tokenPair(answer)) return true;
        failed = { verifier, why: `the exchange answered ${answer.status}`, answer };
        return false;
      }),
    );
    try {
      try {
        await fc.assert(runs.property, { numRuns: NUM_RUNS, seed, path, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false });
      } finally {
        await runs.settle();
      }
      // Fewer cases than the minimum in the time limit: not exercised (time budget), never passed.
      if (reportCases(runs.completed, { planned: NUM_RUNS, minimum: MIN_RUNS, notJudged: runs.notJudged })) recordPass(test.info(), ['AUTH-PKCE-3', 'AUTH-TOKEN-1']);
    } catch (error) {
      // Stopped by the time limit before any counterexample: fewer cases (not exercised below the minimum), never a failure.
      if (isInterruption(error)) {
        reportCases(runs.completed, { planned: NUM_RUNS, minimum: MIN_RUNS, notJudged: runs.notJudged });
        return;
      }
      const replay = /seed: (-?\d+), path: "([^"]*)"/.exec((error as Error).message);
      const replaySeed = replay?.[1] ?? seed;
      const replayPath = (replay?.[2] ?? '?').replace(/:/g, ',');
      test.info().annotations.push({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote({ seed: replaySeed, path: replay?.[2], replay: `SC_FC_SEED=${replaySeed} SC_FC_PATH=${replayPath}` }) });
      await fail(test.info(), {
        title: 'a code_verifier of the allowed alphabet and length completes the flow',
        // The verifier is what this check varies: a refusal of some verifiers breaks AUTH-PKCE-3 (the suite's own
        // sessions, with a mid-range verifier, prove the exchange itself, AUTH-TOKEN-1).
        requirements: ['AUTH-PKCE-3'],
        expected: 'a 2xx with access_token and refresh_token for every verifier of 43..128 unreserved characters',
        // The verifier itself is masked as a code_verifier; its length and the replay say enough.
        actual: `${failed?.why ?? 'a failed run'} for a verifier of ${failed?.verifier.length} characters; replay with SC_FC_SEED=${replay?.[1] ?? seed} SC_FC_PATH=${replayPath}`,
        exchange: failed?.answer,
      });
    }
  });
});
