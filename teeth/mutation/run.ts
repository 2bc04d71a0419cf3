/**
 * Mutation testing of the reference (`npm run mutation`, docs/TEETH.md): each mutant
 * of the chosen files is run as a defect is run by the kill matrix, through the same
 * seam (teeth/batch/: one Playwright run, a project and a fresh reference per job),
 * and judged by the checks of the spec group that owns its file (and those of the general
 * rules, plan.ts GENERAL_SPEC_FILES):
 *
 *  1. instrument the files (instrument.ts) into a copy of reference/ under .cache/;
 *  2. dry run: the group's checks against a clean reference of that copy, its coverage
 *     recorded by time slice; a check must pass there to kill a mutant;
 *  3. each covered mutant a job: a reference of the host with that mutant switched on in
 *     it alone (reference/mutant-switch.ts), the passed checks that covered it, stopped at
 *     the first failure (bail). A failed check, or a SHOULD finding, kills it (`Timeout`
 *     when that check ran out of time or the mutant looped past the hit limit); none: `Survived`.
 * Mutants that only run at import (`static`) cannot be switched per reference: they run
 * in a host of their own (static.ts). Jobs go in chunks (a batch's references live at once).
 */
import { join } from 'node:path';
import type { PlaywrightReport } from '../../reporting/playwright-json.js';
import { type BatchJob, runBatch } from '../batch/run-batch.js';
import { BAILED } from '../../settings/target-spec.js';
import { CONFORMANCE_CONFIG, ROOT } from '../paths.js';
import { checksOf, isFailed } from '../job-checks.js';
import { parseOutcome } from '../../results/outcomes.js';
import { readJsonFile } from './files.js';
import { instrument, type MutantInfo, writeTree } from './instrument.js';
import { coveringChecks, grepForChecks, groupOf, groupsOf, sample, specFilesOf, type TimedCheck, timedChecks } from './plan.js';
import { type MutationHostReport, startMutationHost } from './static.js';

export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'Ignored' | 'Pending' | 'RuntimeError';

export interface MutantResult extends MutantInfo {
  status: MutantStatus;
  statusReason?: string;
  /** Check keys (`file › describe › title`): the one that killed it (bail), the passed ones that covered it. */
  killedBy?: string[];
  coveredBy?: string[];
  testsCompleted?: number;
  static?: boolean;
  group?: string;
}

export interface MutationOptions {
  files: string[];
  /** At most this many mutants (a seeded sample of the files' mutants). */
  sample?: number;
  seed: number;
  /** No new chunk starts after this many seconds; the mutants left are `Pending`. */
  timeLimitS?: number;
  workers: number;
  /** Mutants per batch (their references live together in the host). */
  chunk: number;
  /** Per-check limit, ms. */
  checkTimeoutMs: number;
  workDir: string;
  /** Stops the batch going and leaves the rest Pending (Ctrl-C). */
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}

export interface MutationResult {
  files: string[];
  mutants: MutantResult[];
  seed: number;
  sample?: number;
  wallSeconds: number;
  dryRunSeconds: number;
  /** Wall time of the mutant batches, and the mutants they ran. */
  mutantSeconds: number;
  mutantsRun: number;
  /** Problems of the run itself (a dry-run check failing, a batch that broke). */
  problems: string[];
}

const SLICE_MS = 100;
/**
 * The target health (fixtures/target-health.ts) interrupts the whole Playwright run (SIGINT to its runner) when a
 * target stops answering: one mutant whose reference refuses connections would stop every other mutant's checks.
 * Off, such a mutant's checks simply fail (or time out): it is killed, the others go on.
 */
const OWN_HEALTH = { SC_TARGET_HEALTH: '0' };
const grepAll = '.';

