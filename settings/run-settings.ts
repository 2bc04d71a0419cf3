/**
 * The settings of the run itself, of its reports and of its property checks
 * (beyond docs/TARGET.md's target settings): read by settings/settings.ts
 * into the one Settings object. Never throwing: a bad value falls back to its
 * default and is collected, so playwright.config.ts can always build a config
 * and the report can always be written; global setup stops the run on it.
 */
import { undeclaredSettings } from '../reference/undeclared.js';
import { type Required, readRequired } from '../results/require.js';
import { undeclaredOf } from './declared.js';
import { type Collector, type Env, flag, int, notOff, present, seed } from './read.js';
import { parseRules, RULE_EXPECTED } from './rule-selection.js';
import { SettingsError, show } from './setting-error.js';

export const DEFAULT_WORKERS = 2;
export const DEFAULT_RUN_DEADLINE_S = 1800;

export interface RunSettings {
  /** SC_WORKERS: a count, or a share of the cores such as '50%' (default 2). */
  workers: number | string;
  /** SC_RUN_DEADLINE_S: the whole run's deadline in seconds (default 1800); 0 for none. */
  runDeadlineS: number;
  /** SC_RULE: exact requirement IDs whose checks alone run (comma-separated), if given. */
  rules: string[];
  /** SC_CONSOLE_REPORTER: Playwright's console reporters, e.g. list (default: the progress display, reporting/progress-reporter.ts). */
  consoleReporters?: string[];
  /** SC_REPORTS: the output folder as given (default `reports`). */
  reports: string;
  /** SC_BUDGET_DIR: where workers write their counts (default `<SC_REPORTS>/budget`). */
  budgetDir?: string;
  /** SC_VIEWER_REPORTS=0: no Playwright HTML report and no Allure results. */
  viewerReports: boolean;
  /** SC_PREFLIGHT=0: no probes of the target before the checks (the settings are still checked). */
  preflight: boolean;
  /** SC_PACED_RERUN=0: no paced re-run before an INCOMPLETE gate. */
  pacedRerun: boolean;
  /** SC_TARGET_HEALTH=0: no circuit that stops the run when the target stops answering (docs/HOSTILE.md). */
  targetHealth: boolean;
  /** SC_RUN_ID: the run's id as given (settings/run-context.ts makes one when unset). */
  runId?: string;
}

export interface ReportSettings {
  /** SC_STRICT=1: SHOULD findings fail the gate too. */
  strict: boolean;
  /** SC_BASELINE: path of the baseline file. */
  baseline?: string;
  /** SC_WRITE_BASELINE: path of the baseline file to write from this run. */
  writeBaseline?: string;
  /** SC_PREVIOUS_REPORT: path of an earlier conformance.json. */
  previousReport?: string;
  /** SC_HISTORY: folder of run summaries (and Allure's history). */
  history?: string;
  /** SC_ALLURE=0: no Allure report. */
  allure: boolean;
  /** SC_REQUIRE: the capabilities the run must reach, or its one-line problem. */
  required: Required | { error: string; expected: string; got: string };
}

export interface PropertySettings {
  /** FC_SEED (or SC_FC_SEED): the seed of the property checks, printed by a failure; a new one when unset. */
  seed?: number;
  /** FC_PATH (or SC_FC_PATH, commas allowed for colons): the replay path of a failed property. */
  path?: string;
  /** FC_REPLAY_PATH: the replayPath fast-check prints for a failed commands run. */
  replayPath?: string;
  /** FC_BASE_SEED: the source of the run's generated base drafts (default: the run's id). */
  baseSeed?: string;
  /** SC_FC_RUNS: cases of the PKCE property (default 6: each is a code grant of the run's budget). */
  pkceRuns: number;
}

export function readRunSettings(env: Env, c: Collector): RunSettings {
  const workers = c.take<number | string>(() => {
    const raw = present(env, 'SC_WORKERS');
    if (raw === undefined) return DEFAULT_WORKERS;
    const share = /^(\d{1,3})%$/.exec(raw);
    if (share && Number(share[1]) >= 1 && Number(share[1]) <= 100) return raw;
    if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 64) return Number(raw);
    throw new SettingsError('SC_WORKERS', "expected a number of parallel workers 1..64, or a share of the cores such as '50%'", show(raw));
  }, DEFAULT_WORKERS);
  const runDeadlineS = c.take(() => {
    if (present(env, 'SC_RUN_DEADLINE_S') === '0') return 0;
    return int(env, 'SC_RUN_DEADLINE_S', DEFAULT_RUN_DEADLINE_S, 10, 'a number of seconds >= 10, or 0 for no deadline');
  }, DEFAULT_RUN_DEADLINE_S);
  const rules = c.take(() => {
    const raw = present(env, 'SC_RULE');
    if (raw === undefined) return [];
    const read = parseRules(raw);
    if ('bad' in read) throw new SettingsError('SC_RULE', RULE_EXPECTED, show(read.bad));
    return read.rules;
  }, []);
  const consoleReporters = present(env, 'SC_CONSOLE_REPORTER')
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    workers,
    runDeadlineS,
    rules,
    consoleReporters: consoleReporters?.length ? consoleReporters : undefined,
    reports: present(env, 'SC_REPORTS') ?? 'reports',
    budgetDir: present(env, 'SC_BUDGET_DIR'),
    viewerReports: notOff(env, 'SC_VIEWER_REPORTS'),
    preflight: notOff(env, 'SC_PREFLIGHT'),
    pacedRerun: notOff(env, 'SC_PACED_RERUN'),
    targetHealth: notOff(env, 'SC_TARGET_HEALTH'),
    runId: present(env, 'SC_RUN_ID'),
  };
}

export function readReportSettings(env: Env, c: Collector): ReportSettings {
  return {
    strict: c.take(() => flag(env, 'SC_STRICT'), false),
    baseline: present(env, 'SC_BASELINE'),
    writeBaseline: present(env, 'SC_WRITE_BASELINE'),
    previousReport: present(env, 'SC_PREVIOUS_REPORT'),
    history: present(env, 'SC_HISTORY'),
    allure: notOff(env, 'SC_ALLURE'),
    // The embedded run does not require what it leaves undeclared (REFERENCE_UNDECLARED, a drawn leeway of 60 s by default).
    required: readRequired(env, undeclaredSettings(undeclaredOf(env))),
  };
}

export function readPropertySettings(env: Env, c: Collector): PropertySettings {
  // Both names of each are checked, so a typo in either stops the run before any check.
  const seeds = ['FC_SEED', 'SC_FC_SEED'].map((name) => c.take(() => seed(env, name), undefined));
  const path = (present(env, 'FC_PATH') ?? present(env, 'SC_FC_PATH'))?.replace(/,/g, ':');
  return {
    seed: seeds.find((s) => s !== undefined),
    path,
    replayPath: present(env, 'FC_REPLAY_PATH'),
    baseSeed: present(env, 'FC_BASE_SEED'),
    pkceRuns: c.take(() => int(env, 'SC_FC_RUNS', 6, 1), 6),
  };
}

/** BENCH_SECONDS, BENCH_CONNECTIONS: the reference's load benchmark (scripts/bench-reference.ts). */
export interface BenchSettings {
  seconds: number;
  connections: number;
}

export function readBenchSettings(env: Env, c: Collector): BenchSettings {
  return { seconds: c.take(() => int(env, 'BENCH_SECONDS', 10, 1), 10), connections: c.take(() => int(env, 'BENCH_CONNECTIONS', 32, 1), 32) };
}
