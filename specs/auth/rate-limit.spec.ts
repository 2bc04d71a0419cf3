/**
 * Rate limits (spec, Limits): "Rate limits on access tokens exist, but their
 * values and response behaviour: not shown." Judged only on the rate the target
 * declares (SC_DECLARED_RATE_LIMIT, API requests per second per account; the
 * embedded reference declares its rate-limited account's): undeclared, GEN-RATE-1
 * is not applicable [rate_limit_undeclared].
 *
 * One burst of GET /items/limits (a small read that changes nothing), twice the
 * declared rate for 2 s and at most 150 requests (support/burst-plan.ts), each
 * sent once outside the run's pacing, on SC_RATE_LIMIT_ACCOUNT when set (no other
 * check uses it), else on a leased account whose other users, the other workers'
 * paced requests, wait while it lasts (the pacing schedule holds the account).
 * Judged, each a part of GEN-RATE-1 (catalog `parts`: the rule passes only when all three were judged):
 *   - `refusal`: no answer of the burst is a 5xx other than 503, and some answer is a refusal: any 4xx, or
 *     503 (nginx limit_req's default), the behaviour is not shown; a refusal other than 429 is a SHOULD finding;
 *   - `other-account`: a request on another account, sent once (paced) during the burst, answers 2xx
 *     (one account only: not applicable [accounts]);
 *   - `served-again`: a request on the burst account answers 2xx again, polled for at most
 *     SC_RATE_LIMIT_RECOVERY_S (65 s: a per-minute window) after the last refusal, each refusal's Retry-After
 *     honoured, else a backoff of 2, 4, 8 … s (support/burst-plan.ts); the poll ends at the first 2xx. Still
 *     refused at the bound after waiting out the server's own Retry-After: failed, the limit is a ban (defect
 *     rate-limit-lockout). Refused with no Retry-After, or asked to wait beyond the bound: not exercised
 *     [target_state], the setting named, since a long window cannot be told from a ban.
 * The controls: the same read on both accounts answers 2xx first (ITEM-LIMITS-1).
 */
import { type ApiResponse, type Exchange, expectControl, holdAccount, notApplicable, notExercised, partKey, recordFinding, recordNotExercised, skipUnjudged, test, verify } from '../fixtures.js';
import { burstPlan, recoveryStep } from './support/burst-plan.js';