export async function runMutation(options: MutationOptions): Promise<MutationResult> {
  const started = Date.now();
  const say = options.onProgress ?? (() => undefined);
  const problems: string[] = [];
  const { mutants: all, sources } = await instrument(options.files);
  const tree = writeTree(join(ROOT, '.cache', 'mutation', 'tree'), sources);
  const chosen = sample(all, options.sample, options.seed);
  const results = new Map<string, MutantResult>(chosen.map((m) => [m.id, { ...m, group: groupOf(m.file), status: 'Pending' }]));
  for (const r of results.values()) if (r.ignoredBecause) Object.assign(r, { status: 'Ignored', statusReason: r.ignoredBecause });
  const groups = [...new Set([...results.values()].filter((r) => r.status === 'Pending').flatMap((r) => groupsOf(r.file)))];
  const batch = (name: string, jobs: BatchJob[], bail: boolean, timeoutMs: number) => {
    const dir = join(options.workDir, name);
    const hostReport = join(dir, 'host-mutation.json');
    return runBatch({
      name,
      jobs,
      workers: options.workers,
      bail,
      checkTimeoutMs: options.checkTimeoutMs,
      timeoutMs,
      dir,
      signal: options.signal,
      baseConfig: join(ROOT, CONFORMANCE_CONFIG),
      startHost: (log) => startMutationHost(log, tree, hostReport),
    }).then((b) => ({ ...b, host: readJsonFile<MutationHostReport>(hostReport) }));
  };

  // 2. The dry run: every group's checks against a clean reference of the instrumented copy.
  const dryJobs = groups.map((g) => ({ name: `dry-${g ?? 'all'}`, files: specFilesOf(g), grep: grepAll, reference: { mutation: { key: `dry-${g ?? 'all'}` } } }));
  const dry = await batch('dry-run', dryJobs, false, 15 * 60_000);
  say(`dry run: ${dryJobs.map((j) => j.name).join(', ')} in ${dry.seconds.toFixed(1)} s`);
  const staticIds = new Set(Object.keys(dry.host?.coverage.static ?? {}));
  const covering = new Map<string | undefined, Map<string, TimedCheck[]>>();
  for (const [g, job] of groups.map((g, i) => [g, dryJobs[i]] as const)) {
    const report = dry.outcomes.get(job.name)?.report;
    if (!report) {
      problems.push(`dry run ${job.name}: no report (${dry.logPath})`);
      continue;
    }
    const checks = timedChecks(report);
    for (const c of checks.filter((x) => x.status === 'failed' || x.status === 'timedOut')) problems.push(`dry run: ${c.key} failed on the clean instrumented reference`);
    covering.set(g, coveringChecks(checks, dry.host?.coverage.perTest ?? {}, job.name, SLICE_MS));
  }

  /** The passed checks of every group judging the mutant's file that ran while its code ran. */
  const coveredBy = (r: MutantResult): TimedCheck[] => groupsOf(r.file).flatMap((g) => covering.get(g)?.get(r.id) ?? []);
  // 3. The mutants: those no passed check covered are NoCoverage; the others run in chunks.
  const toRun: MutantResult[] = [];
  for (const r of results.values()) {
    // A group whose dry run gave no report (or was interrupted) leaves its mutants Pending: no coverage is known.
    if (r.status !== 'Pending' || options.signal?.aborted || !groupsOf(r.file).every((g) => covering.has(g))) continue;
    const checks = coveredBy(r);
    r.static = staticIds.has(r.id) && checks.length === 0 ? true : undefined;
    r.coveredBy = checks.map((c) => c.key);
    if (checks.length === 0 && !r.static) Object.assign(r, { status: 'NoCoverage', statusReason: 'no check of its group ran while its code ran' });
    else toRun.push(r);
  }
  let mutantSeconds = 0;
  let mutantsRun = 0;
  for (let i = 0; i < toRun.length; i += options.chunk) {
    if (options.signal?.aborted || (options.timeLimitS !== undefined && (Date.now() - started) / 1000 > options.timeLimitS)) {
      say(`${options.signal?.aborted ? 'interrupted' : `time limit ${options.timeLimitS} s reached`}: ${toRun.length - i} mutant(s) left Pending`);
      break;
    }
    const part = toRun.slice(i, i + options.chunk);
    const jobs = part.map((r): BatchJob => {
      const checks = coveredBy(r);
      const files = r.static ? [...new Set(groupsOf(r.file).flatMap(specFilesOf))] : [...new Set(checks.map((c) => c.file))];
      const reference = { mutation: { key: `m${r.id}`, mutant: r.id, static: r.static } };
      return { name: `m${r.id}`, files, grep: r.static ? grepAll : grepForChecks(checks), reference, env: OWN_HEALTH };
    });
    const perJob = options.checkTimeoutMs * 6;
    const run = await batch(`mutants-${i / options.chunk + 1}`, jobs, true, Math.ceil(jobs.length / options.workers) * perJob + 120_000);
    mutantSeconds += run.seconds;
    mutantsRun += part.length;
    if (options.signal?.aborted) break;
    for (const r of part) {
      const startError = run.host?.startErrors?.[`m${r.id}`];
      if (startError) Object.assign(r, { status: 'RuntimeError', statusReason: `the reference did not start: ${startError}` });
      else judge(r, run.outcomes.get(`m${r.id}`)?.report, run.host?.references[`m${r.id}`]?.hitLimitReached === true);
    }
    const killed = part.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length;
    say(`mutants ${i + 1}-${i + part.length} of ${toRun.length}: ${killed} killed in ${run.seconds.toFixed(1)} s`);
  }
  const wallSeconds = (Date.now() - started) / 1000;
  return { files: options.files, mutants: [...results.values()], seed: options.seed, sample: options.sample, wallSeconds, dryRunSeconds: dry.seconds, mutantSeconds, mutantsRun, problems };
}

