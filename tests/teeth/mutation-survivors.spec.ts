import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { MutationTestResult } from 'mutation-testing-report-schema/api';
import { REQUIREMENTS } from '../../catalog/index.js';
import { DEFECTS } from '../../reference/defects/index.js';
import { renderHtml } from '../../reporting/html/page.js';
import { loadTeethScores, teethScoresText } from '../../reporting/teeth-scores.js';
import { HARDEST_FILES } from '../../teeth/mutation/plan.js';
import { mergeRecord, readRecord } from '../../teeth/mutation/record.js';
import { MUTATION_REPORT_DIR } from '../../teeth/mutation/report.js';
import {
  type AccountedRun,
  type RunMutant,
  accountedScores,
  checkSurvivors,
  loadSurvivors,
  RECORD_FILE,
  runOfReport,
  SURVIVORS_FILE,
  type SurvivorEntry,
} from '../../teeth/mutation/survivors.js';
import { ROOT } from '../../teeth/paths.js';
import { reportFromChecks } from '../reports/data/helpers.js';

/**
 * Every mutant of the hardest rules' files that no check kills is accounted for in
 * teeth/mutation-survivors.json (docs/TEETH.md "Reading a survivor"), checked against
 * two runs: the committed record of the default files' last complete runs
 * (teeth/mutation-record.json: always there, so this never depends on a run) and, when
 * there is one, the latest report of `npm run mutation` (reports/mutation/mutation.json,
 * possibly of one file or a sample: only what it ran is judged).
 */

const entries = loadSurvivors();
const record = readRecord(JSON.parse(readFileSync(RECORD_FILE, 'utf8')));
const recordRun: AccountedRun = { files: record.files, complete: true, mutants: record.mutants };
const latestPath = join(MUTATION_REPORT_DIR, 'mutation.json');

test('[mutation] the survivor file validates against its schema', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'teeth', 'mutation-survivors.schema.json'), 'utf8'));
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  validate(JSON.parse(readFileSync(SURVIVORS_FILE, 'utf8')));
  expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
});

test('[mutation] a survivor the spec leaves open quotes a catalog sentence word for word', () => {
  const quotes = (id: string): string[] => {
    const r = REQUIREMENTS.find((x) => x.id === id);
    return r ? [r.quote, ...(r.see_also ?? []).map((s) => s.quote)] : [];
  };
  const bad = entries
    .filter((e): e is SurvivorEntry & { requirement: string; quote: string } => e.class === 'spec-leaves-open')
    .filter((e) => !quotes(e.requirement).some((q) => q.includes(e.quote)))
    .map((e) => `${e.requirement}: "${e.quote}" (${e.key})`);
  expect(bad).toEqual([]);
});

test('[mutation] a check still to write names a catalog requirement', () => {
  const ids = new Set(REQUIREMENTS.map((r) => r.id));
  expect(entries.filter((e) => e.class === 'check-to-write' && !ids.has(e.requirement ?? '')).map((e) => e.key)).toEqual([]);
});

test('[mutation] a missing check names its spec file and a declared defect', () => {
  const bad = entries
    .filter((e) => e.class === 'missing-check')
    .filter((e) => !e.check || !existsSync(join(ROOT, e.check)) || !e.defect || !Object.hasOwn(DEFECTS, e.defect))
    .map((e) => e.key);
  expect(bad).toEqual([]);
});

test('[mutation] the survivor file matches the recorded runs: no survivor unlisted, no stale entry', () => {
  expect(HARDEST_FILES.filter((f) => !record.files.includes(f))).toEqual([]);
  expect(checkSurvivors(entries, recordRun, HARDEST_FILES)).toEqual([]);
});

test('[mutation] the survivor file matches the latest mutation report', () => {
  test.skip(!existsSync(latestPath), 'no reports/mutation/mutation.json: the recorded run above is the one judged');
  const run = runOfReport(JSON.parse(readFileSync(latestPath, 'utf8')) as MutationTestResult);
  expect(checkSurvivors(entries, run, HARDEST_FILES)).toEqual([]);
});

