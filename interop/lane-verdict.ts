/**
 * Pure: one conformance run against an interop target, judged against that target's expected failures.
 * The lane passes when the run is PASSED but for exactly the expected MUST failures: every other reason of
 * the gate (a MUST failure not listed, a reachable MUST rule not exercised, a failure naming no rule, a
 * broken run) fails it, and so does a listed failure that no longer fails (the file must be updated).
 */
import type { ConformanceReport } from '../reporting/report-types.js';

export interface LaneVerdict {
  ok: boolean;
  /** The gate's state as the run's report says it (BROKEN when no report was written). */
  gate: string;
  /** The MUST rules the run failed. */
  failing: string[];
  /** Failing, and not in the expectations file. */
  unexpected: string[];
  /** In the expectations file, and not failing: with what they ended as. */
  noLongerFailing: { rule: string; verdict: string }[];
  /** Why the lane failed, one line each (empty when ok). */
  problems: string[];
}

export function judgeLane(exitCode: number | null, report: ConformanceReport | undefined, expected: readonly string[]): LaneVerdict {
  if (!report) {
    const problems = [`the run ended (exit ${exitCode}) without a conformance.json`];
    return { ok: false, gate: 'BROKEN', failing: [], unexpected: [], noLongerFailing: [], problems };
  }
  const byId = new Map(report.requirements.map((r) => [r.id, r]));
  const failing = report.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'MUST').map((r) => r.id);
  const unexpected = failing.filter((id) => !expected.includes(id));
  const noLongerFailing = expected.filter((id) => !failing.includes(id)).map((rule) => ({ rule, verdict: byId.get(rule)?.verdict ?? 'not in the catalog' }));
  const problems: string[] = [];
  if (exitCode !== report.gate.exitCode) problems.push(`the command exited ${exitCode}, its report's gate says ${report.gate.exitCode}`);
  for (const error of report.run.errors ?? []) problems.push(`run error: ${error}`);
  if (unexpected.length) problems.push(`MUST failures not in interop/expectations.json: ${unexpected.join(', ')}`);
  if (noLongerFailing.length) {
    problems.push(`expected failures that no longer fail (update interop/expectations.json): ${noLongerFailing.map((n) => `${n.rule} (${n.verdict})`).join(', ')}`);
  }
  // INCOMPLETE's causes (a reachable MUST rule not exercised, a broken check, a missing capability) fail the lane as they fail the gate.
  if (report.gate.incomplete.length) problems.push(`not proven: ${report.gate.incomplete.join(', ')}`);
  const unattributed = report.problems.filter((p) => p.kind === 'unattributed-failure');
  if (unattributed.length) problems.push(`failing checks that name no catalog rule: ${unattributed.map((p) => p.checkTitle ?? p.message).join('; ')}`);
  return { ok: problems.length === 0, gate: report.gate.state, failing, unexpected, noLongerFailing, problems };
}
