/**
 * What the GitHub Action (scripts/action-run.ts) shows of a run on the run's page, from the conformance.json
 * it wrote: one `::error` annotation per failing MUST rule, at the file and line of the check that failed it
 * (its path in the suite's repository: a GitHub annotation outside the caller's repository shows as text),
 * and the job summary (the headline, a table of the failing MUST rules, the MUST rules not exercised by
 * reason, and the name of the uploaded reports artifact). No third-party action, no `checks: write`.
 */
import { codesText } from '../reporting/headline.js';
import { isServerMust } from '../reporting/scope.js';
import type { ConformanceReport, RequirementResult } from '../reporting/report-types.js';

export const GATE_STATES = ['PASSED', 'FAILED', 'BROKEN', 'INCOMPLETE'] as const;

/** The part of conformance.json the Action reads: a report of a broken run may lack any of it. */
export type WrittenReport = Partial<Pick<ConformanceReport, 'gate' | 'run'>> & {
  summary?: { headline?: { text?: string } };
  requirements?: RequirementResult[];
};

/** A workflow command's property or message, escaped as GitHub's toolkit does (`%`, CR, LF; `:` and `,` in properties). */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A Markdown table cell: no pipe or line break may end it early. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The failing MUST rules that fail the gate (outside the baseline): the gate's blocking list, MUST ones only. */
export function failingMust(report: WrittenReport | undefined): RequirementResult[] {
  const blocking = new Set(report?.gate?.blocking ?? []);
  return (report?.requirements ?? []).filter((r) => r.verdict === 'failed' && blocking.has(r.id));
}

/** Where the checks are, in the suite's repository: a report names a check's file from Playwright's testDir. */
const CHECKS_DIR = 'specs';

/** The check that failed the rule (its own word on the rule says so; else the first failed check listed under it), by its path in the suite's repository. */
function failingCheck(rule: RequirementResult): { file: string; line: number } | undefined {
  const check = rule.checks.find((c) => c.ruleVerdict === 'failed') ?? rule.checks.find((c) => c.status === 'failed') ?? rule.checks[0];
  return check && { file: `${CHECKS_DIR}/${check.file}`, line: check.line };
}

/** One `::error` line per failing MUST rule, at its check's file and line (relative to the suite's folder). */
export function annotations(report: WrittenReport | undefined): string[] {
  return failingMust(report).map((rule) => {
    const check = failingCheck(rule);
    const where = check ? `file=${escapeProperty(check.file)},line=${check.line},` : '';
    return `::error ${where}title=${escapeProperty(`${rule.id} (MUST) failed`)}::${escapeData(rule.statement)}`;
  });
}

/** The server's MUST rules not exercised, grouped by reason code. */
function notExercisedByReason(report: WrittenReport | undefined): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const r of (report?.requirements ?? []).filter((x) => isServerMust(x) && x.verdict === 'not-exercised')) {
    const code = r.reasonCode ?? 'unknown';
    by.set(code, [...(by.get(code) ?? []), r.id]);
  }
  return by;
}

/** The job summary of the run's page. */
export function summaryMarkdown(report: WrittenReport | undefined, gate: number, artifactName: string | undefined): string {
  const state = report?.gate?.state ?? GATE_STATES[gate] ?? 'BROKEN';
  const lines = [`## Seller Connect conformance: ${state} (exit ${gate})`, ''];
  if (!report?.summary?.headline?.text) {
    lines.push('No conformance report was written: the run broke before it built one (the log above says why).', '');
  } else {
    lines.push(`**MUST rules of the server:** ${report.summary.headline.text}`, '');
  }
  for (const reason of report?.gate?.reasons ?? []) lines.push(`- ${reason}`);
  if (report?.gate?.reasons?.length) lines.push('');
  const failing = failingMust(report);
  if (failing.length) {
    lines.push(`### Failing MUST rules (${failing.length})`, '', '| rule | what the spec requires | check |', '|---|---|---|');
    for (const rule of failing) {
      const check = failingCheck(rule);
      lines.push(`| **${rule.id}** | ${cell(rule.statement)} | ${check ? `\`${check.file}:${check.line}\`` : ''} |`);
    }
    lines.push('');
  }
  const notExercised = notExercisedByReason(report);
  if (notExercised.size) {
    const counts = Object.fromEntries([...notExercised].map(([code, ids]) => [code, ids.length]));
    lines.push(`### MUST rules not exercised (${codesText(counts)})`, '', '| reason | rules |', '|---|---|');
    for (const [code, ids] of notExercised) lines.push(`| \`${code}\` | ${ids.join(', ')} |`);
    lines.push('');
  }
  if (artifactName) lines.push(`Reports: the artifact **${artifactName}** of this run (conformance.html opens offline; conformance.json, junit.xml).`, '');
  return lines.join('\n');
}
