/**
 * The summary printed after the run, for the people reading a CI log: the headline
 * (the server's testable MUST rules judged, and why not the rest), then every MUST
 * failure and every rule with SHOULD findings (reporting/fix-list.ts: one line each,
 * the rule and its message, then the command that runs its check again and its
 * reproduce line; the first 10 and a count of the rest), then every rule left not
 * exercised or not applicable, by code, with what reaches it (reporting/unjudged-list.ts),
 * the gate (PASSED, FAILED, INCOMPLETE, BROKEN) and where the reports are. Colour only on a TTY.
 */
import { budgetLines } from '../results/budget-files.js';
import { describeFootprint } from '../lib/footprint-count.js';
import { apartText } from './headline.js';
import { gateState } from './gate.js';
import { type FixItem, findingsText, mustFailures, shouldFindings } from './fix-list.js';
import { selectionCount, unjudgedGroups } from './unjudged-list.js';
import type { ConformanceReport } from './report-types.js';

export interface ConsoleOptions {
  color?: boolean;
  /** Paths shown under "Reports". */
  reportPaths?: string[];
  /** At most this many failures, findings (each) listed; the rest are counted. */
  maxListed?: number;
}

function oneLine(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A failure or finding: its rule and message on one line, then how to see it again (the reproduce line whole: it must run as printed). */
function itemLines(mark: string, item: FixItem): string[] {
  const lines = [`  ${mark} ${item.id}  ${oneLine(item.message, 160)}${item.checks > 1 ? ` (${item.checks} checks)` : ''}`, `      run its check again: ${item.rerun}`];
  if (item.curl) lines.push(`      reproduce: ${item.curl}`);
  return lines;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function formatConsoleSummary(report: ConformanceReport, opts: ConsoleOptions = {}): string {
  const c = opts.color
    ? { red: (s: string) => `\x1b[31m${s}\x1b[39m`, green: (s: string) => `\x1b[32m${s}\x1b[39m`, yellow: (s: string) => `\x1b[33m${s}\x1b[39m`, bold: (s: string) => `\x1b[1m${s}\x1b[22m` }
    : { red: (s: string) => s, green: (s: string) => s, yellow: (s: string) => s, bold: (s: string) => s };
  const { summary: s, gate, run } = report;
  const max = opts.maxListed ?? 10;
  const out: string[] = ['', c.bold(`Seller Connect conformance — target: ${run.target}`)];
  if (run.filtered) out.push(`Selection: ${run.filtered} (requirements outside it are not applicable [selection])`);
  for (const e of run.errors) out.push(c.red(`Run error: ${e}`));

  const h = s.headline;
  const whole = h.judged === h.testable;
  out.push(c.bold(`MUST rules of the server: ${whole ? h.text : c.yellow(h.text)}`));
  out.push(`  ${apartText(h)}`);
  out.push(`${findingsText(report)} · rules of every level: ${s.exercised} of ${s.requirements} judged${s.byVerdict['no-check'] ? ` · ${s.byVerdict['no-check']} without a check` : ''}`);

  const list = (items: FixItem[], mark: string, paint: (s: string) => string) => {
    for (const item of items.slice(0, max)) out.push(...itemLines(mark, item).map(paint));
    if (items.length > max) out.push(paint(`  … and ${plural(items.length - max, 'more rule')} (see the HTML report)`));
  };
  const failures = mustFailures(report);
  if (failures.length) {
    out.push(c.red(c.bold(`MUST failures (${plural(failures.length, 'rule')}): fix these first`)));
    list(failures, '✘', c.red);
  }
  const findings = shouldFindings(report);
  if (findings.length) {
    const note = gate.strict ? 'SC_STRICT=1: they fail the gate' : 'they do not fail the gate';
    const listed = findings.reduce((n, f) => n + f.findings, 0);
    out.push(c.yellow(c.bold(`SHOULD findings: ${plural(findings.length, 'rule')} with ${plural(listed, 'SHOULD finding')}, most checks first; ${note}:`)));
    list(findings, '⚠', c.yellow);
  }
  // A broken run's unjudged rules are the run's doing: its errors say why, no list of them.
  const groups = run.errors.length ? [] : unjudgedGroups(report);
  for (const g of groups) {
    const paint = g.state === 'not exercised' ? c.yellow : (x: string) => x;
    out.push(paint(`${g.state} [${g.code}] (${plural(g.ids.length, 'rule')}): ${g.means}${g.reachedBy ? `; reached by ${g.reachedBy}` : ''}`));
    out.push(paint(`  ${g.ids.join(', ')}`));
  }
  const selected = selectionCount(report);
  if (selected) out.push(`not applicable [selection] (${plural(selected, 'rule')}): outside this run's selection (${run.filtered ?? '--grep, --rule'}); a run without it judges them`);
  const accepted = new Set(gate.baseline?.accepted ?? []);
  if (accepted.size) out.push(`Accepted as not exercised (baseline): ${[...accepted].join(', ')}`);
  const known = report.requirements.filter((r) => r.verdict === 'failed' && r.baseline);
  if (known.length) out.push(c.yellow(`Known gaps (baseline, not blocking): ${known.map((r) => r.id).join(', ')}`));
  const fixed = gate.baseline?.fixed ?? [];
  if (fixed.length) out.push(c.green(`Fixed — remove from the baseline (${gate.baseline?.file}): ${fixed.join(', ')}`));
  const staleOther = (gate.baseline?.stale ?? []).filter((id) => !fixed.includes(id));
  if (staleOther.length) out.push(c.yellow(`Stale baseline entries — update ${gate.baseline?.file}: ${staleOther.join(', ')}`));
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
