/**
 * The kill matrix, the allowed-variants runs, the evasion matrix and the
 * real-service configuration, planned and executed together:
 *
 *  - defects: the checks citing each defect's `breaks` IDs against a reference with
 *    that defect; each must be KILLED. All of them run in one batch (batch/run-batch.ts):
 *    one Playwright run, a fresh reference and a project of its own per defect;
 *  - real service: the same per defect, as a remote target with no control API and the
 *    real service's accounts and limits (real-service.ts); each KILLED or shown unjudged;
 *  - whole-suite runs, each a conformance run of its own: the clean reference and each
 *    allowed variant (every check must pass), and each evasion (evasions.ts: the gate
 *    must say FAILED or INCOMPLETE).
 *
 * The clean run also confirms the kills: a check that kills a defect must pass on
 * the clean reference, or its failure proves nothing. What the matrix is asked and what it
 * answers, row by row: teeth/matrix-result.ts.
 */
import { join } from 'node:path';
import { escapeRegExp, grepForIds } from '../catalog/ids.js';
import type { DefectInfo } from '../reference/defects/index.js';
import { type BatchJob, runBatch } from './batch/run-batch.js';
import { evasionVerdict } from './evasion-runs.js';
import { type Listing, listChecks } from './list-checks.js';
import { CONFORMANCE_CONFIG, ROOT } from './paths.js';
import { type TeethCheck, checksOf } from './job-checks.js';
import { runPool } from './pool.js';
import { suiteLimitMs } from './timings.js';
import { REAL_SERVICE_VARIANTS, realServiceVerdict } from './real-service.js';
import { notStarted as notRun, type RunOutcome, runPlaywright } from './run-playwright.js';
import { blamePrecision, confirmKill, filesCiting, filesOfDefect, defectVerdict, grepOfDefect, suiteVerdict } from './matrix-verdicts.js';
import { ALL_VARIANTS, type DefectRow, type EvasionPlan, type EvasionRow, type MatrixOptions, type MatrixResult, type RealServiceRow, type SuiteRow } from './matrix-result.js';

type SuiteJob =
  | { kind: 'suite'; name: string; env: Record<string, string> }
  | { kind: 'evasion'; name: string; info: EvasionPlan; env: Record<string, string>; args: string[] };

