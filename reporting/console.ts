/**
 * The few lines printed after the run: MUST pass rate, each failing
 * requirement on one line, the SHOULD finding count, the gate, where the
 * reports are. Colour only on a TTY.
 */
import { budgetLines } from '../fixtures/budget.js';
import { describeFootprint } from '../lib/footprint.js';
import type { ConformanceReport, RequirementResult } from './types.js';

export interface ConsoleOptions {
  color?: boolean;
  /** Paths shown under "Reports". */
  reportPaths?: string[];
  /** At most this many failing requirements listed (the rest are counted). */
  maxListed?: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1).replace(/\.0$/, '')}%`;

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
  if (run.filtered) out.push(`Selection: ${run.filtered} (requirements outside it show as no-check)`);
  for (const e of run.errors) out.push(c.red(`Run error: ${e}`));

  const rate = s.must.rate === null ? 'n/a (no MUST requirement exercised)' : `${s.must.passed}/${s.must.exercised} (${pct(s.must.rate)})`;
  out.push(`MUST pass rate: ${rate} · SHOULD findings: ${s.shouldFindings} · exercised: ${s.exercised}/${s.requirements} requirements (${pct(s.exercisedShare)})`);
  out.push(`Not exercised: ${s.byVerdict['not-exercised']} · not testable: ${s.byVerdict['not-testable']} · suite side: ${s.byVerdict['suite-side']} · no check: ${s.byVerdict['no-check']}`);

  const mustFailed = report.requirements.filter((r) => r.verdict === 'failed' && r.severity === 'MUST');
  const blocking = mustFailed.filter((r) => !r.baseline);
  if (blocking.length) {
    out.push(c.red(`Failing MUST requirements (${blocking.length}):`));
    for (const r of blocking.slice(0, max)) out.push(c.red(`  ✘ ${failingLine(r)}`));
    if (blocking.length > max) out.push(c.red(`  … and ${blocking.length - max} more (see the HTML report)`));
  }
  const known = mustFailed.filter((r) => r.baseline);
  if (known.length) out.push(c.yellow(`Known gaps (baseline, not blocking): ${known.map((r) => r.id).join(', ')}`));
  const fixed = gate.baseline?.fixed ?? [];
  if (fixed.length) out.push(c.green(`Fixed — remove from the baseline (${gate.baseline?.file}): ${fixed.join(', ')}`));
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

  out.push(gate.passed ? c.green(c.bold(`Gate: PASSED${gate.strict ? ' (strict)' : ''}`)) : c.red(c.bold(`Gate: FAILED — ${gate.reasons.join('; ')}`)));
  if (opts.reportPaths?.length) out.push(`Reports: ${opts.reportPaths.join('  ')}`);
  return out.join('\n');
}
