/** The fairness matrix's text: one line per false draw with its shrunk reproduction, the figures, the coverage. */
import { drawnFreedoms } from '../catalog/freedoms.js';
import { type FairnessResult, reproduction } from './fairness.js';
import { KNOWN_UNFAIR } from './fairness-known.js';

export function formatFairness(result: FairnessResult): string {
  const lines: string[] = [];
  const count = (v: string) => result.rows.filter((r) => r.judgement.verdict === v).length;
  const perHour = result.wallSeconds > 0 ? (result.rows.length / result.wallSeconds) * 3600 : 0;
  lines.push(`Fairness: ${result.rows.length} draws in ${(result.wallSeconds / 60).toFixed(1)} min (${perHour.toFixed(0)} draws per hour): ${count('FAIR')} fair, ${result.falseVerdicts} false verdicts, ${count('ERROR')} errors, ${count('NOT-RUN')} not run`);
  const unfair = result.rows.filter((r) => r.judgement.verdict !== 'FAIR' && r.judgement.verdict !== 'NOT-RUN');
  if (unfair.length) lines.push('', 'False verdicts and errors (shrunk to the fewest freedoms that still give them):');
  for (const r of unfair) {
    lines.push(`  ${r.judgement.verdict} ${r.label}: ${r.judgement.detail ?? ''}`);
    const shrunk = r.shrunk?.values;
    const known = shrunk && KNOWN_UNFAIR.find((k) => JSON.stringify(Object.entries(k.values).sort()) === JSON.stringify(Object.entries(shrunk).sort()));
    lines.push(`    ${reproduction(shrunk ?? r.values, r.shrunk ? r.shrunk.undeclared : r.undeclared)}${r.shrunk ? (r.shrunk.knownFrom ? `  (as ${r.shrunk.knownFrom})` : r.shrunk.intermittent ? '  (intermittent: fair when probed again, not shrunk)' : `  (${r.shrunk.probes} probes)`) : '  (not shrunk)'}${known ? '  known: teeth/fairness-known.ts' : ''}`);
  }
  const drawn = drawnFreedoms();
  const values = drawn.reduce((n, f) => n + (f.realized?.length ?? 0), 0);
  const covered = drawn.reduce((n, f) => n + (result.covered[f.id]?.length ?? 0), 0);
  lines.push('', `Freedoms covered: ${Object.keys(result.covered).length} of ${drawn.length} drawn freedoms, ${covered} of ${values} values:`);
  for (const f of drawn) {
    const seen = result.covered[f.id] ?? [];
    const missing = (f.realized ?? []).map(String).filter((v) => !seen.includes(v));
    lines.push(`  ${f.id}: ${seen.join(', ') || '-'}${missing.length ? `  (not drawn: ${missing.join(', ')})` : ''}`);
  }
  const declared = Object.entries(result.declarations).filter(([, n]) => n.declared + n.undeclared > 0);
  if (declared.length) lines.push('', 'Declarations drawn (declared / undeclared):', ...declared.map(([id, n]) => `  ${id}: ${n.declared} / ${n.undeclared}`));
  lines.push('', result.ok ? 'FAIR: every draw got the verdict an honest server deserves' : 'NOT FAIR: see the draws above');
  return lines.join('\n');
}
