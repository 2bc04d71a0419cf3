/**
 * What a server team fixes first, as the console summary (reporting/console.ts) and
 * the HTML report's first screen (reporting/html/fix-first.ts) list it, from the
 * conformance report's verdicts, never judged again:
 *
 *   the MUST failures (verdict `failed`, outside the baseline), then the SHOULD
 *   findings (verdict `finding`), most checks touched first; each with its rule,
 *   one message, the command that runs exactly its check again in the user's
 *   project, and the reproduce line of its first exchange (transport/exchange.ts curlFor).
 */
import { parseTitleIds } from '../catalog/ids.js';
import type { CheckRef, ConformanceReport, RequirementResult } from './report-types.js';

/** The package's command, as a user's project runs it. */
export const PACKAGE_COMMAND = 'npx seller-connect-conformance';

export interface FixItem {
  id: string;
  verdict: 'failed' | 'finding';
  /** One line: what was expected and what came back, or the finding's words. */
  message: string;
  /** How many checks it touches (failed or found it). */
  checks: number;
  /** Its SHOULD findings. */
  findings: number;
  /** Runs exactly the check that showed it again: `npx seller-connect-conformance --rule ID` (or its file:line). */
  rerun: string;
  /** The reproduce line of its first exchange, when there is one. */
  curl?: string;
}

/** The command that runs exactly this check again: by the rule when the check's title names it, else by its place. */
export function rerunCommand(id: string, check: Pick<CheckRef, 'title' | 'file' | 'line'> | undefined): string {
  if (!check || parseTitleIds(check.title).ids.includes(id)) return `${PACKAGE_COMMAND} --rule ${id}`;
  return `${PACKAGE_COMMAND} ${check.file}:${check.line}`;
}

function itemOf(r: RequirementResult, verdict: FixItem['verdict']): FixItem {
  const word = verdict === 'failed' ? 'failed' : 'finding';
  const touched = r.checks.filter((c) => c.ruleVerdict === word || c.evidence.length > 0 || r.findings.some((f) => f.checkId === c.id));
  // The rule's own check first (its title names it: \`--rule ID\` runs it), else the first that showed it.
  const withEvidence = touched.filter((c) => c.evidence.length > 0);
  const shown = withEvidence.find((c) => parseTitleIds(c.title).ids.includes(r.id)) ?? withEvidence[0];
  const evidence = shown?.evidence[0];
  const annotation = r.findings.find((f) => f.kind === 'annotation');
  const message = evidence
    ? `${evidence.title ?? shown?.title ?? ''}: expected ${evidence.expected ?? '?'}; got ${evidence.actual ?? '?'}`
    : (annotation?.message ?? r.findings[0]?.message ?? r.statement);
  const check = shown ?? r.checks.find((c) => c.id === annotation?.checkId) ?? touched[0];
  return { id: r.id, verdict, message, checks: Math.max(1, touched.length), findings: r.findings.length, rerun: rerunCommand(r.id, check), curl: evidence?.curl };
}

/** The MUST failures to fix (the baseline's known ones apart), in catalog order. */
export function mustFailures(report: Pick<ConformanceReport, 'requirements'>): FixItem[] {
  return report.requirements.filter((r) => r.verdict === 'failed' && !r.baseline).map((r) => itemOf(r, 'failed'));
}

/**
 * "SHOULD findings" counts every finding (summary.shouldFindings); "rules with SHOULD findings" the rules whose
 * verdict is `finding`. A rule that failed a MUST may carry findings too: said apart, so the two counts add up.
 */
export function findingsText(report: Pick<ConformanceReport, 'requirements' | 'summary'>): string {
  const rules = report.requirements.filter((r) => r.verdict === 'finding');
  const onRules = rules.reduce((n, r) => n + r.findings.length, 0);
  const onFailed = report.summary.shouldFindings - onRules;
  const ruleCount = `${rules.length} rule${rules.length === 1 ? '' : 's'} with SHOULD findings`;
  return `${report.summary.shouldFindings} SHOULD finding${report.summary.shouldFindings === 1 ? '' : 's'}${onFailed > 0 ? ` (${onRules} on ${ruleCount}, ${onFailed} on rules that failed a MUST)` : ` on ${ruleCount}`}`;
}

/** The rules with SHOULD findings, most checks touched first, then catalog order. */
export function shouldFindings(report: Pick<ConformanceReport, 'requirements'>): FixItem[] {
  const items = report.requirements.filter((r) => r.verdict === 'finding').map((r) => itemOf(r, 'finding'));
  return items.map((item, i) => ({ item, i })).sort((a, b) => b.item.checks - a.item.checks || a.i - b.i).map(({ item }) => item);
}
