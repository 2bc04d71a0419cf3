/**
 * A run the preflight stopped (lifecycle/preflight.ts), as the report reads it:
 * no Playwright check ran, so the checks are made here from the outcome.
 *
 *   broken   the problems are the run's errors (exit 2, BROKEN); every requirement the
 *            target could be judged on is *not exercised* [not_run]: "not run: the preflight…";
 *   refused  one failed check of GEN-AUTH-4 with its exchange as evidence (exit 1:
 *            a MUST failure of the target), every other requirement *not exercised* [stopped_at_failure].
 * Requirements the catalog marks not testable, and the suite's own (client-side)
 * rules, keep their own verdicts.
 */
import type { CheckResult } from '../results/check-result.js';
import { notExercised } from '../results/outcomes.js';
import type { PreflightStop } from '../results/run-artifacts.js';
import type { ReadReport } from './read-playwright-report.js';
import type { Catalog } from '../catalog/index.js';

/** Where the preflight's stand-in checks say they come from (no spec file: the run's preflight). */
export const PREFLIGHT_FILE = 'lifecycle/preflight.ts';

function check(fields: Pick<CheckResult, 'id' | 'title' | 'ids' | 'status' | 'rawStatus'> & Partial<CheckResult>): CheckResult {
  return { file: PREFLIGHT_FILE, line: 0, project: '', tags: [], flaky: false, durationMs: 0, should: false, errors: [], evidence: [], findings: [], ...fields };
}

/** The checks and run errors of a run the preflight stopped. */
export function preflightRead(outcome: PreflightStop, catalog: Catalog): ReadReport {
  const failed = outcome.kind === 'refused' ? outcome.refused.requirement : undefined;
  const rest = catalog.requirements.filter((r) => r.id !== failed && r.testable !== false && !r.needs?.includes('client-side')).map((r) => r.id);
  const why =
    outcome.kind === 'broken'
      ? `not run: the preflight found the run broken (${outcome.problems.length} problem${outcome.problems.length === 1 ? '' : 's'}: see the run errors)`
      : notExercised('stopped_at_failure', `the run stopped at the preflight: ${outcome.refused.message} (${outcome.refused.requirement})`);
  const checks: CheckResult[] = [check({ id: 'preflight:not-run', title: '(preflight) the checks of the run: not run', ids: rest, status: 'skipped', rawStatus: 'skipped', skipReason: why })];
  if (outcome.kind === 'refused') {
    const r = outcome.refused;
    checks.unshift(
      check({
        id: 'preflight:token-accepted',
        title: `[${r.requirement}] (preflight) a fresh access token from the identity provider is accepted by the API`,
        ids: [r.requirement],
        status: 'failed',
        rawStatus: 'failed',
        errors: [r.message],
        evidence: [
          {
            requirements: [r.requirement],
            title: 'a fresh access token is accepted by GET /items/categories',
            request: r.request,
            status: r.status,
            bodyExcerpt: r.bodyExcerpt,
            expected: 'a 2xx: the token was just issued by the identity provider of SC_AUTH_URL for this client',
            actual: `${r.status} for every fresh token tried (${r.accounts.join(', ')})`,
          },
        ],
      }),
    );
  }
  return { checks, errors: outcome.kind === 'broken' ? [...outcome.problems] : [] };
}
