/**
 * One entry for the kill matrix and the variants run, shared by
 * scripts/kill-matrix.ts and tests/teeth/kill-matrix.spec.ts: picks the defects and
 * variants, runs them, writes reports/kill-matrix.json, keeps the runs' folders
 * only when something is wrong (their logs say why).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REQUIREMENTS } from '../catalog/index.js';
import { DEFECTS, type DefectInfo } from '../reference/defects/index.js';
import { EVASIONS, type EvasionInfo } from '../reference/evasions.js';
import { VARIANTS } from '../reference/variants.js';
import { formatMatrix, score, stoppedLine } from './format.js';
import { runMatrix } from './matrix.js';
import type { MatrixResult } from './matrix-result.js';
import { ROOT } from './paths.js';
import { previousSeconds } from './timings.js';

export interface TeethSelection {
  /** Defect names; undefined = every declared defect. */
  defects?: string[];
  /** Variant names; undefined = every declared variant. */
  variants?: string[];
  /** Evasion names (reference/evasions.ts); undefined = every declared evasion. */
  evasions?: string[];
  /** Defects to run in the real-service configuration (teeth/real-service.ts): names, 'all', or undefined for none. */
  realService?: string[] | 'all';
  /** Defects at a time in the defect batch (default 2 × jobs). */
  workers?: number;
  /** A new worker after every failed check of a defect, as Playwright does (slower; for a doubt about the kept worker). */
  freshWorkers?: boolean;
  /** All selected variants in one whole-suite run instead of one run each (see MatrixOptions). */
  variantsTogether?: boolean;
  /** Run the whole suite against the clean reference too. */
  clean: boolean;
  jobs?: number;
  defectTimeoutS?: number;
  suiteTimeoutS?: number;
  seed?: string;
  /** Overall limit: runs not started by then are reported unrun, running ones are interrupted. */
  deadlineS?: number;
  out?: string;
  keep?: boolean;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

export interface TeethRun {
  result: MatrixResult;
  text: string;
  /** Where the runs' reports and logs are, when kept. */
  workDir?: string;
  outFile: string;
}

export const DEFAULT_OUT = join(ROOT, 'reports', 'kill-matrix.json');

function pick<T>(all: Record<string, T>, names: string[] | undefined, what: string): Record<string, T> {
  if (names === undefined) return all;
  const unknown = names.filter((n) => !(n in all));
  if (unknown.length) throw new Error(`unknown ${what}: ${unknown.join(', ')} (declared: ${Object.keys(all).join(', ') || 'none'})`);
  return Object.fromEntries(names.map((n) => [n, all[n]]));
}

export async function runTeeth(sel: TeethSelection): Promise<TeethRun> {
  const defects: Record<string, DefectInfo> = pick(DEFECTS, sel.defects, 'defect');
  const variants = Object.keys(pick(VARIANTS, sel.variants, 'variant'));
  const evasions = Object.fromEntries(
    Object.entries(pick(EVASIONS as Record<string, EvasionInfo>, sel.evasions, 'evasion')).map(([name, info]) => [
      name,
      { ...info, withDefectBreaks: info.withDefect ? (DEFECTS[info.withDefect]?.breaks ?? []) : undefined },
    ]),
  );
  const realService = sel.realService ? pick(DEFECTS as Record<string, DefectInfo>, sel.realService === 'all' ? undefined : sel.realService, 'defect') : undefined;
  const workDir = mkdtempSync(join(tmpdir(), 'sc-teeth-'));
  const deadline = new AbortController();
  const timer = sel.deadlineS ? setTimeout(() => deadline.abort(), sel.deadlineS * 1000) : undefined;
  const signal = sel.signal ? AbortSignal.any([sel.signal, deadline.signal]) : deadline.signal;
  try {
    const outFile = sel.out ?? DEFAULT_OUT;
    const result = await runMatrix({
      previousSeconds: previousSeconds(outFile),
      defects,
      variants,
      variantsTogether: sel.variantsTogether,
      clean: sel.clean,
      evasions,
      realService,
      catalogIds: new Set(REQUIREMENTS.map((r) => r.id)),
      jobs: sel.jobs ?? 2,
      workers: sel.workers,
      freshWorkers: sel.freshWorkers,
      defectTimeoutMs: (sel.defectTimeoutS ?? 180) * 1000,
      suiteTimeoutMs: (sel.suiteTimeoutS ?? 300) * 1000,
      seed: sel.seed,
      workDir,
      signal,
      onProgress: sel.onProgress,
    });
    if (deadline.signal.aborted) result.problems.push(stoppedLine(result, `stopped at its bound of ${sel.deadlineS} s (a hang guard)`));
    else if (sel.signal?.aborted) result.problems.push(stoppedLine(result, 'stopped (Ctrl-C)'));
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify({ generatedAt: new Date().toISOString(), score: score(result), ...result }, null, 2)}\n`);
    const keep = sel.keep || !result.ok;
    if (!keep) rmSync(workDir, { recursive: true, force: true });
    let text = formatMatrix(result);
    if (keep) text += `\nrun folders (reports and logs): ${workDir}`;
    return { result, text, workDir: keep ? workDir : undefined, outFile };
  } finally {
    clearTimeout(timer);
  }
}
