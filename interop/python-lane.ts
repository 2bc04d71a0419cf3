/**
 * One run of an interop lane, as a user would make it: the Python target started on ports the OS picks,
 * the suite's own command (scripts/conformance.ts, `npm run conformance`) run with default settings and the
 * SC_* settings the target wrote, its reports in a folder of their own, the outcome judged against
 * interop/expectations.json (interop/lane-verdict.ts), the target stopped whatever happened.
 * tests/interop/interop-python.spec.ts runs it once in npm test; scripts/interop.ts (`npm run interop`) N times.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { secretForms } from '../lib/secrets.js';
import { formatConsoleSummary } from '../reporting/console.js';
import type { ConformanceReport } from '../reporting/report-types.js';
import { childEnv } from '../settings/run-context.js';
import { expectationsOf } from './expectations.js';
import { judgeLane, type LaneVerdict } from './lane-verdict.js';
import { startPythonTarget } from './python-target.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * A whole run takes 35–75 s on this 2-core machine, 125 s with the machine loaded 27 deep; past this bound
 * it is stopped (SIGTERM: reports written) as hung.
 */
export const RUN_BOUND_MS = 300_000;
/** After SIGTERM, how long the run has to write its reports before its group is killed. */
const KILL_GRACE_MS = 15_000;

export interface LaneOptions {
  /** INTEROP_SEED_ITEMS of the target: each account starts with that many items of its own. */
  seedItems?: number;
  /** SC_PAGE_SIZE declared to the suite: the target's page size (its CHOICES.md), which the target's settings file does not declare. */
  pageSize?: number;
  /** Extra arguments of the conformance command (e.g. `--grep` for a local look; never in the committed lane). */
  args?: string[];
}

export interface LaneRun extends LaneVerdict {
  seconds: number;
  exitCode: number | null;
  /** Where the run's reports and its console output (conformance.log) are. */
  reportsDir: string;
  /** The run's own summary (headline, failing rules, gate) and where its reports are; secrets masked. */
  summary: string;
}

/** What a run under way must stop: its target and its conformance command, each once. */
const running = new Set<() => Promise<void> | void>();

/**
 * Stops every run under way (target and conformance command, by process group): for a caller that gives
 * up before a run returns (a test's timeout, Ctrl-C of npm run interop). Both live in groups of their own,
 * which outlive this process unless stopped.
 */
export async function stopRunningLanes(): Promise<void> {
  const stops = [...running];
  running.clear();
  await Promise.all(stops.map((stop) => stop()));
}

/** Every form of every secret replaced by ***: nothing the lane prints may carry one. */
export function maskWith(secrets: readonly string[]): (text: string) => string {
  const forms = [...new Set(secrets.flatMap((s) => secretForms(s)))].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((out, f) => out.split(f).join('***'), text);
}

/** The conformance command in a process group of its own; resolves with its exit code (null when it was killed). */
function runConformance(env: NodeJS.ProcessEnv, args: string[], log: string): Promise<number | null> {
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let kill: NodeJS.Timeout | undefined;
  const stopNow = () => group('SIGKILL');
  running.add(stopNow);
  const bound = setTimeout(() => {
    group('SIGTERM');
    kill = setTimeout(() => group('SIGKILL'), KILL_GRACE_MS);
  }, RUN_BOUND_MS);
  return new Promise((done) => {
    const end = (code: number | null) => {
      clearTimeout(bound);
      clearTimeout(kill);
      running.delete(stopNow);
      // Whatever it left behind in its group (a worker, a server) goes with it.
      group('SIGKILL');
      done(code);
    };
    child.once('error', () => end(null));
    child.once('exit', (code) => end(code));
  });
}

function readReport(file: string): ConformanceReport | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  } catch {
    return undefined;
  }
}

/** One run of the Python lane. Never leaves the target running. */
export async function runPythonLane(options: LaneOptions = {}): Promise<LaneRun> {
  const folder = mkdtempSync(join(tmpdir(), 'sc-interop-python-'));
  const reportsDir = join(folder, 'reports');
  mkdirSync(reportsDir, { recursive: true });
  const expected = expectationsOf('python').failures.map((f) => f.rule);
  const started = Date.now();
  const target = await startPythonTarget(folder, options.seedItems ? { INTEROP_SEED_ITEMS: String(options.seedItems) } : {});
  running.add(target.stop);
  let exitCode: number | null;
  try {
    // The target's settings and nothing of the caller's: no SC_ or REFERENCE_ setting, no Playwright worker's identity.
    const declared = options.pageSize ? { SC_PAGE_SIZE: String(options.pageSize) } : {};
    const env = childEnv({ ...target.settings, ...declared, SC_REPORTS: reportsDir, NO_COLOR: '1' }, [/^SC_/, /^REFERENCE_/, /^INTEROP_/, /^FORCE_COLOR$/, /^TEST_(WORKER|PARALLEL)_INDEX$/]);
    // --output: Playwright's own output folder goes with the reports (by default test-results/conformance, which every run empties).
    exitCode = await runConformance(env, [...(options.args ?? []), '--output', join(reportsDir, 'test-results')], join(reportsDir, 'conformance.log'));
  } finally {
    await target.stop();
    running.delete(target.stop);
    // The env file holds the (now dead) target's client secret and passwords: not left behind.
    rmSync(join(folder, 'target.env'), { force: true });
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const report = readReport(join(reportsDir, 'conformance.json'));
  const verdict = judgeLane(exitCode, report, expected);
  const where = ['conformance.html', 'conformance.json', 'conformance.log'].map((f) => join(reportsDir, f));
  const summary = report ? formatConsoleSummary(report, { reportPaths: where }) : `no conformance.json; the run's output: ${where[2]}`;
  const mask = maskWith(target.secrets);
  return { ...verdict, problems: verdict.problems.map(mask), seconds, exitCode, reportsDir, summary: mask(summary) };
}

/** One line for a run: what npm run interop prints, and the test's title of a failure. */
export function laneLine(run: LaneRun): string {
  const failing = run.failing.length ? run.failing.join(', ') : 'none';
  return `${run.ok ? 'OK  ' : 'FAIL'} gate ${run.gate} (exit ${run.exitCode}) in ${run.seconds} s; MUST failures: ${failing}${run.ok ? '' : `; ${run.problems.join('; ')}`}`;
}
