/**
 * The honest headline every report leads with (console, conformance.html,
 * conformance.json, JUnit, Allure): the server's testable MUST rules only, how
 * many were judged, and why the others were not.
 *
 *   judged 119 of 154 testable: 119 passed · 0 failed · 35 not exercised (auth_ambiguous 35) · 0 not applicable
 *
 * A pass rate over the rules that happened to run ("100% of 128 exercised") is
 * never the headline: it hides every rule a server made unjudgeable.
 */
import { isClientSide, isNotTestable, isServerMust, isStatedMust } from './scope.js';
import type { CodeCounts, Headline, RequirementResult } from './report-types.js';

function countCodes(rules: RequirementResult[]): CodeCounts {
  const out: CodeCounts = {};
  for (const r of rules) if (r.reasonCode) out[r.reasonCode] = (out[r.reasonCode] ?? 0) + 1;
  return out;
}

/** "auth_ambiguous 35, rate_limited 2", most first. */
export function codesText(counts: CodeCounts): string {
  return Object.entries(counts)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
}

const isJudged = (r: RequirementResult) => r.verdict === 'passed' || r.verdict === 'failed' || r.verdict === 'finding';

export function headlineOf(requirements: RequirementResult[]): Headline {
  const server = requirements.filter(isServerMust);
  // Judged: passed, failed, or a finding (its MUST judged and not failed: it counts as passed, its findings named).
  const judged = server.filter(isJudged);
  const failed = judged.filter((r) => r.verdict === 'failed').length;
  const withFindings = judged.filter((r) => r.verdict === 'finding').length;
  const notEx = server.filter((r) => r.verdict === 'not-exercised');
  const notApp = server.filter((r) => r.verdict === 'not-applicable');
  const noCheck = server.filter((r) => r.verdict === 'no-check').length;
  const byReason = countCodes(notEx);
  const byCause = countCodes(notApp);
  const client = requirements.filter(isClientSide);
  const clientJudged = client.filter(isJudged);
  const clientFailed = client.filter((r) => r.verdict === 'failed').length;
  const parts = [
    `${judged.length - failed} passed${withFindings ? ` (${withFindings} with SHOULD findings)` : ''}`,
    `${failed} failed`,
    `${notEx.length} not exercised${notEx.length ? ` (${codesText(byReason)})` : ''}`,
    `${notApp.length} not applicable${notApp.length ? ` (${codesText(byCause)})` : ''}`,
  ];
  if (noCheck) parts.push(`${noCheck} without a check`);
  return {
    testable: server.length,
    judged: judged.length,
    passed: judged.length - failed,
    failed,
    notExercised: { total: notEx.length, byReason },
    notApplicable: { total: notApp.length, byCause },
    noCheck,
    text: `judged ${judged.length} of ${server.length} testable: ${parts.join(' · ')}`,
    clientSide: { total: client.length, passed: clientJudged.length - clientFailed, failed: clientFailed, other: client.length - clientJudged.length },
    notTestable: requirements.filter((r) => isNotTestable(r) && isStatedMust(r) && !isClientSide(r)).length,
    openPoints: requirements.filter((r) => r.kind === 'open').length,
    descriptions: requirements.filter((r) => r.kind === 'description').length,
  };
}

/**
 * The line about what the headline leaves out: the suite's client side, the stated duties no black box can judge, and
 * the entries that are no duty at all (the spec's open points and descriptions: docs/REPORTS.md).
 */
export function apartText(h: Headline): string {
  const c = h.clientSide;
  const client = `${c.total} client-side rules of the suite itself (${c.passed} passed${c.failed ? `, ${c.failed} failed` : ''}${c.other ? `, ${c.other} not judged: the target cannot break them` : ''})`;
  const duties = `${h.notTestable} stated MUST ${h.notTestable === 1 ? 'duty' : 'duties'} not testable`;
  // Reports before schemaVersion 3 counted the open points among the not-testable MUST entries.
  const none = h.openPoints === undefined ? '' : ` · no duty: ${h.openPoints} open points of the spec, ${h.descriptions} descriptions`;
  return `apart: ${client} · ${duties}${none}`;
}
