/** The matrix as text: what `npm run kill-matrix` prints and what npm test shows. */
import type { MatrixResult } from './matrix-result.js';

const cut = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** `killed/total = %`: the share of declared defects some check proved it can see. */
export function score(result: MatrixResult): string {
  const total = result.defects.length;
  const pct = total === 0 ? 100 : (100 * result.killed) / total;
  return `${result.killed}/${total} = ${pct.toFixed(1)}%`;
}

/** Charged rules inside the defects' declared sets ÷ all charged rules. */
export function precision(result: MatrixResult): string {
  const p = result.precision;
  return `${p.inside}/${p.charged} = ${(100 * p.ratio).toFixed(1)}% (${result.defects.filter((d) => d.verdict === 'OVERCHARGED').length} overcharged)`;
}

/** The check that killed a defect, without its file (the title carries the IDs). */
const checkTitle = (key: string): string => key.split(' › ').slice(1).join(' › ');

/** The defect batch's wall time, and per defect run. */
function defectsLine(result: MatrixResult): string {
  const ran = result.defects.filter((d) => d.verdict !== 'NO-CHECK').length + result.realService.filter((r) => r.verdict !== 'NO-CHECK').length;
  const per = ran ? result.defectsWallSeconds / ran : 0;
  return `defect batch: ${ran} defect run(s), ${result.workers} at a time, wall ${result.defectsWallSeconds.toFixed(1)} s = ${per.toFixed(2)} s per defect`;
}

/** Every run of the matrix: defects, whole-suite runs, evasions and real-service runs. */
const allRuns = (result: MatrixResult): { verdict: string }[] => [...result.defects, ...result.suites, ...result.evasions, ...result.realService];

/**
 * The one line a stopped matrix prints (among its problems) instead of a row for each run it never started: why it
 * stopped, and how many of its runs began.
 */
export function stoppedLine(result: MatrixResult, why: string): string {
  const runs = allRuns(result);
  const started = runs.filter((r) => r.verdict !== 'NOT-RUN').length;
  return `${why}: ${started} of ${runs.length} runs began, ${runs.length - started} never started (not listed)`;
}