/**
 * A mutant's status from its job's report: the first check that failed, or that recorded a SHOULD finding
 * (what the kill matrix and the conformance report charge: teeth/job-checks.ts), kills it; so does a
 * check that passed in the dry run and now ends not exercised or not applicable (results/outcomes.ts): a
 * PASS is proof, so a server that makes a rule unjudged cannot pass (the gate is INCOMPLETE).
 */
function judge(r: MutantResult, report: PlaywrightReport | undefined, hitLimit: boolean): void {
  if (!report) {
    Object.assign(r, { status: 'RuntimeError', statusReason: 'its job left no report' });
    return;
  }
  const checks = checksOf(report);
  const killer = checks.find((c) => isFailed(c) || c.charged.length > 0);
  const completed = checks.filter((c) => c.status && c.status !== 'interrupted' && c.skipReason !== BAILED).length;
  r.testsCompleted = completed;
  // A check that passed on the clean reference and now cannot judge its rules: a run would end INCOMPLETE, never PASSED.
  const unjudged = checks.find((c) => c.status === 'skipped' && c.skipReason !== BAILED && parseOutcome(c.skipReason));
  if (killer) {
    const timeout = killer.status === 'timedOut' || hitLimit;
    const why = timeout ? 'ran out of time (or past the hit limit)' : isFailed(killer) ? undefined : `a SHOULD finding of ${killer.charged.join(', ')}`;
    Object.assign(r, { status: timeout ? 'Timeout' : 'Killed', killedBy: [killer.key], ...(why ? { statusReason: why } : {}) });
  } else if (unjudged) {
    Object.assign(r, { status: 'Killed', killedBy: [unjudged.key], statusReason: `made its rules unjudged (${unjudged.skipReason}): the gate says INCOMPLETE, never PASSED` });
  } else if (checks.some((c) => c.status === 'interrupted' || c.status === undefined)) Object.assign(r, { status: 'Timeout', statusReason: 'its batch was stopped before its checks ended' });
  else if (completed === 0) Object.assign(r, { status: 'NoCoverage', statusReason: 'no covering check ran' });
  else r.status = 'Survived';
}
