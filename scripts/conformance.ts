/**
 * npm run conformance [-- <playwright args>]
 *
 * Runs the conformance suite: `playwright test` with the given arguments (e.g.
 * `--grep @auth`, `--shard 1/3`). The run is the same as `npx playwright test`:
 * global setup validates the settings and runs the preflight, and the last
 * reporter of playwright.config.ts records how the run ended. This script owns
 * the run's end (SC_INTERNAL_RUN_END=script; reporting/finish.ts): after Playwright
 * exits it reads the run-stop file and the JSON report, judges the run once, runs
 * the paced re-run when the run is INCOMPLETE for transient reasons, writes
 * reports/conformance.{json,html}, junit.xml and the Allure report once, prints the
 * summary, and exits by the gate (reporting/gate.ts):
 *   0  PASSED: every server MUST rule the configuration reaches was judged, none failed
 *      (SC_STRICT=1: and no SHOULD finding)
 *   1  FAILED: a MUST requirement failed, or a failing check names no requirement
 *   2  BROKEN: the run is broken: a bad setting (SC_BASELINE, SC_REQUIRE too) or a failed
 *      preflight, a run stopped before every check ran (Ctrl-C, SIGTERM, SC_RUN_DEADLINE_S),
 *      no usable JSON report
 *   3  INCOMPLETE: nothing failed, but a reachable server MUST rule was not exercised (and no
 *      baseline entry accepts it with its reason), a capability SC_REQUIRE names is missing,
 *      or the baseline is stale. Before it says so, the checks that left such a rule not
 *      exercised for a transient reason (rate_limited, timeout) run once more, alone and
 *      paced (one worker, half SC_RATE_LIMIT; reporting/paced-rerun.ts), and the reports are
 *      written once, from the first run's checks with the re-run's merged in (SC_PACED_RERUN=0: no re-run)
 *
 * Own flags (not passed to Playwright as they are):
 *   --report-only       builds the reports from the existing reports/playwright.json, runs nothing
 *   --rule <ID>[,<ID>]  exactly the checks whose titles name these requirement IDs (it sets SC_RULE):
 *                       --rule ITEM-QUOTA-1 never runs ITEM-QUOTA-10 (--grep is a regular expression)
 *   --reporter <name>   Playwright's console reporter instead of the progress display, e.g. list for a line per
 *                       check (it sets SC_CONSOLE_REPORTER): the report files and the gate stay
 *   --list              lists the checks, writes and builds nothing, exits 0
 *   --write-baseline <file>  writes this run's MUST failures and non-transient not-exercised MUST rules
 *                       as a baseline file for SC_BASELINE (it sets SC_WRITE_BASELINE)
 * SIGTERM and SIGINT are passed on: Playwright stops its workers and the reference,
 * every reporter writes what finished; a second signal (or 60 s) forces the stop.
 * See docs/REPORTS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseRules, RULE_EXPECTED } from '../settings/rule-selection.js';
import { childEnv, ensureRunId, environment, handOff } from '../settings/run-context.js';
import { readSettingsWith, type Settings } from '../settings/settings.js';
import { onAncestorGone } from '../lib/stop-with-parent.js';
import { readRunStop, RUN_STOP_FILE } from '../results/run-artifacts.js';
import { finishRun } from '../reporting/finish.js';
import { pacedSettings, type RerunTarget } from '../reporting/paced-rerun.js';
import { type ReadReport, readPlaywrightReport } from '../reporting/read-playwright-report.js';
import { RUN_OPTIONS } from './run-options.js';
import { exitOnHelp } from '../lib/cli-help.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Installed as a package, the suite's .ts files sit under node_modules, which Playwright's own loader
 * never transforms: its runner and workers (which inherit the runner's execArgv) load them with tsx.
 */
const tsxLoader = root.split(sep).includes('node_modules')
  ? ['--enable-source-maps', '--import', import.meta.resolve('tsx'), '--import', pathToFileURL(join(root, 'bin', 'source-maps.mjs')).href]
  : [];
const STOP_GRACE_MS = 60_000;

/** Splits our own flags from Playwright's. */
function parseArgs(args: string[]): { reportOnly: boolean; listing: boolean; rules: string[]; reporters: string[]; writeBaseline?: string; playwright: string[] } {
  const out = { reportOnly: false, listing: false, rules: [] as string[], reporters: [] as string[], writeBaseline: undefined as string | undefined, playwright: [] as string[] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (flag: string) => (a === flag ? args[++i] : a.slice(flag.length + 1)) ?? '';
    if (a === '--report-only') out.reportOnly = true;
    else if (a === '--rule' || a.startsWith('--rule=')) out.rules.push(...value('--rule').split(','));
    else if (a === '--reporter' || a.startsWith('--reporter=')) out.reporters.push(...value('--reporter').split(','));
    else if (a === '--write-baseline' || a.startsWith('--write-baseline=')) out.writeBaseline = value('--write-baseline');
    else {
      if (a === '--list') out.listing = true;
      out.playwright.push(a);
    }
  }
  out.rules = out.rules.map((r) => r.trim()).filter(Boolean);
  out.reporters = out.reporters.map((r) => r.trim()).filter(Boolean);
  return out;
}