const PATH = '/items/limits';
const REFUSAL = partKey('GEN-RATE-1', 'refusal');
const OTHER_ACCOUNT = partKey('GEN-RATE-1', 'other-account');
const SERVED_AGAIN = partKey('GEN-RATE-1', 'served-again');
const is2xx = (status: number) => status >= 200 && status <= 299;
/** A refusal the spec leaves open ("response behaviour: not shown"): any 4xx, or 503 (nginx limit_req's default). */
const isRefusal = (status: number) => (status >= 400 && status <= 499) || status === 503;
/** The fitting status (RFC 6585 §4): any other refusal is a SHOULD finding. */
const TOO_MANY_REQUESTS = 429;
const sleepUntil = (at: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** `200×12, 429×28`: the statuses of the burst, in order, runs counted. */
function statusRuns(answers: readonly Exchange[]): string {
  const runs: { status: number; n: number }[] = [];
  for (const { status } of answers) {
    const last = runs.at(-1);
    if (last?.status === status) last.n++;
    else runs.push({ status, n: 1 });
  }
  return runs.map((r) => `${r.status}×${r.n}`).join(', ');
}

test.describe('rate limit', { tag: '@auth' }, () => {
  test('[GEN-RATE-1] a burst past the declared rate limit is refused (any 4xx, or 503), never with another 5xx, on its account alone, which is served again after the wait', async ({
    api,
    sessions,
    settings,
  }) => {
    const plan = burstPlan(settings.declared.rateLimitPerS);
    if ('reason' in plan) return skipUnjudged(plan.reason);
    const boundMs = settings.pacing.recoveryS * 1000;
    // The poll's bound, its last request and the holds around it.
    test.setTimeout(test.info().timeout + boundMs + 20_000);
    const dedicated = settings.declared.rateLimitAccount;
    const session = dedicated ? await sessions.pooled(dedicated) : await sessions.lease('pro');
    const otherAccount = settings.accounts.find((a) => a.username !== session.username);
    const other = otherAccount ? await sessions.pooled(otherAccount) : undefined;

    await expectControl(await api.get(session, PATH), '2xx', ['ITEM-LIMITS-1'], `GET ${PATH} on the burst account answers 2xx`);
    if (other) await expectControl(await api.get(other, PATH), '2xx', ['ITEM-LIMITS-1'], `GET ${PATH} on another account answers 2xx`);

    const burstMs = plan.requests * plan.intervalMs;
    // A shared account: every other worker's paced request on it waits the burst out (and its 429s), not only this one's.
    if (!dedicated) await holdAccount(api.target, session.username, burstMs + 2_000);
    const started = Date.now();
    const middle = Math.floor(plan.requests / 2);
    let during: Promise<ApiResponse> | undefined;
    const answers = await test.step(`burst: ${plan.requests} × GET ${PATH}, ${2 * plan.ratePerS} per second (twice the declared ${plan.ratePerS}), unpaced`, () =>
      Promise.all(
        Array.from({ length: plan.requests }, async (_, i) => {
          await sleepUntil(started + i * plan.intervalMs);
          if (i === middle && other) during = api.get(other, PATH, { once: 'paced' });
          // A 5xx is judged below, as GEN-RATE-1's: the registered check would charge it to the read's rule.
          return api.get(session, PATH, { once: 'unpaced', skipChecks: ['not-a-server-error'] });
        }),
      ),
    );
    const seen = `${answers.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${statusRuns(answers)}`;

    const serverErrors = answers.filter((r) => r.status >= 500 && !isRefusal(r.status));
    await verify(serverErrors.length === 0, {
      title: 'no request of the burst answers a 5xx other than 503',
      requirements: [REFUSAL],
      expected: 'a 2xx, or a refusal (any 4xx, or 503) for a request past the limit',
      actual: seen,
      exchange: serverErrors[0],
    });
    const refused = answers.filter((r) => isRefusal(r.status));
    await verify(refused.length > 0, {
      title: `some request past the declared ${plan.ratePerS} per second is refused`,
      requirements: [REFUSAL],
      expected: `a refusal (429 expected; any 4xx, or 503) for some of ${plan.requests} requests sent at twice the declared rate`,
      actual: seen,
      exchange: answers.at(-1),
    });
    const unfitting = [...new Set(refused.map((r) => r.status).filter((status) => status !== TOO_MANY_REQUESTS))];
    if (unfitting.length > 0) {
      recordFinding(test.info(), {
        requirement: 'GEN-RATE-1',
        message: `requests past the declared rate were refused with ${unfitting.join(', ')}: accepted (the response behaviour is not shown), but 429 Too Many Requests is the status for it (RFC 6585 §4)`,
      });
    }

    if (during) {
      const res = await during;
      await verify(is2xx(res.status), {
        title: 'a request on another account during the burst answers 2xx',
        requirements: [OTHER_ACCOUNT],
        expected: "a 2xx: the limits are on access tokens, another account's is not refused for this burst",
        actual: `${res.status}`,
        exchange: res,
      });
    } else recordNotExercised([OTHER_ACCOUNT], notApplicable('accounts', 'one account only (SC_ACCOUNTS): no other account to serve during the burst'));

    // Polled from the burst's last refusal: each wait honours the refusal before it, the poll ends at the first 2xx.
    const recovery = `SC_RATE_LIMIT_RECOVERY_S=${settings.pacing.recoveryS}`;
    const deadline = Date.now() + boundMs;
    const polled: Exchange[] = [];
    let answer: ApiResponse = refused.at(-1) as ApiResponse;
    let honoured: string | undefined; // the Retry-After the last wait covered
    for (let n = 0; isRefusal(answer.status); n++) {
      const retryAfter = answer.headers['retry-after'];
      const step = recoveryStep(n, retryAfter, deadline - Date.now());
      const said = `${polled.length} requests after the burst, all refused: ${statusRuns(polled) || 'none'}`;
      if ('end' in step && (step.end === 'beyond' || honoured === undefined)) {
        const why = step.end === 'beyond' ? `the server asks to wait ${Math.round((step.retryAfterMs ?? 0) / 1000)} s (Retry-After: ${retryAfter}), beyond the rest of ${recovery}` : `still refused after ${recovery} without a Retry-After (${said})`;
        return recordNotExercised([SERVED_AGAIN], notExercised('target_state', `${why}: whether the account is served again was not seen; a longer ${recovery.split('=')[0]} reaches it`));
      }
      if ('end' in step) {
        return verify(false, {
          title: 'the burst account is served again once its own Retry-After has passed',
          requirements: [SERVED_AGAIN],
          expected: `a 2xx within ${recovery}: the limit is a rate, and each refusal's Retry-After said how long to wait`,
          actual: `${said}; the last wait covered the Retry-After: ${honoured} before it`,
          exchange: answer,
        });
      }
      honoured = step.honoured ? retryAfter : undefined;
      if (!dedicated) await holdAccount(api.target, session.username, step.waitMs + 1_000);
      await test.step(`wait ${step.waitMs} ms (${honoured !== undefined ? `Retry-After: ${retryAfter}` : 'no Retry-After: a backoff'}), then GET ${PATH} again`, () => sleepUntil(Date.now() + step.waitMs));
      // A refusal here (503 included) is judged by this loop, as the burst's.
      answer = await api.get(session, PATH, { once: 'unpaced', skipChecks: ['not-a-server-error'] });
      polled.push(answer);
    }
    await verify(is2xx(answer.status), {
      title: 'after the wait, a request on the burst account answers 2xx',
      requirements: [SERVED_AGAIN],
      expected: 'a 2xx: the limit is a rate, the account is served again',
      actual: `${statusRuns(polled)} after the burst`,
      exchange: answer,
    });
  });
});
