/**
 * Defects on drawn servers (issue 39 item 6; docs/TEETH.md): `npm run kill-matrix -- --defects --on-draws S --sample N`.
 * The kill matrix proves each defect killed on the default reference; a defect must be caught whatever the honest
 * choices around it. So a seeded sample of N defects, the i-th switched on in a server drawn from seed S + i
 * (reference/freedoms.ts drawFreedoms, as the fairness matrix draws), each job the kill matrix's own: the checks
 * citing the defect's rules, in one batch (batch/run-batch.ts), a fresh reference per job (the defect and the
 * drawn freedoms together), the checks told the same server (REFERENCE_DEFECT, REFERENCE_FREEDOMS) as in a run of
 * their own. The verdicts: draw-defects-verdict.ts.
 *
 * Where a defect changes the very value a freedom draws, the defect's value wins: PINNED names those freedoms,
 * left at the reference's default for that defect (the row says which).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { grepForIds } from '../catalog/ids.js';
import { DEFECTS, type DefectInfo } from '../reference/defects/index.js';
import { drawFreedoms, type FreedomValues, formatFreedoms, seededRandom } from '../reference/freedoms.js';
import { type BatchJob, runBatch } from './batch/run-batch.js';
import { formatOnDraws, judgeOnDraw, type OnDrawResult, type OnDrawRow, summarize } from './draw-defects-verdict.js';
import { listChecks } from './list-checks.js';
import { filesOfDefect } from './matrix-verdicts.js';
import { CONFORMANCE_CONFIG, ROOT } from './paths.js';
import { notStarted, type RunOutcome } from './run-playwright.js';

/** Freedoms a defect sets itself: its value wins over the draw's (the freedom stays at the reference's default). */
export const PINNED: Record<string, string[]> = {
  // Their own pages of 8 and 10 (reference/config.ts pageSizeOf): a drawn page of 1 would replace them.
  'page-8-drops-boundary-item': ['page-size'],
  'inactive-page-token-ignored-pages-of-10': ['page-size'],
  // The defect is the status of a token error (401), the value that freedom draws (400 or 403).
  'token-error-401': ['token-error-status'],
  // The defect is the status of the rate-limit refusal (500), the value that freedom draws (429, 403, 503).
  'rate-limit-500': ['rate-limit-refusal'],
  // The defect is a timestamp policy (the clock alone), the value that freedom draws.
  'timestamp-follows-clock': ['timestamp-policy'],
};

export interface DrawnDefect {
  defect: string;
  /** `seed:N`. */
  draw: string;
  values: FreedomValues;
  /** The pinned freedoms the draw set off their defaults, as `id=value`. */
  pinned: string[];
}

/** `count` defect names of `names`, drawn without repeat from `seed` (the same sample on every machine). */
export function sampleDefects(names: readonly string[], seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const pool = [...names];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, Math.min(count, pool.length));
}

/** The i-th defect on the server drawn from `seed + i`, its pinned freedoms left at their defaults. */
export function drawnDefects(defects: readonly string[], seed: number): DrawnDefect[] {
  return defects.map((defect, i) => {
    const drawn = drawFreedoms(seed + i);
    const pins = PINNED[defect] ?? [];
    const values = Object.fromEntries(Object.entries(drawn).filter(([id]) => !pins.includes(id)));
    const off = formatFreedoms(Object.fromEntries(Object.entries(drawn).filter(([id]) => pins.includes(id))));
    return { defect, draw: `seed:${seed + i}`, values, pinned: off ? off.split(',') : [] };
  });
}

/** The one-line command that runs the defect's checks against the drawn server, as the row's job ran them. */
export function onDrawReproduction(d: DrawnDefect, info: Pick<DefectInfo, 'breaks' | 'group' | 'wholeGroup'>): string {
  const select = info.wholeGroup ? `--grep @${info.group}` : `--rule ${info.breaks.join(',')}`;
  return `REFERENCE_FREEDOMS=${formatFreedoms(d.values) || '""'} REFERENCE_DEFECT=${d.defect} npm run conformance -- ${select}`;
}

/** Runs the jobs; their outcomes by job name (tests give a fake; default: one batch, runBatch). */
export type RunJobs = (jobs: BatchJob[]) => Promise<Map<string, RunOutcome>>;

export interface OnDrawsOptions {
  seed: number;
  draws: DrawnDefect[];
  workers: number;
  checkTimeoutMs: number;
  /** FC_SEED for every check. */
  fcSeed?: string;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
  runJobs?: RunJobs;
}