test('[mutation] at least 90% of the mutants that matter are killed, per file of the hardest rules', () => {
  const low = accountedScores(entries, recordRun)
    .filter((s) => HARDEST_FILES.includes(s.file) && s.score < 0.9)
    .map((s) => `${s.file}: ${(100 * s.score).toFixed(1)}%`);
  expect(low).toEqual([]);
});

test('[mutation] the conformance report\'s footer and docs/TEETH.md show the recorded kill and mutation scores', () => {
  const text = teethScoresText(loadTeethScores());
  expect(text).toMatch(/kill score \d+\/\d+ defects killed/);
  expect(text).toMatch(/mutation score \d+\.\d%/);
  const footer = /<footer>([\s\S]*?)<\/footer>/.exec(renderHtml(reportFromChecks([])))?.[1] ?? '';
  expect(footer).toContain(text.replace(/&/g, '&amp;'));
  const scores = loadTeethScores();
  const teeth = readFileSync(join(ROOT, 'docs', 'TEETH.md'), 'utf8');
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  expect(teeth).toContain(`${scores?.kill?.killed}/${scores?.kill?.defects} defects killed`);
  expect(teeth).toContain(pct(scores?.mutation.accounted.score ?? 0));
});

test('[mutation] teeth:record replaces the files a complete run ran and keeps the other files as recorded', () => {
  const defaults = ['reference/a.ts', 'reference/b.ts', 'reference/c.ts'];
  const m = (file: string, at: string, status: RunMutant['status']) => ({ key: `${file}@${at} ConditionalExpression false`, status });
  const whole = mergeRecord(
    undefined,
    { files: defaults, complete: true, mutants: defaults.flatMap((f) => [m(f, '1:1-1:2', 'Survived'), m(f, '2:1-2:2', 'Killed')]) },
    { wallSeconds: 100 },
    defaults,
    't1',
  );
  expect(whole.runs).toEqual([{ generatedAt: 't1', files: defaults, timing: { wallSeconds: 100 } }]);
  // b changed: its run alone replaces b's mutants (one gone, one new and killed), a's and c's stay.
  const b = 'reference/b.ts';
  const partial = mergeRecord(whole, { files: [b], complete: true, mutants: [m(b, '3:1-3:2', 'Killed')] }, { wallSeconds: 10 }, defaults, 't2');
  expect(partial.files).toEqual(defaults);
  expect(partial.mutants.map((x) => x.key)).toEqual([
    ...whole.mutants.filter((x) => x.key.startsWith('reference/a.ts')).map((x) => x.key),
    m(b, '3:1-3:2', 'Killed').key,
    ...whole.mutants.filter((x) => x.key.startsWith('reference/c.ts')).map((x) => x.key),
  ]);
  expect(partial.runs).toEqual([
    { generatedAt: 't1', files: ['reference/a.ts', 'reference/c.ts'], timing: { wallSeconds: 100 } },
    { generatedAt: 't2', files: [b], timing: { wallSeconds: 10 } },
  ]);
  // An older record (one run, its timing at the top) reads as one run of its files.
  expect(readRecord({ generatedAt: 't0', files: defaults, timing: { wallSeconds: 5 }, mutants: [] }).runs).toEqual([{ generatedAt: 't0', files: defaults, timing: { wallSeconds: 5 } }]);
  // Refused: a sample or a cut-short run, a file outside the defaults, default files nobody recorded.
  expect(() => mergeRecord(whole, { files: [b], complete: false, mutants: [] }, {}, defaults, 't3')).toThrow(/sample or was cut short/);
  expect(() => mergeRecord(whole, { files: ['reference/z.ts'], complete: true, mutants: [] }, {}, defaults, 't3')).toThrow(/default files only/);
  expect(() => mergeRecord(undefined, { files: [b], complete: true, mutants: [] }, {}, defaults, 't3')).toThrow(/reference\/a.ts, reference\/c.ts: run them too/);
});
