/**
 * The kill matrix and the allowed-variants run, planned and executed together so
 * that two runs at a time keep both cores busy:
 *
 *  - one run per defect: the checks citing the defect's `breaks` IDs, against a
 *    reference started with REFERENCE_DEFECT=<name>; the defect must be KILLED;
 *  - one whole-suite run per allowed variant (REFERENCE_VARIANTS=<name>) and one
 *    against the clean reference: every check must pass.
 *
 * The clean run also confirms the kills: a check that kills a defect must pass on
 * the clean reference, or its failure proves nothing.
 */
import { join } from 'node:path';
import type { DefectInfo } from '../reference/defects/index.js';
import { escapeRegExp, grepForIds } from '../catalog/ids.js';
import { type Listing, listChecks } from './list-checks.js';
import { CONFORMANCE_CONFIG } from './paths.js';
import type { Check } from './playwright-report.js';
import { runPool } from './pool.js';
import { type RunOutcome, runPlaywright } from './run-playwright.js';
import {
  blamePrecision,
  cites,
  confirmKill,
  type DefectVerdictResult,
  defectVerdict,
  type SuiteVerdict,
  type SuiteVerdictResult,
  suiteVerdict,
} from './verdicts.js';

export interface MatrixOptions {
  /** The defects to run, by name, with their declarations. */
  defects: Record<string, DefectInfo>;
  /** Allowed variants to run the whole suite with, one run each. */
  variants: string[];
  /**
   * One whole-suite run with every selected variant switched on at once, instead of
   * one run each: a conforming server may make all these choices together, so any
   * failure is still a false failure; `--variants` alone then tells which variant.
   */
  variantsTogether?: boolean;
  /** Also run the whole suite against the clean reference (and confirm the kills with it). */
  clean: boolean;
  /** Catalog IDs, to flag `breaks` IDs the catalog lacks; undefined when there is no catalog. */
  catalogIds: ReadonlySet<string> | undefined;
  jobs: number;
  defectTimeoutMs: number;
  suiteTimeoutMs: number;
  /** Passed to every run as FC_SEED, so a property check replays the same inputs. */
  seed?: string;
  /** A fresh folder: one sub-folder per run (its report and log). */
  workDir: string;
  /** Stops the runs still going and leaves the rest unrun (deadline, Ctrl-C). */
  signal?: AbortSignal;
  /** One line per finished run, as it finishes. */
  onProgress?: (line: string) => void;
  /** Listing of the conformance checks; listed once if not given. */
  listing?: Listing;
  /** Playwright config and working directory of the runs (default: the conformance run, project root). */
  config?: string;
  cwd?: string;
}

/** One defect's line of the matrix: its declaration, its run's verdict (verdicts.ts) and where the run's log is. */
export interface DefectRow extends DefectVerdictResult {
  name: string;
  group: string;
  description: string;
  breaks: string[];
  /** `breaks` IDs the catalog does not have: a matrix failure of their own. */
  unknownIds: string[];
  seconds: number;
  logPath?: string;
}

export interface SuiteRow extends SuiteVerdictResult {
  /** `clean`, or the variant's name. */
  name: string;
  seconds: number;
  logPath?: string;
}

export interface MatrixResult {
  defects: DefectRow[];
  suites: SuiteRow[];
  /** Problems outside any one run: no catalog, specs that do not load. */
  problems: string[];
  listedChecks: number;
  jobs: number;
  seed?: string;
  wallSeconds: number;
  killed: number;
  /** Blame precision: charged rules the defects declare ÷ all charged rules. */
  precision: { inside: number; charged: number; ratio: number };
  ok: boolean;
}

/** Name of the one whole-suite run with every variant on (variantsTogether). */
export const ALL_VARIANTS = 'all-variants';

type Job = { kind: 'defect'; name: string; info: DefectInfo } | { kind: 'suite'; name: string; variants: string[] };

const notRun = (name: string): RunOutcome => ({
  name,
  exitCode: null,
  timedOut: false,
  aborted: true,
  seconds: 0,
  logPath: '',
  logTail: '',
});

