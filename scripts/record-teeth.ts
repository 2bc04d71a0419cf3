/**
 * `npm run teeth:record`: writes the committed figures of the suite's teeth from the
 * latest runs, so docs/TEETH.md and the conformance report's footer show them without
 * running anything (docs/TEETH.md "Recorded scores"):
 *  - teeth/mutation-record.json: every mutant of the default files, by key, with its status
 *    (teeth/mutation/record.ts). A complete `npm run mutation` of every default file
 *    (reports/mutation/mutation.json) replaces it; a complete run of some of them replaces
 *    exactly those files' mutants and keeps the others'. The survivor test checks
 *    teeth/mutation-survivors.json against it when no report is there;
 *  - teeth/scores.json: the kill score (reports/kill-matrix.json, when it ran every defect;
 *    else the recorded one stays) and the mutation scores per file of the record, plain and
 *    accounted (equivalent and spec-left-open survivors set aside).
 * Refuses a sample or a run its time limit cut short: a mutant missing from it may still exist.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutationTestResult } from 'mutation-testing-report-schema/api';
import { DEFECTS } from '../reference/defects/index.js';
import { HARDEST_FILES } from '../teeth/mutation/plan.js';
import { mergeRecord, readRecord } from '../teeth/mutation/record.js';
import { MUTATION_REPORT_DIR, scores } from '../teeth/mutation/report.js';
import { accountedScores, fileOfKey, loadSurvivors, RECORD_FILE, runOfReport } from '../teeth/mutation/survivors.js';
import { ROOT } from '../teeth/paths.js';
import { recordTimings, type TimedMatrix, TIMINGS_FILE } from '../teeth/timings.js';
import { SCORES_FILE, type TeethScores } from '../reporting/teeth-scores.js';
import { exitOnHelp } from '../lib/cli-help.js';

exitOnHelp(`usage: npm run teeth:record

Writes teeth/mutation-record.json and teeth/scores.json from the latest runs:
reports/mutation/mutation.json (npm run mutation -- --time-limit 0) and reports/kill-matrix.json
(npm run kill-matrix -- --defects).

A complete mutation run of every default file replaces the record; a complete run of some of
them (npm run mutation -- --file F --time-limit 0) replaces exactly those files' mutants and
keeps the other files' as recorded; with no report, the record stays as it is. Refuses a sample
or a run cut short by its time limit.
The kill score, and each run's seconds (teeth/timings.json: the order of a fresh clone's matrix), are
taken only from a kill matrix of every defect; else they stay as recorded.`);

const fail = (message: string): never => {
  console.error(`teeth:record: ${message}`);
  process.exit(1);
};
const previous: Partial<TeethScores> = existsSync(SCORES_FILE) ? JSON.parse(readFileSync(SCORES_FILE, 'utf8')) : {};

const reportPath = join(MUTATION_REPORT_DIR, 'mutation.json');
const hasReport = existsSync(reportPath);
const before = existsSync(RECORD_FILE) ? readRecord(JSON.parse(readFileSync(RECORD_FILE, 'utf8'))) : undefined;
/** The record with the latest mutation report merged in; without a report (a kill matrix recorded alone), the record as it is. */
function mutationRecord() {
  if (!hasReport) {
    if (!before) return fail(`no ${reportPath} and no ${RECORD_FILE}: run npm run mutation -- --time-limit 0 first`);
    console.log(`no ${reportPath}: the mutation record and scores stay as recorded`);
    return before;
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationTestResult;
  const run = runOfReport(report);
  const config = report.config as { wallSeconds?: number; mutantsRun?: number; mutantSeconds?: number };
  const timing = { wallSeconds: config.wallSeconds, mutantsRun: config.mutantsRun, mutantSeconds: config.mutantSeconds };
  let merged: typeof before;
  try {
    merged = mergeRecord(before, run, timing, HARDEST_FILES, new Date().toISOString());
  } catch (error) {
    return fail((error as Error).message);
  }
  writeFileSync(RECORD_FILE, `${JSON.stringify(merged, null, 1)}\n`);
  const kept = HARDEST_FILES.filter((f) => !run.files.includes(f));
  console.log(`recorded ${run.files.join(', ')}${kept.length ? `; kept as recorded: ${kept.join(', ')}` : ''}`);
  return merged;
}
const record = mutationRecord();

const killPath = join(ROOT, 'reports', 'kill-matrix.json');
let kill = previous.kill;
if (existsSync(killPath)) {
  const matrix = JSON.parse(readFileSync(killPath, 'utf8')) as { generatedAt: string; killed: number; defects: unknown[]; precision: { inside: number; charged: number } };
  if (matrix.defects.length === Object.keys(DEFECTS).length) {
    kill = { generatedAt: matrix.generatedAt, killed: matrix.killed, defects: matrix.defects.length, precision: matrix.precision };
    recordTimings(matrix as TimedMatrix);
    console.log(`wrote ${TIMINGS_FILE}`);
  } else console.log(`reports/kill-matrix.json ran ${matrix.defects.length} of ${Object.keys(DEFECTS).length} defects: the kill score stays as recorded`);
}
const survivors = loadSurvivors();
const recorded = { files: record.files, complete: true, mutants: record.mutants };
const plain = scores(recorded.mutants.map((m) => ({ file: fileOfKey(m.key), status: m.status })));
const accounted = accountedScores(survivors, recorded);
const detected = accounted.reduce((n, a) => n + a.detected, 0);
const relevant = accounted.reduce((n, a) => n + a.detected + a.undetected - a.equivalent - a.leftOpen, 0);
const scoresOut: TeethScores = {
  kill,
  mutation: {
    // Recomputed from the record; dated by the report it came from (a kill matrix recorded alone keeps the date).
    generatedAt: hasReport ? new Date().toISOString() : (previous.mutation?.generatedAt ?? new Date().toISOString()),
    files: plain.map((p) => ({ ...p, accounted: accounted.find((a) => a.file === p.file)?.score ?? 0 })),
    accounted: { detected, relevant, score: relevant ? detected / relevant : 1 },
  },
};
writeFileSync(SCORES_FILE, `${JSON.stringify(scoresOut, null, 2)}\n`);
console.log(`wrote ${hasReport ? `${RECORD_FILE} and ` : ''}${SCORES_FILE}`);
