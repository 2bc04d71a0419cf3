/**
 * The mutation run's report (reports/mutation/): `mutation.json` in the
 * mutation-testing-report schema (Stryker's, version 2: every mutant with its
 * status, location, replacement, the check that killed it and the checks that
 * covered it; the stable key of each mutant in `description`), and `index.html`,
 * the schema's own viewer (mutation-testing-elements) with the report inlined, so
 * the file opens without a server. Scores per file are computed here too (pure).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { MutationTestResult } from 'mutation-testing-report-schema/api';
import { ROOT } from '../paths.js';
import type { MutantResult, MutationResult } from './run.js';

export const MUTATION_REPORT_DIR = join(ROOT, 'reports', 'mutation');

/** The schema's report: files by path from the project root, tests (checks) by spec file. */
export function schemaReport(result: MutationResult): MutationTestResult {
  const files: MutationTestResult['files'] = {};
  for (const file of result.files) {
    const mutants = result.mutants.filter((m) => m.file === file);
    if (mutants.length === 0) continue;
    files[file] = {
      language: 'typescript',
      source: readFileSync(join(ROOT, file), 'utf8'),
      mutants: mutants.map((m) => ({
        id: m.id,
        mutatorName: m.mutatorName,
        replacement: m.replacement,
        description: m.key,
        location: m.location,
        status: m.status,
        ...(m.statusReason ? { statusReason: m.statusReason } : {}),
        ...(m.killedBy ? { killedBy: m.killedBy } : {}),
        ...(m.coveredBy ? { coveredBy: m.coveredBy } : {}),
        ...(m.testsCompleted !== undefined ? { testsCompleted: m.testsCompleted } : {}),
        ...(m.static ? { static: true } : {}),
      })),
    };
  }
  const testFiles: NonNullable<MutationTestResult['testFiles']> = {};
  const checks = new Set(result.mutants.flatMap((m) => [...(m.killedBy ?? []), ...(m.coveredBy ?? [])]));
  for (const key of checks) {
    const file = `specs/${key.split(' › ')[0]}`;
    testFiles[file] ??= { tests: [] };
    testFiles[file].tests.push({ id: key, name: key.split(' › ').slice(1).join(' › ') });
  }
  // Read back by the survivor accounting (survivors.ts runOfReport): a sampled or cut-short run is not complete.
  const complete = result.sample === undefined && !result.mutants.some((m) => m.status === 'Pending');
  return {
    schemaVersion: '2',
    config: {
      ...{ files: result.files, complete, seed: result.seed, ...(result.sample !== undefined ? { sample: result.sample } : {}) },
      ...{ wallSeconds: result.wallSeconds, mutantsRun: result.mutantsRun, mutantSeconds: result.mutantSeconds },
    },
    thresholds: { high: 90, low: 75 },
    projectRoot: ROOT,
    files,
    testFiles,
    framework: { name: 'seller-connect teeth (npm run mutation)', branding: { homepageUrl: 'https://stryker-mutator.io' } },
    performance: { setup: 0, initialRun: Math.round(result.dryRunSeconds * 1000), mutation: Math.round(result.mutantSeconds * 1000) },
  };
}

/** The schema's viewer with the report inlined (`<` escaped so no `</script>` ends the script early). */
export function htmlReport(report: MutationTestResult): string {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('mutation-testing-elements/mutation-test-elements.js'), 'utf8');
  const json = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mutation testing of the reference</title>
<script>${bundle}</script></head>
<body><mutation-test-report-app title-postfix="Seller Connect reference"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${json};</script>
</body></html>
`;
}

export function writeReports(result: MutationResult, dir = MUTATION_REPORT_DIR): { json: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const report = schemaReport(result);
  const json = join(dir, 'mutation.json');
  const html = join(dir, 'index.html');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(html, htmlReport(report));
  return { json, html };
}

export interface FileScore {
  file: string;
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  pending: number;
  errors: number;
  /** (killed + timeout) ÷ (killed + timeout + survived + no coverage): Stryker's mutation score. */
  score: number;
}

type Scored = Pick<MutantResult, 'file' | 'status'>;

export function scores(mutants: Scored[]): FileScore[] {
  const files = [...new Set(mutants.map((m) => m.file))];
  return files.map((file) => {
    const of = mutants.filter((m) => m.file === file);
    const n = (status: MutantResult['status']) => of.filter((m) => m.status === status).length;
    const detected = n('Killed') + n('Timeout');
    const valid = detected + n('Survived') + n('NoCoverage');
    return {
      ...{ file, mutants: of.length, killed: n('Killed'), timeout: n('Timeout'), survived: n('Survived'), noCoverage: n('NoCoverage') },
      ...{ ignored: n('Ignored'), pending: n('Pending'), errors: n('RuntimeError'), score: valid ? detected / valid : 0 },
    };
  });
}