export async function runMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const started = Date.now();
  const problems: string[] = [];
  if (!options.catalogIds) problems.push('no catalog (catalog/requirements.json): the defects’ IDs cannot be checked');

  const where = { config: options.config ?? CONFORMANCE_CONFIG, cwd: options.cwd };
  const listing = options.listing ?? (await listChecks({ ...where, dir: join(options.workDir, 'list') }));
  for (const e of listing.errors) problems.push(`the conformance specs do not all load: ${e}`);

  const rows = new Map<string, DefectRow>();
  const jobs: Job[] = [];
  for (const [name, info] of Object.entries(options.defects)) {
    const unknownIds = options.catalogIds ? info.breaks.filter((id) => !options.catalogIds?.has(id)) : [];
    const row: DefectRow = {
      name,
      group: info.group,
      description: info.description,
      breaks: info.breaks,
      unknownIds,
      verdict: 'NO-CHECK',
      killers: [],
      relevant: { total: 0, passed: 0, failed: 0, skipped: 0 },
      charged: [],
      extra: [],
      seconds: 0,
    };
    rows.set(name, row);
    // No listed check cites the IDs: nothing to run, the verdict is known now.
    if (info.breaks.length === 0) row.detail = 'declares no `breaks` IDs';
    else if (!listing.checks.some((c) => cites(c, info.breaks))) row.detail = 'no check cites these IDs';
    else jobs.push({ kind: 'defect', name, info });
  }
  const suiteJobs: Job[] = [
    ...(options.clean ? [{ kind: 'suite' as const, name: 'clean', variants: [] }] : []),
    ...(options.variantsTogether && options.variants.length > 1
      ? [{ kind: 'suite' as const, name: ALL_VARIANTS, variants: options.variants }]
      : options.variants.map((v) => ({ kind: 'suite' as const, name: v, variants: [v] }))),
  ];
  // Longest first, so the end is not one long run alone: whole-suite runs, then the
  // defects with the most checks to run (a survivor runs all of them).
  const relevantCount = (job: Job) => (job.kind === 'defect' ? listing.checks.filter((c) => cites(c, job.info.breaks)).length : 0);
  const counts = new Map(jobs.map((j) => [j.name, relevantCount(j)]));
  jobs.sort((a, b) => (counts.get(b.name) ?? 0) - (counts.get(a.name) ?? 0));
  const plan = [...suiteJobs, ...jobs];

  const suites: SuiteRow[] = [];
  let cleanChecks: Check[] | undefined;
  const workersPerRun = options.jobs >= 2 ? '1' : '2';

  // Each run's reference listens on a port the system picks (playwright.config.ts): runs never share one.
  await runPool(plan, options.jobs, runJob);

  async function runJob(job: Job): Promise<void> {
    const dir = join(options.workDir, `${job.kind}-${job.name}`);
    const env: Record<string, string> = {
      SC_WORKERS: workersPerRun,
      // The matrix reads the JSON report only: no Allure report, Allure results or Playwright HTML report to write.
      SC_ALLURE: '0',
      SC_VIEWER_REPORTS: '0',
      ...(options.seed ? { FC_SEED: options.seed } : {}),
    };
    /** One Playwright run of this job against the reference with `reference` settings; not run once the matrix is aborted. */
    const play = (args: string[], reference: Record<string, string>, limit: number) =>
      options.signal?.aborted
        ? notRun(job.name)
        : runPlaywright({ ...where, name: job.name, args, env: { ...env, ...reference }, dir, timeoutMs: limit, signal: options.signal });
    if (job.kind === 'defect') {
      const limit = options.defectTimeoutMs;
      // Every relevant check runs: a first failure charged to another rule must not hide the one that kills.
      // Only the spec files holding those checks are loaded: loading every spec file costs each of a hundred-odd
      // runs about a second of CPU (the listing knows where each check lives).
      const files = [...new Set(listing.checks.filter((c) => cites(c, job.info.breaks)).map((c) => `${escapeRegExp(c.file)}$`))];
      const outcome = await play([...files, '--grep', grepForIds(job.info.breaks), '--pass-with-no-tests'], { REFERENCE_DEFECT: job.name }, limit);
      const row = rows.get(job.name)!;
      Object.assign(row, defectVerdict(job.info.breaks, outcome, limit / 1000), {
        seconds: outcome.seconds,
        logPath: outcome.logPath || undefined,
      });
      options.onProgress?.(`${row.verdict.padEnd(11)} ${job.name} (${outcome.seconds.toFixed(1)} s)`);
    } else {
      const limit = options.suiteTimeoutMs;
      const outcome = await play([], job.variants.length ? { REFERENCE_VARIANTS: job.variants.join(',') } : {}, limit);
      const { checks, ...verdict } = suiteVerdict(outcome, limit / 1000);
      if (job.name === 'clean' && verdict.verdict !== 'ERROR') cleanChecks = checks;
      suites.push({ name: job.name, ...verdict, seconds: outcome.seconds, logPath: outcome.logPath || undefined });
      options.onProgress?.(`${verdict.verdict.padEnd(11)} suite ${job.name} (${outcome.seconds.toFixed(1)} s)`);
    }
  }

  const defects = [...rows.values()].map((row) => ({ ...row, ...confirmKill(row, cleanChecks) }));
  const killed = defects.filter((d) => d.verdict === 'KILLED' || d.verdict === 'OVERCHARGED').length;
  const ok =
    problems.length === 0 &&
    defects.every((d) => d.verdict === 'KILLED' && d.unknownIds.length === 0) &&
    suites.every((s) => s.verdict === 'PASS');
  suites.sort((a, b) => (a.name === 'clean' ? -1 : b.name === 'clean' ? 1 : a.name.localeCompare(b.name)));
  return {
    defects,
    suites,
    problems,
    listedChecks: listing.checks.length,
    jobs: options.jobs,
    seed: options.seed,
    wallSeconds: (Date.now() - started) / 1000,
    killed,
    precision: blamePrecision(defects),
    ok,
  };
}

export type { SuiteVerdict };
