/**
 * The committed record of the mutation runs (teeth/mutation-record.json, written by
 * `npm run teeth:record`; docs/TEETH.md "Recorded scores"): every mutant of the default
 * files (plan.ts HARDEST_FILES) by key, with its status, and the runs they come from.
 *
 * A complete run of every default file replaces the record. A complete run of some of
 * them replaces exactly those files' mutants, and keeps every other file's from the run
 * that recorded it: after changing one file, its run (a few minutes) is enough, not the
 * whole default run (about 8 minutes of both cores). A sample, or a run its time limit
 * cut short, is refused: a mutant missing from it may still exist. Pure.
 */
import { type AccountedRun, fileOfKey, type RunMutant } from './survivors.js';

export interface RunTiming {
  wallSeconds?: number;
  mutantsRun?: number;
  mutantSeconds?: number;
}

/** One run whose mutants the record holds, for the files it still holds them of. */
export interface RecordedRun {
  generatedAt: string;
  files: string[];
  timing: RunTiming;
}

export interface MutationRecord {
  generatedAt: string;
  /** Every default file, each recorded by one of `runs`. */
  files: string[];
  runs: RecordedRun[];
  mutants: RunMutant[];
}

/** A record as committed before it listed its runs: one complete run, its timing at the top. */
interface LegacyRecord {
  generatedAt: string;
  files: string[];
  timing: RunTiming;
  mutants: RunMutant[];
}

/** The record as read from its file, in today's shape (an older record is one run of its files). */
export function readRecord(json: unknown): MutationRecord {
  const r = json as Partial<MutationRecord> & Partial<LegacyRecord>;
  const runs = r.runs ?? [{ generatedAt: r.generatedAt ?? '', files: r.files ?? [], timing: r.timing ?? {} }];
  return { generatedAt: r.generatedAt ?? '', files: r.files ?? [], runs, mutants: r.mutants ?? [] };
}

/**
 * The record after `run` (a mutation report's run, `runOfReport`): the files it ran
 * replaced, the other default files kept from `previous`. Throws, saying why, when the
 * run cannot be recorded: not complete, a file outside `defaults`, or default files
 * that neither the run nor the previous record holds.
 */
export function mergeRecord(previous: MutationRecord | undefined, run: AccountedRun, timing: RunTiming, defaults: readonly string[], now: string): MutationRecord {
  if (!run.complete) throw new Error('the mutation report is of a sample or was cut short by its time limit: record a complete run');
  const outside = run.files.filter((f) => !defaults.includes(f));
  if (outside.length) throw new Error(`the record holds the default files only, not ${outside.join(', ')}`);
  if (run.files.length === 0) throw new Error('the mutation report ran no file');
  const kept = defaults.filter((f) => !run.files.includes(f));
  const unrecorded = kept.filter((f) => !previous?.files.includes(f));
  if (unrecorded.length) throw new Error(`neither the mutation report nor teeth/mutation-record.json holds ${unrecorded.join(', ')}: run them too`);
  const source = (file: string) => (run.files.includes(file) ? run.mutants : (previous?.mutants ?? []));
  const mutants = defaults.flatMap((file) => source(file).filter((m) => fileOfKey(m.key) === file));
  const earlier = (previous?.runs ?? [])
    .map((r) => ({ ...r, files: r.files.filter((f) => kept.includes(f)) }))
    .filter((r) => r.files.length > 0);
  const files = defaults.filter((f) => run.files.includes(f));
  return { generatedAt: now, files: [...defaults], runs: [...earlier, { generatedAt: now, files, timing }], mutants };
}