export function formatMatrix(whole: MatrixResult): string {
  const out: string[] = [];
  // A run never started says nothing of the suite: the tables show the runs that began; `problems` counts the rest.
  const began = <T extends { verdict: string }>(rows: T[]): T[] => rows.filter((r) => r.verdict !== 'NOT-RUN');
  const result: MatrixResult = { ...whole, defects: began(whole.defects), suites: began(whole.suites), evasions: began(whole.evasions), realService: began(whole.realService) };
  if (result.defects.length > 0) {
    const rows = result.defects.map((d) => [
      d.name + (d.unknownIds.length ? ' (!)' : ''),
      d.group,
      d.verdict,
      cut(d.killers[0] ? checkTitle(d.killers[0]) : (d.detail ?? '').split('\n')[0], 90),
      d.seconds.toFixed(1),
    ]);
    out.push(table(['defect', 'group', 'verdict', 'killed by / why not', 's'], rows));
    out.push('', `score: ${score(whole)} killed`, `blame precision: ${precision(result)}`);
  } else if (allRuns(whole).length === 0) {
    out.push('no defects declared or selected');
  }
  const unknown = result.defects.filter((d) => d.unknownIds.length > 0);
  if (unknown.length > 0) {
    out.push('', '(!) breaks IDs absent from the catalog:');
    for (const d of unknown) out.push(`  ${d.name}: ${d.unknownIds.join(', ')}`);
  }
  const alone = result.defects.filter((d) => d.rerunAlone && d.verdict === 'KILLED');
  if (alone.length > 0) {
    out.push('', 'killed only in a run of their own (they survived the batch: the killing check depends on a freshly started reference, docs/TEETH.md):');
    for (const d of alone) out.push(`  ${d.name} [${d.rerunAlone?.batchVerdict} in the batch] ${d.killers[0] ? checkTitle(d.killers[0]) : ''}`);
  }
  const notKilled = result.defects.filter((d) => d.verdict !== 'KILLED');
  if (notKilled.length > 0) {
    out.push('', 'not killed:');
    for (const d of notKilled) {
      out.push(`  ${d.name} [${d.verdict}] breaks ${d.breaks.join(', ') || '(nothing)'}: ${d.description}`);
      if (d.detail) out.push(...d.detail.split('\n').slice(0, 8).map((l) => `      ${l}`));
      if (d.logPath) out.push(`      log: ${d.logPath}`);
    }
  }
  if (result.suites.length > 0) {
    out.push('', 'whole suite against servers that keep the spec (every check must pass):');
    const rows = result.suites.map((s) => [
      s.name,
      s.verdict,
      `${s.counts.passed}/${s.counts.failed}/${s.counts.skipped}`,
      s.seconds.toFixed(1),
    ]);
    out.push(table(['reference', 'verdict', 'pass/fail/skip', 's'], rows));
    for (const s of result.suites.filter((x) => x.verdict !== 'PASS')) {
      out.push('', `  ${s.name} [${s.verdict}]${s.logPath ? ` log: ${s.logPath}` : ''}`);
      if (s.detail) out.push(...s.detail.split('\n').slice(0, 8).map((l) => `      ${l}`));
      for (const f of s.failures) {
        out.push(`    false failure (${f.status}): ${f.key}`);
        if (f.error) out.push(...f.error.split('\n').slice(0, 3).map((l) => `        ${l}`));
      }
      for (const k of s.unexplainedSkips) out.push(`    skipped without "not exercised:": ${k.key} (${k.reason ?? 'no reason'})`);
    }
  }
  if (result.evasions.length > 0) {
    out.push('', 'evasion matrix (each gate must be FAILED or INCOMPLETE, never PASSED or BROKEN):');
    const rows = result.evasions.map((e) => [
      e.name + (e.withDefect ? ` + ${e.withDefect}` : ''),
      e.verdict,
      e.exitCode === null ? '-' : String(e.exitCode),
      e.gate ?? '?',
      e.judged !== undefined && e.testable !== undefined ? `${e.judged}/${e.testable}` : '?',
      e.seconds.toFixed(1),
    ]);
    out.push(table(['evasion', 'row', 'exit', 'gate', 'MUST judged/testable', 's'], rows));
    for (const e of result.evasions.filter((x) => x.verdict !== 'OK')) {
      out.push('', `  ${e.name} [${e.verdict}]${e.logPath ? ` log: ${e.logPath}` : ''}`);
      if (e.detail) out.push(...e.detail.split('\n').slice(0, 8).map((l) => `      ${l}`));
    }
  }
  if (result.realService.length > 0) {
    out.push('', 'real-service configuration (no control API, seeded accounts, large limits): each defect KILLED or UNJUDGED, never HIDDEN:');
    const rows = result.realService.map((r) => [r.name, r.group, r.verdict, cut(r.killers[0] ? checkTitle(r.killers[0]) : (r.detail ?? '').split('\n')[0], 90), r.seconds.toFixed(1)]);
    out.push(table(['defect', 'group', 'verdict', 'killed by / shown unjudged / why not', 's'], rows));
    const count = (v: string) => result.realService.filter((r) => r.verdict === v).length;
    out.push(`real service: ${count('KILLED')} killed, ${count('UNJUDGED')} shown unjudged, ${count('HIDDEN')} hidden, ${count('NO-CHECK')} no check, ${count('ERROR')} error`);
  }
  if (result.problems.length > 0) {
    out.push('', 'problems:');
    for (const p of result.problems) out.push(...p.split('\n').slice(0, 10).map((l, i) => (i ? `    ${l}` : `  - ${l}`)));
  }
  out.push(
    '',
    `${result.listedChecks === undefined ? '' : `${result.listedChecks} conformance checks listed; `}${result.jobs} whole-suite run(s) at a time; ` +
      `total ${result.wallSeconds.toFixed(1)} s${result.seed ? `; FC_SEED=${result.seed}` : ''}`,
    ...(result.defectsWallSeconds > 0 ? [defectsLine(result)] : []),
    result.ok ? 'TEETH OK' : 'TEETH NOT PROVEN',
  );
  return out.join('\n');
}