/** Playwright's command line refused its arguments (commander's `error: unknown option '--gerp'`): nothing ran. */
const USAGE_ERROR = /^error: (unknown option|unknown command|too many arguments|option .* argument missing|missing required argument)/m;

function runPlaywright(playwrightArgs: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error; usageError?: boolean }> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  // Inherited stdout: the list/dot reporter shows progress while the run goes. Same process group: Ctrl-C reaches it too.
  // stderr passes through as it comes, and its start is kept: a typo'd option is Playwright's one line, not a broken run.
  const config = join(root, 'playwright.config.ts');
  const child: ChildProcess = spawn(process.execPath, [...tsxLoader, cli, 'test', '-c', config, ...playwrightArgs], { stdio: ['inherit', 'inherit', 'pipe'], env });
  let stderrStart = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    if (stderrStart.length < 2048) stderrStart += chunk.toString();
  });
  let signals = 0;
  let force: NodeJS.Timeout | undefined;
  const pass = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signals++;
    // The first signal asks Playwright to stop (reports written); a second one, or the grace period, forces it.
    child.kill(signals > 1 && signal === 'SIGINT' ? 'SIGTERM' : signal);
    if (signals > 1 && signal === 'SIGTERM') setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    force ??= setTimeout(() => {
      console.error(`conformance: Playwright did not stop within ${STOP_GRACE_MS / 1000} s: forcing it`);
      pass('SIGTERM');
      pass('SIGTERM');
    }, STOP_GRACE_MS);
    force.unref();
  };
  // Outlive Playwright: report what it finished, then exit by the gate.
  process.on('SIGINT', () => pass('SIGINT'));
  process.on('SIGTERM', () => pass('SIGTERM'));
  process.on('SIGHUP', () => pass('SIGTERM'));
  // A SIGTERM to npm or npx does not reach us (lib/stop-with-parent.ts): a vanished ancestor counts as one.
  const unwatch = onAncestorGone(() => {
    console.error('conformance: the process that started this run is gone (npm was stopped?): stopping the run as on SIGTERM');
    pass('SIGTERM');
  });
  return new Promise((done) => {
    child.on('error', (error) => done({ code: null, signal: null, error }));
    child.on('exit', (code, signal) => {
      clearTimeout(force);
      unwatch();
      // Its last stderr may still be on the way; a process it left behind may hold the pipe: wait 1 s at most.
      const settle = setTimeout(finish, 1_000);
      child.once('close', finish);
      function finish() {
        clearTimeout(settle);
        done({ code, signal, usageError: code === 1 && USAGE_ERROR.test(stderrStart) });
      }
    });
  });
}

/**
 * The paced re-run (reporting/paced-rerun.ts), offered to the run's end (reporting/finish.ts), which asks for it
 * when the run is INCOMPLETE and some check was left not exercised for a transient reason (429 after the retries,
 * a timeout): those checks run once more, alone and paced, into a folder of their own; their results are merged
 * into the first run's before any report is written.
 */
async function pacedRerun(targets: RerunTarget[], playwrightArgs: string[], changes: Record<string, string>, settings: Settings, reportsDir: string): Promise<ReadReport> {
  const rerunDir = join(reportsDir, 'paced-rerun');
  rmSync(rerunDir, { recursive: true, force: true });
  console.log(`\nINCOMPLETE for transient reasons: running ${targets.length} check${targets.length === 1 ? '' : 's'} again, alone and paced (SC_PACED_RERUN=0 skips this)`);
  await runPlaywright([...playwrightArgs, ...targets.map((t) => `${t.file}:${t.line}`)], childEnv({ ...changes, ...pacedSettings(settings, rerunDir) }));
  console.log("\nThe whole run, with the paced re-run's results in place of the first ones:");
  return readPlaywrightReport(join(rerunDir, 'playwright.json'));
}

/** The run's first console line: the target, and where its settings came from (names only: values may be secrets). */
function startLine(settings: Settings): string {
  const given = environment.settingsGiven();
  const target = settings.embedded ? 'the embedded reference (SC_BASE_URL unset)' : settings.baseUrl;
  const source = given.length ? `settings from the environment: ${given.join(', ')}` : 'no SC_ setting in the environment: every default';
  return `Seller Connect conformance — target: ${target} · ${source}`;
}

