/**
 * The rules a run left unjudged, grouped by their code, as the console summary
 * (reporting/console.ts) names them: every *not exercised* rule with its reason and
 * every *not applicable* one with its cause, each group with what reaches it (the
 * setting, or what the target must answer). A narrowed run's `selection` rules are
 * counted, not listed: they are the rest of the catalog.
 */
import { NOT_APPLICABLE_CAUSES, NOT_EXERCISED_REASONS, type NotApplicableCause, type NotExercisedReason } from '../results/outcomes.js';
import type { ConformanceReport } from './report-types.js';

/** What turns a not-exercised rule into a judged one: a setting, or the target's own answers. */
export const REACHED_BY: Record<NotExercisedReason, string> = {
  auth_ambiguous: 'a token the API accepts: check the accounts of SC_ACCOUNTS and the token lifetime (SC_ACCESS_TOKEN_LIFETIME_S)',
  rate_limited: 'a slower run: SC_RATE_LIMIT (requests per second), SC_RATE_LIMIT_RETRIES, SC_WORKERS=1',
  server_error: 'the target answering without a 5xx',
  timeout: 'a target that answers in time: SC_REQUEST_TIMEOUT_MS, SC_WEBHOOK_WAIT_MS, SC_RUN_DEADLINE_S',
  setup_failed: 'the step its reason names giving what the check needs',
  refused_other_reason: 'the target accepting the same request without the broken property',
  target_state: 'accounts with room and data to judge on: SC_ACCOUNTS, or the control API (SC_CONTROL_URL, SC_CONTROL_TOKEN)',
  stopped_at_failure: 'the failure or finding that stopped its check, fixed first',
  time_budget: 'a faster target, or fewer cases: SC_FC_RUNS',
  check_error: 'a fix of the suite: report the error its reason quotes',
  not_run: 'a run that finishes: SC_RUN_DEADLINE_S',
  limit_not_reached: 'the target declaring its image maximum: SC_MAX_IMAGES',
};

export interface UnjudgedGroup {
  state: 'not exercised' | 'not applicable';
  code: string;
  ids: string[];
  /** What the code means (results/outcomes.ts), naming the setting for a cause. */
  means: string;
  /** What reaches the rules: for a reason, REACHED_BY; a cause names its setting in `means`. */
  reachedBy?: string;
}

/** Not exercised first, then not applicable; within each, the largest group first. `selection` is left out (see selectionCount). */
export function unjudgedGroups(report: Pick<ConformanceReport, 'requirements'>): UnjudgedGroup[] {
  const groups = new Map<string, UnjudgedGroup>();
  for (const r of report.requirements) {
    if (r.verdict !== 'not-exercised' && r.verdict !== 'not-applicable') continue;
    if (r.reasonCode === 'selection') continue;
    const state = r.verdict === 'not-exercised' ? 'not exercised' : 'not applicable';
    const code = r.reasonCode ?? 'unknown';
    const key = `${state}|${code}`;
    const means =
      state === 'not exercised' ? (NOT_EXERCISED_REASONS[code as NotExercisedReason] ?? code) : (NOT_APPLICABLE_CAUSES[code as NotApplicableCause] ?? code);
    const group = groups.get(key) ?? { state, code, ids: [], means, reachedBy: state === 'not exercised' ? REACHED_BY[code as NotExercisedReason] : undefined };
    group.ids.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.state === b.state ? b.ids.length - a.ids.length : a.state === 'not exercised' ? -1 : 1));
}

/** How many rules a narrowed run left outside its selection. */
export function selectionCount(report: Pick<ConformanceReport, 'requirements'>): number {
  return report.requirements.filter((r) => r.verdict === 'not-applicable' && r.reasonCode === 'selection').length;
}