export async function runMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const started = Date.now();
  const problems: string[] = [];
  if (!options.catalogIds) problems.push('no catalog (catalog/requirements.json): the defects’ IDs cannot be checked');
  const workers = options.workers ?? 3 * options.jobs; // a few defects mostly wait (teeth/batch/order.ts): more slots keep the cores busy

  const where = { config: options.config ?? CONFORMANCE_CONFIG, cwd: options.cwd };
  // The listing (about 1.5 s): the spec files of each defect's checks, and an evasion's selection.
  let listingOnce: Promise<Listing> | undefined;
  const listing = (): Promise<Listing> => {
    listingOnce ??= options.listing ? Promise.resolve(options.listing) : listChecks({ ...where, dir: join(options.workDir, 'list') });
    return listingOnce;
  };
  const needsListing = Object.values(options.evasions ?? {}).some((e) => e.withDefectBreaks?.length);
  /** The defect's checks as a batch job: the defect's IDs as --grep (its files come from the listing), or its whole group. */
  const job = (name: string, info: DefectInfo, extra: Partial<BatchJob> = {}): BatchJob => ({
    name,
    files: [],
    grep: grepOfDefect(info),
    reference: { defect: name },
    ...extra,
  });
  // By the seconds each took last time when known (teeth/batch/order.ts: lanes that end together, the waiters spread).
  const expected = (j: BatchJob): number => options.previousSeconds?.[j.name] ?? 0;

  const rows = new Map<string, DefectRow>();
  const defectJobs: BatchJob[] = [];
  for (const [name, info] of Object.entries(options.defects)) {
    const unknownIds = options.catalogIds ? info.breaks.filter((id) => !options.catalogIds?.has(id)) : [];
    const row: DefectRow = {
      ...{ name, group: info.group, description: info.description, breaks: info.breaks, unknownIds },
      ...{ verdict: 'NO-CHECK', killers: [], relevant: { total: 0, passed: 0, failed: 0, skipped: 0 }, charged: [], extra: [], seconds: 0 },
    };
    rows.set(name, row);
    // No ID to cite: nothing to run. A defect whose IDs no check cites runs no check in the batch: NO-CHECK.
    if (info.breaks.length === 0) row.detail = 'declares no `breaks` IDs';
    // The checks see the defect's name as in a run of their own (runAlone): the embedded settings derive from it (a page size).
    else defectJobs.push(job(name, info, { env: { REFERENCE_DEFECT: name } }));
  }
  const realRows: RealServiceRow[] = [];
  const realJobs: BatchJob[] = Object.entries(options.realService ?? {}).map(([name, info]) =>
    job(`real:${name}`, info, { reference: { defect: name, variants: REAL_SERVICE_VARIANTS }, mode: 'remote' }),
  );

  const shared: Record<string, string> = {
    // The matrix reads the JSON reports only: no Allure results, no Playwright HTML report to write.
    SC_ALLURE: '0',
    SC_VIEWER_REPORTS: '0',
    ...(options.seed ? { FC_SEED: options.seed } : {}),
  };

  let defectsWallSeconds = 0;
  const runDefects = async (): Promise<void> => {
    if (defectJobs.length + realJobs.length === 0) return;
    const batchStarted = Date.now();
    // A job loads the spec files holding a check that cites its IDs; with none (or no listing), every spec file.
    const listed = await listing();
    const infoOf = (name: string): DefectInfo | undefined => (name.startsWith('real:') ? options.realService?.[name.slice('real:'.length)] : options.defects[name]);
    const jobs = [...defectJobs, ...realJobs].map((j) => ({ ...j, files: filesOfDefect(listed.checks, infoOf(j.name)) }));
    const checkLimit = options.defectTimeoutMs;
    const batch = await runBatch({
      name: 'defects',
      jobs,
      workers,
      expectedSeconds: expected,
      keepWorker: !options.freshWorkers,
      checkTimeoutMs: checkLimit,
      // A last resort: each check is already stopped at its own limit.
      timeoutMs: checkLimit * Math.ceil(jobs.length / workers) + 120_000,
      dir: join(options.workDir, 'defects'),
      env: shared,
      baseConfig: join(options.cwd ?? ROOT, where.config),
      cwd: options.cwd,
      signal: options.signal,
      startHost: options.startHost,
    });
    defectsWallSeconds = (Date.now() - batchStarted) / 1000;
    for (const j of jobs) {
      const outcome = batch.outcomes.get(j.name) ?? notRun(j.name);
      if (j.name.startsWith('real:')) {
        const name = j.name.slice('real:'.length);
        const info = options.realService?.[name] as DefectInfo;
        const row = { name, group: info.group, breaks: info.breaks, ...realServiceVerdict(info.breaks, outcome, checkLimit / 1000), seconds: outcome.seconds };
        realRows.push(row);
        options.onProgress?.(`${row.verdict.padEnd(11)} real-service ${name} (${outcome.seconds.toFixed(1)} s)`);
        continue;
      }
      const row = rows.get(j.name) as DefectRow;
      Object.assign(row, defectVerdict(row.breaks, outcome, checkLimit / 1000), { seconds: outcome.seconds, logPath: join(batch.dir, `job-${j.name}`, 'playwright.json') });
      options.onProgress?.(`${row.verdict.padEnd(11)} ${j.name} (${outcome.seconds.toFixed(1)} s)`);
    }
    // A survivor of the batch runs again alone, as before the batch: its own Playwright run and a reference
    // process of its own. A check that kills only there depends on the reference being cold (its first
    // requests are slower), which the row says; a defect that survives both is SURVIVED.
    const survivors = defectJobs.filter((j) => rows.get(j.name)?.verdict === 'SURVIVED');
    await runPool(survivors, options.jobs, async (j) => {
      const row = rows.get(j.name) as DefectRow;
      // Only the spec files that held its checks in the batch.
      const report = batch.outcomes.get(j.name)?.report;
      const files = filesOfDefect(report ? checksOf(report) : [], options.defects[j.name]);
      const outcome = await runAlone({ ...j, files }, checkLimit, files.length);
      const alone = defectVerdict(row.breaks, outcome, checkLimit / 1000);
      const batchVerdict = row.verdict;
      Object.assign(row, alone, { logPath: outcome.logPath || row.logPath, rerunAlone: { batchVerdict, seconds: outcome.seconds } });
      if (alone.verdict === 'KILLED') row.detail = `killed only in a run of its own (a fresh reference process); ${batchVerdict} in the batch`;
      options.onProgress?.(`${row.verdict.padEnd(11)} ${j.name} (run alone: ${outcome.seconds.toFixed(1)} s)`);
    });
  };
  /** A defect's checks in a run of their own, against a reference started for it (the matrix's way before the batch). */
  const runAlone = (j: BatchJob, limit: number, checks: number): Promise<RunOutcome> =>
    options.signal?.aborted
      ? Promise.resolve(notRun(j.name))
      : runPlaywright({
          ...where,
          name: j.name,
          args: [...j.files.map((f) => `${escapeRegExp(f)}$`), '--grep', j.grep, '--pass-with-no-tests'],
          env: { SC_WORKERS: '1', ...shared, REFERENCE_DEFECT: j.name },
          dir: join(options.workDir, `alone-${j.name}`),
          // A run of its own: the reference's start-up on top of the checks.
          timeoutMs: limit * Math.max(1, checks) + 60_000,
          signal: options.signal,
        });

  const suiteJobs: SuiteJob[] = [
    ...(options.clean ? [{ kind: 'suite' as const, name: 'clean', env: {} }] : []),
    ...(options.variantsTogether && options.variants.length > 1
      ? [{ kind: 'suite' as const, name: ALL_VARIANTS, env: { REFERENCE_VARIANTS: options.variants.join(',') } }]
      : options.variants.map((v) => ({ kind: 'suite' as const, name: v, env: { REFERENCE_VARIANTS: v } }))),
    ...Object.entries(options.evasions ?? {}).map(([name, info]) => ({ kind: 'evasion' as const, name, info, env: evasionEnv(name, info), args: [] as string[] })),
  ];
  const suites: SuiteRow[] = [];
  const evasions: EvasionRow[] = [];
  let cleanChecks: TeethCheck[] | undefined;
  // Each run gets one worker when several run at once, as before: two runs keep two cores busy.
  const workersPerRun = options.jobs >= 2 ? '1' : '2';
  const runSuite = async (s: SuiteJob): Promise<void> => {
    const dir = join(options.workDir, `${s.kind}-${s.name}`);
    const limit = suiteLimitMs(options.suiteTimeoutMs, options.previousSeconds?.[`suite:${s.name}`]);
    if (s.kind === 'evasion' && s.info.withDefectBreaks?.length) s.args = selection(s.info.withDefectBreaks, await listing());
    const outcome = options.signal?.aborted
      ? notRun(s.name)
      : await runPlaywright({
          ...where,
          name: s.name,
          args: s.kind === 'evasion' ? s.args : [],
          // An evasion's run has two workers, as a default conformance run: a 429 evasion mostly waits out
          // Retry-After, and two workers wait at once (its declared settings may say otherwise).
          env: { SC_WORKERS: s.kind === 'evasion' ? '2' : workersPerRun, ...shared, ...s.env },
          dir,
          timeoutMs: limit,
          signal: options.signal,
        });
    if (s.kind === 'evasion') {
      const row: EvasionRow = { name: s.name, description: s.info.description, withDefect: s.info.withDefect, ...evasionVerdict(outcome, dir, limit / 1000), seconds: outcome.seconds, logPath: outcome.logPath || undefined };
      evasions.push(row);
      options.onProgress?.(`${row.verdict.padEnd(11)} evasion ${s.name}: gate ${row.gate ?? '?'} (${outcome.seconds.toFixed(1)} s)`);
      return;
    }
    const { checks, ...verdict } = suiteVerdict(outcome, limit / 1000);
    if (s.name === 'clean' && verdict.verdict !== 'ERROR') cleanChecks = checks;
    suites.push({ name: s.name, ...verdict, seconds: outcome.seconds, logPath: outcome.logPath || undefined });
    options.onProgress?.(`${verdict.verdict.padEnd(11)} suite ${s.name} (${outcome.seconds.toFixed(1)} s)`);
  };

  // The defect batch beside the whole-suite runs `jobs` at a time, longest first (an evasion answering 429 mostly waits).
  suiteJobs.sort((a, b) => (options.previousSeconds?.[`suite:${b.name}`] ?? 0) - (options.previousSeconds?.[`suite:${a.name}`] ?? 0));
  await Promise.all([runDefects(), runPool(suiteJobs, options.jobs, runSuite)]);
  const listed = listingOnce || needsListing || options.listing ? await listing() : undefined;
  for (const e of listed?.errors ?? []) problems.push(`the conformance specs do not all load: ${e}`);

  const defects = [...rows.values()].map((row) => ({ ...row, ...confirmKill(row, cleanChecks) }));
  const killed = defects.filter((d) => d.verdict === 'KILLED' || d.verdict === 'OVERCHARGED').length;
  const ok =
    problems.length === 0 &&
    defects.every((d) => d.verdict === 'KILLED' && d.unknownIds.length === 0) &&
    suites.every((s) => s.verdict === 'PASS') &&
    evasions.every((e) => e.verdict === 'OK') &&
    realRows.every((r) => r.verdict === 'KILLED' || r.verdict === 'UNJUDGED');
  suites.sort((a, b) => (a.name === 'clean' ? -1 : b.name === 'clean' ? 1 : a.name.localeCompare(b.name)));
  const order = Object.keys(options.evasions ?? {});
  evasions.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const realOrder = Object.keys(options.realService ?? {});
  realRows.sort((a, b) => realOrder.indexOf(a.name) - realOrder.indexOf(b.name));
  return {
    defects,
    suites,
    evasions,
    realService: realRows,
    problems,
    listedChecks: listed?.checks.length,
    jobs: options.jobs,
    workers,
    seed: options.seed,
    wallSeconds: (Date.now() - started) / 1000,
    defectsWallSeconds,
    killed,
    precision: blamePrecision(defects),
    ok,
  };
}

/** An evasion's switches and settings (reference/evasions.ts): the evasion, the defect it hides, the run's settings. */
function evasionEnv(name: string, info: EvasionPlan): Record<string, string> {
  return { REFERENCE_EVASIONS: name, ...(info.withDefect ? { REFERENCE_DEFECT: info.withDefect } : {}), ...info.settings };
}

/**
 * The checks of an evasion that hides one defect: those citing that defect's rules (the gate judges them as
 * it judges any selection); the whole suite when none does.
 */
function selection(breaks: readonly string[], listing: Listing): string[] {
  const files = filesCiting(listing.checks, breaks).map((f) => `${escapeRegExp(f)}$`);
  return files.length ? [...files, '--grep', grepForIds(breaks)] : [];
}
