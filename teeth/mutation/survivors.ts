/**
 * Survivor accounting (issue 24.3, docs/TEETH.md "Reading a survivor"): every mutant
 * of the accounted files that no check killed is listed in teeth/mutation-survivors.json
 * with its class; this module checks that file against a mutation run (pure) and
 * computes the score that counts: killed ÷ the mutants that are neither equivalent nor
 * left open by the spec.
 *
 * A run is the full report (reports/mutation/mutation.json) or the committed record of
 * the default files' runs (teeth/mutation-record.json, written by `npm run teeth:record`: teeth/mutation/record.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutationTestResult } from 'mutation-testing-report-schema/api';
import { ROOT } from '../paths.js';
import type { MutantStatus } from './run.js';

/** `check-to-write`: a gap found and not closed yet (the check is owed): counted as not killed. */
export type SurvivorClass = 'equivalent' | 'spec-leaves-open' | 'missing-check' | 'check-to-write';

export interface SurvivorEntry {
  key: string;
  class: SurvivorClass;
  argument?: string;
  requirement?: string;
  quote?: string;
  check?: string;
  defect?: string;
}

/** One mutant of a run, as the accounting needs it. */
export interface RunMutant {
  key: string;
  status: MutantStatus;
}

/** A run: the files it mutated, whether it took every mutant of them, and its mutants. */
export interface AccountedRun {
  files: string[];
  /** False for a sampled or time-limited run: a mutant missing from it may still exist. */
  complete: boolean;
  mutants: RunMutant[];
}

export const SURVIVORS_FILE = join(ROOT, 'teeth', 'mutation-survivors.json');
export const RECORD_FILE = join(ROOT, 'teeth', 'mutation-record.json');

export const UNDETECTED: readonly MutantStatus[] = ['Survived', 'NoCoverage'];
const DETECTED: readonly MutantStatus[] = ['Killed', 'Timeout'];

export const loadSurvivors = (path = SURVIVORS_FILE): SurvivorEntry[] => (JSON.parse(readFileSync(path, 'utf8')) as { survivors: SurvivorEntry[] }).survivors;

export const fileOfKey = (key: string): string => key.slice(0, key.indexOf('@'));

/** The run a schema report describes (its `config` says whether it was complete: teeth/mutation/report.ts). */
export function runOfReport(report: MutationTestResult): AccountedRun {
  const config = (report.config ?? {}) as { files?: string[]; complete?: boolean };
  const mutants = Object.values(report.files).flatMap((f) => f.mutants.map((m) => ({ key: m.description ?? '', status: m.status as MutantStatus })));
  return { files: config.files ?? Object.keys(report.files), complete: config.complete === true, mutants };
}

/** What is wrong with the survivor file for this run: survivors it does not list, entries the run contradicts. */
export function checkSurvivors(entries: SurvivorEntry[], run: AccountedRun, accounted: readonly string[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(run.mutants.map((m) => [m.key, m]));
  const listed = new Map<string, SurvivorEntry>();
  for (const e of entries) {
    if (listed.has(e.key)) problems.push(`listed twice: ${e.key}`);
    listed.set(e.key, e);
  }
  for (const m of run.mutants) {
    if (!accounted.includes(fileOfKey(m.key)) || !UNDETECTED.includes(m.status)) continue;
    const entry = listed.get(m.key);
    if (!entry) problems.push(`unlisted survivor (${m.status}): ${m.key}`);
    else if (entry.class === 'missing-check') problems.push(`the check written for it does not kill it (${m.status}): ${m.key}`);
  }
  for (const e of entries) {
    if (!run.files.includes(fileOfKey(e.key))) continue;
    const m = byKey.get(e.key);
    if (!m) {
      if (run.complete) problems.push(`stale: no such mutant now (the file changed?): ${e.key}`);
      continue;
    }
    // A missing check, once written, kills its mutant: the entry then records why that check exists.
    if (e.class !== 'missing-check' && DETECTED.includes(m.status)) problems.push(`stale: a check kills it now (${m.status}), remove the entry: ${e.key}`);
  }
  return problems;
}

export interface AccountedScore {
  file: string;
  detected: number;
  undetected: number;
  equivalent: number;
  leftOpen: number;
  /** detected ÷ (detected + undetected − equivalent − left open): the share of the mutants that matter. */
  score: number;
}

export function accountedScores(entries: SurvivorEntry[], run: AccountedRun): AccountedScore[] {
  const classOf = new Map(entries.map((e) => [e.key, e.class]));
  return run.files.map((file) => {
    const of = run.mutants.filter((m) => fileOfKey(m.key) === file);
    const undetected = of.filter((m) => UNDETECTED.includes(m.status));
    const detected = of.filter((m) => DETECTED.includes(m.status)).length;
    const equivalent = undetected.filter((m) => classOf.get(m.key) === 'equivalent').length;
    const leftOpen = undetected.filter((m) => classOf.get(m.key) === 'spec-leaves-open').length;
    const relevant = detected + undetected.length - equivalent - leftOpen;
    return { file, detected, undetected: undetected.length, equivalent, leftOpen, score: relevant ? detected / relevant : 1 };
  });
}
