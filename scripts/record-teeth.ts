/**
 * `npm run teeth:record`: writes the committed figures of the suite's teeth from the
 * latest full runs, so the README and the conformance report's footer show them without
 * running anything (docs/TEETH.md "Recorded scores"):
 *  - teeth/mutation-record.json: every mutant of the last complete `npm run mutation`
 *    (reports/mutation/mutation.json), by key, with its status; the survivor test checks
 *    teeth/mutation-survivors.json against it when no report is there;
 *  - teeth/scores.json: the kill score (reports/kill-matrix.json, when it ran every defect)
 *    and the mutation scores per file, plain and accounted (equivalent and spec-left-open
 *    survivors set aside).
 * Refuses a partial run (a sample, a time limit that left mutants Pending, a kill matrix
 * of some defects only): the recorded figures are those of the whole.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutationTestResult } from 'mutation-testing-report-schema/api';
import { DEFECTS } from '../reference/defects/index.js';
import { HARDEST_FILES } from '../teeth/mutation/plan.js';
import { MUTATION_REPORT_DIR, scores } from '../teeth/mutation/report.js';
import { accountedScores, fileOfKey, loadSurvivors, RECORD_FILE, runOfReport } from '../teeth/mutation/survivors.js';
import { ROOT } from '../teeth/paths.js';
import { SCORES_FILE, type TeethScores } from '../reporting/teeth-scores.js';
import { exitOnHelp } from '../lib/cli-help.js';

exitOnHelp(`usage: npm run teeth:record

Writes teeth/mutation-record.json and teeth/scores.json from the latest complete runs:
reports/mutation/mutation.json (npm run mutation -- --time-limit 0) and reports/kill-matrix.json
(npm run kill-matrix -- --defects). Refuses a sample or a run cut short.`);

const fail = (message: string): never => {
  console.error(`teeth:record: ${message}`);
  process.exit(1);
};
const previous: Partial<TeethScores> = existsSync(SCORES_FILE) ? JSON.parse(readFileSync(SCORES_FILE, 'utf8')) : {};

const reportPath = join(MUTATION_REPORT_DIR, 'mutation.json');
if (!existsSync(reportPath)) fail(`no ${reportPath}: run npm run mutation -- --time-limit 0 first`);
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationTestResult;
const run = runOfReport(report);
if (!run.complete) fail('the mutation report is of a sample or was cut short by its time limit: record a complete run');
const missing = HARDEST_FILES.filter((f) => !run.files.includes(f));
if (missing.length) fail(`the mutation report lacks ${missing.join(', ')}: record a run of the default files`);
const config = report.config as { wallSeconds?: number; mutantsRun?: number; mutantSeconds?: number };
writeFileSync(
  RECORD_FILE,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), files: run.files, timing: { wallSeconds: config.wallSeconds, mutantsRun: config.mutantsRun, mutantSeconds: config.mutantSeconds }, mutants: run.mutants }, null, 1)}\n`,
);

const killPath = join(ROOT, 'reports', 'kill-matrix.json');
let kill = previous.kill;
if (existsSync(killPath)) {
  const matrix = JSON.parse(readFileSync(killPath, 'utf8')) as { generatedAt: string; killed: number; defects: unknown[]; precision: { inside: number; charged: number } };
  if (matrix.defects.length === Object.keys(DEFECTS).length)
    kill = { generatedAt: matrix.generatedAt, killed: matrix.killed, defects: matrix.defects.length, precision: matrix.precision };
  else console.log(`reports/kill-matrix.json ran ${matrix.defects.length} of ${Object.keys(DEFECTS).length} defects: the kill score stays as recorded`);
}
const survivors = loadSurvivors();
const plain = scores(run.mutants.map((m) => ({ file: fileOfKey(m.key), status: m.status })));
const accounted = accountedScores(survivors, run);
const detected = accounted.reduce((n, a) => n + a.detected, 0);
const relevant = accounted.reduce((n, a) => n + a.detected + a.undetected - a.equivalent - a.leftOpen, 0);
const scoresOut: TeethScores = {
  kill,
  mutation: {
    generatedAt: new Date().toISOString(),
    files: plain.map((p) => ({ ...p, accounted: accounted.find((a) => a.file === p.file)?.score ?? 0 })),
    accounted: { detected, relevant, score: relevant ? detected / relevant : 1 },
  },
};
writeFileSync(SCORES_FILE, `${JSON.stringify(scoresOut, null, 2)}\n`);
console.log(`wrote ${RECORD_FILE} and ${SCORES_FILE}`);
