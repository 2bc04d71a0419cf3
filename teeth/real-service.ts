/**
 * The real-service configuration on top of every declared defect (issue "A PASS
 * is proof", item 8): no control API, accounts that hold items of their own
 * ('seeded-accounts'), limits above SC_MAX_ITEMS ('large-limits'), the reference
 * reached as a remote target. In that configuration many rules cannot be reached;
 * what must never happen is a defect passing unnoticed: each defect must be
 * KILLED, or the rules it breaks shown unjudged (not applicable or not exercised,
 * which keeps the gate from PASSED). Pure over a run's report, so tested on
 * hand-made ones (tests/teeth/kill-matrix.spec.ts).
 */
import { checksOf } from './job-checks.js';
import type { RunOutcome } from './run-playwright.js';
import { cites, runError } from './matrix-verdicts.js';

/** The variants that stand for the real service's accounts and limits (reference/variants.ts). */
export const REAL_SERVICE_VARIANTS = ['seeded-accounts', 'large-limits'];

/**
 * KILLED: a failure was charged to a rule the defect breaks.
 * UNJUDGED: nothing charged, and some rule it breaks was shown not applicable / not exercised: the gate cannot pass.
 * HIDDEN: nothing charged and every rule it breaks was judged passed (or left unmentioned): the run would PASS with the defect.
 * NO-CHECK: no check of the run cites its rules. ERROR: the run gave no verdict.
 */
export type RealServiceVerdict = 'KILLED' | 'UNJUDGED' | 'HIDDEN' | 'NO-CHECK' | 'ERROR' | 'NOT-RUN';

export interface RealServiceResult {
  verdict: RealServiceVerdict;
  killers: string[];
  /** Rules it breaks that the run showed unjudged, with the first text that says why. */
  unjudged: Record<string, string>;
  /** Rules it breaks that an assertion judged passed. */
  passed: string[];
  detail?: string;
}

export function realServiceVerdict(breaks: readonly string[], outcome: RunOutcome, limitSeconds?: number): RealServiceResult {
  const empty = { killers: [], unjudged: {}, passed: [] };
  const error = runError(outcome, limitSeconds);
  if (error || !outcome.report) return { verdict: outcome.notStarted ? 'NOT-RUN' : 'ERROR', ...empty, detail: error };
  const checks = checksOf(outcome.report);
  const killers = checks.filter((c) => c.charged.some((id) => breaks.includes(id))).map((c) => c.key);
  const relevant = checks.filter((c) => cites(c, breaks));
  const unjudged: Record<string, string> = {};
  const passed = new Set<string>();
  for (const c of relevant) {
    for (const id of breaks) {
      if (c.unjudged[id] !== undefined) unjudged[id] ??= c.unjudged[id];
      else if (c.passedRules.includes(id)) passed.add(id);
    }
  }
  const result = { killers, unjudged, passed: [...passed].sort() };
  if (killers.length > 0) return { ...result, verdict: 'KILLED' };
  if (relevant.length === 0) return { ...result, verdict: 'NO-CHECK', detail: 'no check of the run cites these IDs' };
  if (Object.keys(unjudged).length > 0) {
    const [id, why] = Object.entries(unjudged)[0];
    return { ...result, verdict: 'UNJUDGED', detail: `${id}: ${why}` };
  }
  return { ...result, verdict: 'HIDDEN', detail: `judged passed: ${result.passed.join(', ') || '(no assertion named the rules)'}` };
}