const jobName = (d: DrawnDefect): string => `${d.defect}@${d.draw.replace(':', '-')}`;

/** The batch of the kill matrix, its jobs the defects on their servers, in a fresh folder under `workDir`. */
function batchRunner(options: OnDrawsOptions, workDir: string): RunJobs {
  return async (jobs) => {
    const listed = await listChecks({ config: CONFORMANCE_CONFIG, dir: join(workDir, 'list') });
    const defectOf = (j: BatchJob): DefectInfo => DEFECTS[j.reference.defect as keyof typeof DEFECTS];
    const withFiles = jobs.map((j) => ({ ...j, files: filesOfDefect(listed.checks, defectOf(j)) }));
    const batch = await runBatch({
      name: 'defects-on-draws',
      jobs: withFiles,
      workers: options.workers,
      keepWorker: true,
      checkTimeoutMs: options.checkTimeoutMs,
      timeoutMs: options.checkTimeoutMs * Math.ceil(jobs.length / options.workers) + 120_000,
      dir: join(workDir, 'batch'),
      env: { SC_ALLURE: '0', SC_VIEWER_REPORTS: '0', ...(options.fcSeed ? { FC_SEED: options.fcSeed } : {}) },
      signal: options.signal,
    });
    return batch.outcomes;
  };
}

export async function runOnDraws(options: OnDrawsOptions): Promise<OnDrawResult & { workDir?: string }> {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), 'sc-draw-defects-'));
  let keep = false;
  try {
    const jobs: BatchJob[] = options.draws.map((d) => {
      const info = DEFECTS[d.defect as keyof typeof DEFECTS] as DefectInfo;
      const freedoms = formatFreedoms(d.values);
      return {
        name: jobName(d),
        files: [],
        grep: info.wholeGroup ? `@${info.group}\\b` : grepForIds(info.breaks),
        reference: { defect: d.defect, freedoms },
        // The checks see the server the reference is: its defect and its freedoms (the declared page size, …).
        env: { REFERENCE_DEFECT: d.defect, REFERENCE_FREEDOMS: freedoms },
      };
    });
    options.onProgress?.(`${jobs.length} defects, each on its drawn server, in one batch of ${options.workers} lanes (the verdicts come at its end)`);
    const outcomes = await (options.runJobs ?? batchRunner(options, workDir))(jobs);
    const rows: OnDrawRow[] = options.draws.map((d, i) => {
      const info = DEFECTS[d.defect as keyof typeof DEFECTS] as DefectInfo;
      const outcome = outcomes.get(jobs[i].name) ?? notStarted(jobs[i].name);
      const row = { defect: d.defect, draw: d.draw, freedoms: formatFreedoms(d.values), pinned: d.pinned, ...judgeOnDraw(info, outcome, options.checkTimeoutMs / 1000) };
      return { ...row, seconds: outcome.seconds, reproduction: onDrawReproduction(d, info) };
    });
    const result = summarize(options.seed, rows, (Date.now() - started) / 1000);
    // As the kill matrix: the runs' folders (reports, logs) stay when something is wrong.
    keep = !result.ok && !options.runJobs;
    return keep ? { ...result, workDir } : result;
  } finally {
    if (!keep) rmSync(workDir, { recursive: true, force: true });
  }
}

export const DRAWS_OUT = join(ROOT, 'reports', 'kill-matrix-draws.json');

/** The run of the kill-matrix script: the sample (or the named defects), the result written to `out`, its text. */
export async function defectsOnDraws(sel: { names?: string[]; sample?: number; seed: number } & Omit<OnDrawsOptions, 'draws'>, out = DRAWS_OUT) {
  const unknown = (sel.names ?? []).filter((n) => !(n in DEFECTS));
  if (unknown.length) throw new Error(`unknown defect: ${unknown.join(', ')}`);
  const all = Object.keys(DEFECTS);
  const names = sel.names?.length ? sel.names : sampleDefects(all, sel.seed, sel.sample ?? all.length);
  const result = await runOnDraws({ ...sel, draws: drawnDefects(names, sel.seed) });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), ...result }, null, 2)}\n`);
  const text = `${formatOnDraws(result)}${result.workDir ? `\nrun folders (reports and logs): ${result.workDir}` : ''}`;
  return { result, text, outFile: out };
}