async function main(): Promise<number> {
  exitOnHelp(`usage: npm run conformance [-- options]   (installed: seller-connect-conformance [options])

Runs the conformance suite against the server the SC_ settings name (docs/TARGET.md), or the
embedded reference with SC_BASE_URL unset; reports into SC_REPORTS (default ./reports). The exit
code is the gate: 0 PASSED · 1 FAILED · 2 BROKEN · 3 INCOMPLETE.

${RUN_OPTIONS}
  -h, --help            this text (Playwright's own options: npx playwright test --help)`);
  const args = parseArgs(process.argv.slice(2));
  // Our flags are settings of the run (docs/SETTINGS.md): handed to Playwright's runner as such, and read here
  // the same way, once, for the run's end this script owns.
  const changes: Record<string, string> = {};
  if (args.writeBaseline !== undefined) {
    if (!args.writeBaseline.trim()) {
      console.error('conformance: --write-baseline: expected the path of the baseline file to write');
      return 2;
    }
    changes.SC_WRITE_BASELINE = resolve(args.writeBaseline);
  }
  // --rule is SC_RULE: exactly the checks whose titles name the IDs (settings/rule-selection.ts).
  if (args.rules.length) {
    const read = parseRules(args.rules.join(','));
    if ('bad' in read) {
      console.error(`conformance: --rule: ${RULE_EXPECTED}; got '${read.bad}'`);
      return 2;
    }
    changes.SC_RULE = read.rules.join(',');
  }
  if (args.reporters.length) changes.SC_CONSOLE_REPORTER = args.reporters.join(',');
  // The one read of this process's settings (bad ones stop the run in Playwright's global setup, with the preflight).
  const read = readSettingsWith(changes).settings;
  // Every write goes under the folder the command runs in (npm run: the repository; the installed command: the
  // user's folder), never into the package. Absolute from here on: Playwright and its workers, which may start in
  // another folder, get it so.
  const reportsDir = resolve(read.run.reports);
  changes.SC_REPORTS = reportsDir;
  const settings: Settings = { ...read, run: { ...read.run, reports: reportsDir } };
  if (args.reportOnly) return finishRun({ root, reportsDir, settings });

  // One id for the whole run, known here too: the reports show only this run's budget figures and causes.
  const runId = ensureRunId(settings.run.runId);
  // This script ends the run: Playwright's conformance reporter only records how it ended (reporting/finish.ts).
  handOff({ runEnd: 'script' });
  const env = childEnv(changes);

  if (args.listing) {
    // A listing writes nothing (playwright.config.ts keeps only the console reporter) and has no gate.
    const listed = await runPlaywright(args.playwright, env);
    return listed.code ?? 1;
  }

  console.log(startLine(settings));
  // A stale report from an earlier run must never be read as this run's result.
  for (const file of ['playwright.json', 'conformance.json', 'conformance.html', RUN_STOP_FILE]) rmSync(join(reportsDir, file), { force: true });
  // allure-playwright appends to its folder; a local run starts clean. (Shards run on separate machines.)
  rmSync(join(reportsDir, 'allure-results'), { recursive: true, force: true });
  rmSync(join(reportsDir, 'allure'), { recursive: true, force: true });

  const ended = await runPlaywright(args.playwright, env);
  // A mistyped option: Playwright said so in one line (and what was meant); no run, so no report.
  if (ended.usageError) return 2;
  const stop = readRunStop(reportsDir, runId);
  const runErrors: string[] = [];
  if (!stop.ended) {
    // Playwright ended without its conformance reporter's onEnd (a crash, a forced stop): report what there is.
    const how = ended.error ? `could not start Playwright: ${ended.error.message}` : ended.signal ? `Playwright was killed by ${ended.signal}` : `Playwright exited with ${ended.code}`;
    console.error(`conformance: ${how} before its conformance reporter recorded the run's end`);
    runErrors.push(`the run ended before its report was built: ${how}`);
  }
  // A sharded run keeps each shard's verdict (merged later, scripts/merge-shards.ts); SC_PACED_RERUN=0 keeps the first.
  const rerun = settings.run.pacedRerun && !args.playwright.some((a) => a.startsWith('--shard'));
  return finishRun({
    root,
    reportsDir,
    settings,
    stop,
    runErrors,
    pacedRerun: rerun ? (targets) => pacedRerun(targets, args.playwright, changes, settings, reportsDir) : undefined,
  });
}

process.exitCode = await main();
