/**
 * The few lines printed after the run: the headline (the server's testable
 * MUST rules judged, and why not the rest), each failing requirement on one
 * line, the reachable MUST rules not exercised, the SHOULD finding count, the
 * gate (PASSED, FAILED, INCOMPLETE, BROKEN), where the reports are. Colour only on a TTY.
 */
import { budgetLines } from '../results/budget-files.js';
import { describeFootprint } from '../lib/footprint-count.js';
import { apartText } from './headline.js';
import { gateState } from './gate.js';
import { isServerMust } from './scope.js';
import type { ConformanceReport, RequirementResult } from './report-types.js';

export interface ConsoleOptions {
  color?: boolean;
  /** Paths shown under "Reports". */
  reportPaths?: string[];
  /** At most this many failing requirements listed (the rest are counted). */
  maxListed?: number;
}

function oneLine(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function failingLine(r: RequirementResult): string {
  const check = r.checks.find((c) => c.status === 'failed') ?? r.checks[0];
  const where = check ? ` — ${oneLine(check.title, 90)}${check.file ? ` (${check.file}:${check.line})` : ''}` : '';
  return `${r.id} — ${oneLine(r.statement || r.quote, 90)}${where}`;
}

export function formatConsoleSummary(report: ConformanceReport, opts: ConsoleOptions = {}): string {
  const c = opts.color
    ? { red: (s: string) => `\x1b[31m${s}\x1b[39m`, green: (s: string) => `\x1b[32m${s}\x1b[39m`, yellow: (s: string) => `\x1b[33m${s}\x1b[39m`, bold: (s: string) => `\x1b[1m${s}\x1b[22m` }
    : { red: (s: string) => s, green: (s: string) => s, yellow: (s: string) => s, bold: (s: string) => s };
  const { summary: s, gate, run } = report;
  const max = opts.maxListed ?? 25;
  const out: string[] = ['', c.bold(`Seller Connect conformance — target: ${run.target}`)];
  if (run.filtered) out.push(`Selection: ${run.filtered} (requirements outside it are not applicable [selection])`);
  for (const e of run.errors) out.push(c.red(`Run error: ${e}`));

  const h = s.headline;
  const whole = h.judged === h.testable;
  out.push(c.bold(`MUST rules of the server: ${whole ? h.text : c.yellow(h.text)}`));
  out.push(`  ${apartText(h)}`);
  out.push(`SHOULD findings: ${s.shouldFindings} · all rules: ${s.exercised}/${s.requirements} judged · not testable ${s.byVerdict['not-testable']} · suite side ${s.byVerdict['suite-side']} · no check ${s.byVerdict['no-check']}`);

  const mustFailed = report.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'MUST');
  const blocking = mustFailed.filter((r) => !r.baseline);
  if (blocking.length) {
    out.push(c.red(`Failing MUST requirements (${blocking.length}):`));
    for (const r of blocking.slice(0, max)) out.push(c.red(`  ✘ ${failingLine(r)}`));
    if (blocking.length > max) out.push(c.red(`  … and ${blocking.length - max} more (see the HTML report)`));
  }
  const accepted = new Set(gate.baseline?.accepted ?? []);
  // A broken run's unjudged rules are the run's doing: its errors say why, no list of them.
  const unjudged = run.errors.length ? [] : report.requirements.filter((r) => isServerMust(r) && r.verdict === 'not-exercised' && !accepted.has(r.id));
  if (unjudged.length) {
    out.push(c.yellow(`MUST rules not exercised (${unjudged.length}): the target's answers kept them from being judged:`));
    for (const r of unjudged.slice(0, max)) out.push(c.yellow(`  ? ${r.id} [${r.reasonCode}] ${oneLine(r.reason ?? '', 110)}`));
    if (unjudged.length > max) out.push(c.yellow(`  … and ${unjudged.length - max} more (see the HTML report)`));
  }
  if (accepted.size) out.push(`Accepted as not exercised (baseline): ${[...accepted].join(', ')}`);
  const known = mustFailed.filter((r) => r.baseline);
  if (known.length) out.push(c.yellow(`Known gaps (baseline, not blocking): ${known.map((r) => r.id).join(', ')}`));
  const fixed = gate.baseline?.fixed ?? [];
  if (fixed.length) out.push(c.green(`Fixed — remove from the baseline (${gate.baseline?.file}): ${fixed.join(', ')}`));
  const staleOther = (gate.baseline?.stale ?? []).filter((id) => !fixed.includes(id));
  if (staleOther.length) out.push(c.yellow(`Stale baseline entries — update ${gate.baseline?.file}: ${staleOther.join(', ')}`));
  if (gate.strict) {
    const should = report.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'SHOULD' && !r.baseline);
    for (const r of should.slice(0, max)) out.push(c.yellow(`  ⚠ ${failingLine(r)}`));
  }
  if (report.diff) {
    const d = report.diff;
    out.push(`Since ${d.previousFile}: newly failing ${d.newlyFailing.length ? d.newlyFailing.join(', ') : 'none'} · newly passing ${d.newlyPassing.length ? d.newlyPassing.join(', ') : 'none'}${d.noLongerExercised.length ? ` · no longer exercised ${d.noLongerExercised.join(', ')}` : ''}`);
  }
  if (report.problems.length) out.push(c.yellow(`Problems: ${report.problems.length} (unknown IDs, titles without IDs, …: see the report)`));
  if (run.budget) out.push(...budgetLines(run.budget));
  if (run.footprint) out.push(describeFootprint(run.footprint));

  const state = gateState(gate);
  const why = gate.reasons.length ? ` — ${gate.reasons.join('; ')}` : '';
  const paint = { PASSED: c.green, FAILED: c.red, BROKEN: c.red, INCOMPLETE: c.yellow }[state];
  out.push(paint(c.bold(`Gate: ${state}${gate.strict ? ' (strict)' : ''} (exit ${gate.exitCode})${state === 'PASSED' ? '' : why}`)));
  if (opts.reportPaths?.length) out.push(`Reports: ${opts.reportPaths.join('  ')}`);
  return out.join('\n');
}
