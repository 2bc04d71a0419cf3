/**
 * Runs one `playwright test` in a process of its own, with a hard time limit, and
 * reads the JSON report it leaves. Every kill-matrix, variant and flakiness run
 * goes through here.
 *
 * On expiry the runner gets SIGINT first: Playwright then interrupts its tests,
 * stops the reference it started as webServer (which lives in a process group of
 * its own) and still writes its report. Only if it has not exited after a grace
 * period are it and every process it started SIGKILLed (see killTree).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv } from '../settings/run-context.js';
import { CONFORMANCE_CONFIG, PLAYWRIGHT_CLI, ROOT } from './paths.js';
import { type PlaywrightReport, readReport } from './job-checks.js';

export interface RunSpec {
  /** A label for logs and errors. */
  name: string;
  /** Arguments after `playwright test -c <config>`, e.g. `['--grep', '…']`. */
  args: string[];
  /** Settings of this run (SC_…, REFERENCE_…, FC_SEED); the parent's own are dropped, see childEnv. */
  env: Record<string, string>;
  /** The run's own folder: SC_REPORTS, Playwright's output dir and the run's log. */
  dir: string;
  /** Hard limit on the whole run, startup of the reference included. */
  timeoutMs: number;
  /** Playwright config, relative to cwd (default: the conformance config). */
  config?: string;
  /** Working directory (default: the project root). */
  cwd?: string;
  /** How long the runner may take to stop after SIGINT before it is SIGKILLed. */
  graceMs?: number;
  /** Aborting it interrupts the run the same way the time limit does. */
  signal?: AbortSignal;
}

export interface RunOutcome {
  name: string;
  exitCode: number | null;
  /** The hard time limit expired (a hang): never a verdict on the server, always an error of the run. */
  timedOut: boolean;
  /** Stopped through `signal` (deadline or Ctrl-C of the caller). */
  aborted: boolean;
  /** Stopped before it began: no check of it ever started (the matrix's bound or Ctrl-C came first). Never a verdict. */
  notStarted?: boolean;
  seconds: number;
  report?: PlaywrightReport;
  /** Why there is no report (missing or unreadable), when there is none. */
  reportError?: string;
  /** Runner output (stdout and stderr), kept in the run's folder. */
  logPath: string;
  logTail: string;
}

/** The outcome of a run stopped before it began (the caller's bound or Ctrl-C came first). */
export const notStarted = (name: string): RunOutcome => ({ name, exitCode: null, timedOut: false, aborted: true, notStarted: true, seconds: 0, logPath: '', logTail: '' });

/**
 * Variables that would make the child something other than a clean conformance run
 * against the embedded reference: a target the user set (SC_BASE_URL…), the parent's
 * own reference settings, and the markers a Playwright worker inherits (when npm test
 * runs the matrix, the parent is itself a Playwright worker).
 */
const INHERITED_NOT_WANTED = [/^SC_/, /^REFERENCE_/, /^FC_SEED$/, /^TEST_(WORKER|PARALLEL)_INDEX$/, /^PLAYWRIGHT_TEST$/, /^PLAYWRIGHT_\w+_OUTPUT_/, /^PW_/, /^FORCE_COLOR$/];

export function cleanRunEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  // No colours: the log and the report's error messages are read by code and printed in tables.
  return childEnv({ FORCE_COLOR: '0', ...settings }, INHERITED_NOT_WANTED);
}

/** Runs still going, so a caller's Ctrl-C can stop them all (see interruptAll). */
const running = new Set<ChildProcess>();

/** Sends SIGINT to every run still going: each stops its reference and writes its report. */
export function interruptAll(): void {
  for (const child of running) signalRunner(child, 'SIGINT');
}

/**
 * The teeth commands' Ctrl-C (and SIGTERM): the first aborts the returned signal and interrupts every run
 * (each stops its references, the reports are written); the second leaves at once.
 */
export function stopOnInterrupt(): AbortSignal {
  const abort = new AbortController();
  let interrupted = 0;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (interrupted++ > 0) process.exit(130);
      console.error('interrupting the runs…');
      abort.abort();
      interruptAll();
    });
  }
  return abort.signal;
}

function signalRunner(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(group ? -child.pid : child.pid, signal);
  } catch {
    // Already gone between the check and the kill: nothing to stop.
  }
}

/**
 * Every process descended from `pid`, read from /proc (Linux; elsewhere none).
 * Playwright starts its webServer in a process group of its own, so a SIGKILL of
 * the runner's group alone would leave the reference running and holding its port.
 */
export function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const e of entries) {
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the parent pid is the 2nd field after it.
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
    } catch {
      // The process ended while we read: it needs no stopping.
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Last resort: SIGKILL the runner's group and every process it started, web server included. */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const tree = descendants(child.pid);
  signalRunner(child, 'SIGKILL', true);
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function tail(path: string, lines = 40): string {
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
}

export async function runPlaywright(spec: RunSpec): Promise<RunOutcome> {
  mkdirSync(spec.dir, { recursive: true });
  const logPath = join(spec.dir, 'run.log');
  const reportPath = join(spec.dir, 'playwright.json');
  const log = openSync(logPath, 'w');
  const started = Date.now();
  const args = [
    PLAYWRIGHT_CLI,
    'test',
    '-c',
    spec.config ?? CONFORMANCE_CONFIG,
    // A folder per run: concurrent runs sharing one outputDir would delete each other's files.
    '--output',
    join(spec.dir, 'test-results'),
    ...spec.args,
  ];
  const child = spawn(process.execPath, args, {
    cwd: spec.cwd ?? ROOT,
    env: cleanRunEnv({ ...spec.env, SC_REPORTS: spec.dir }),
    stdio: ['ignore', log, log],
    // Its own process group, so the last resort (SIGKILL) reaches its workers too.
    detached: true,
  });
  closeSync(log);
  running.add(child);

  let timedOut = false;
  let aborted = false;
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    signalRunner(child, 'SIGINT');
    killTimer ??= setTimeout(() => killTree(child), spec.graceMs ?? 15_000);
  };
  const limit = setTimeout(() => {
    timedOut = true;
    stop();
  }, spec.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    stop();
  };
  if (spec.signal?.aborted) onAbort();
  spec.signal?.addEventListener('abort', onAbort, { once: true });

  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  clearTimeout(limit);
  clearTimeout(killTimer);
  spec.signal?.removeEventListener('abort', onAbort);
  running.delete(child);

  const outcome: RunOutcome = {
    name: spec.name,
    exitCode,
    timedOut,
    aborted,
    seconds: (Date.now() - started) / 1000,
    logPath,
    logTail: tail(logPath),
  };
  const { report, error } = readReport(reportPath);
  outcome.report = report;
  outcome.reportError = error;
  return outcome;
}
