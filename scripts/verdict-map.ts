import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitOnHelp } from '../lib/cli-help.js';
import type { ConformanceReport } from '../reporting/report-types.js';
import type { MatrixResult } from '../teeth/matrix-result.js';

/**
 * The rule → verdict map of a kill-matrix run kept with --keep: what a move of
 * code must leave unchanged (issue 23: "commit the map before moving anything
 * and diff it after"). Reads the matrix's JSON and the run folders beside it;
 * writes one sorted JSON whose diff is the change in verdicts.
 *
 *   npm run kill-matrix -- --defects --clean --variants-together --evasions --keep --out km.json
 *   tsx scripts/verdict-map.ts km.json <run folder> > map.json
 */

/** The matrix's JSON as scripts/kill-matrix.ts writes it (its rows, teeth/matrix-result.ts). */
type Matrix = Pick<MatrixResult, 'defects' | 'suites' | 'evasions'>;

const USAGE = 'usage: npx tsx scripts/verdict-map.ts <kill-matrix.json> <run folder kept by --keep> [<out.json>]';
exitOnHelp(USAGE);

function usage(): never {
  console.error(USAGE);
  process.exit(2);
}

function rulesOf(folder: string): Record<string, string> {
  const file = join(folder, 'conformance.json');
  if (!existsSync(file)) return {};
  const report = JSON.parse(readFileSync(file, 'utf8')) as Partial<ConformanceReport>;
  return Object.fromEntries((report.requirements ?? []).map((r) => [r.id, r.verdict]).sort());
}

const [matrixFile, runFolder] = process.argv.slice(2);
if (!matrixFile || !runFolder) usage();
const matrix = JSON.parse(readFileSync(matrixFile, 'utf8')) as Matrix;
const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

const map = {
  suites: Object.fromEntries(
    byName(matrix.suites).map((s) => [s.name, { verdict: s.verdict, rules: rulesOf(join(runFolder, `suite-${s.name}`)) }]),
  ),
  evasions: Object.fromEntries(
    byName(matrix.evasions).map((e) => [
      e.name,
      { verdict: e.verdict, gate: e.gate, judged: e.judged, rules: rulesOf(join(runFolder, `evasion-${e.name}`)) },
    ]),
  ),
  defects: Object.fromEntries(
    byName(matrix.defects).map((d) => [d.name, { verdict: d.verdict, killers: [...d.killers].sort() }]),
  ),
};
const out = JSON.stringify(map, null, 1);
if (process.argv[4]) writeFileSync(process.argv[4], `${out}\n`);
else process.stdout.write(`${out}\n`);
