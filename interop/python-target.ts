/**
 * The independent Python implementation of the spec (../shared/interop/server, written from the spec and
 * TARGET.md alone) as a target: found, started on ports the OS picks, its settings read from the env file it
 * writes, and stopped with its whole process group.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, environment } from '../settings/run-context.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** How long the server may take to print its ready line (it starts in well under a second). */
const READY_BOUND_MS = 20_000;
/** How long it may take to exit after SIGTERM before the group is killed. */
const STOP_BOUND_MS = 5_000;

/** The server's folder: SC_INTEROP_DIR, else ../shared/interop/server beside the repository. */
export function interopDir(): string {
  return resolve(ROOT, environment.interopDir() ?? join('..', 'shared', 'interop', 'server'));
}

/** Why the lane cannot run here (no server, no python3), or undefined when it can. An installed package has no ../shared. */
export function pythonTargetMissing(): string | undefined {
  const server = join(interopDir(), 'server.py');
  if (!existsSync(server)) return `no interop server at ${server} (set SC_INTEROP_DIR to its folder)`;
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (python.error || python.status !== 0) return `no python3 on PATH (${python.error?.message ?? `exit ${python.status}`})`;
  return undefined;
}

export interface RunningTarget {
  /** The SC_* settings the server wrote (client secret, passwords, control token among them). */
  settings: Record<string, string>;
  /** The values of `settings` that are secret, to keep out of anything printed. */
  secrets: string[];
  pid: number;
  /** Stops the whole process group: SIGTERM, then SIGKILL after a bound. Safe to call twice. */
  stop(): Promise<void>;
}

/** `export NAME='value'` lines, as the server writes them (a ' inside a value is '\''). */
export function parseExportLines(text: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const m of text.matchAll(/^export (SC_\w+)='((?:[^']|'\\'')*)'$/gm)) settings[m[1]] = m[2].replace(/'\\''/g, "'");
  return settings;
}

/** The secrets among the settings: the client secret, the control token and every account's password. */
export function settingSecrets(settings: Record<string, string>): string[] {
  const out = [settings.SC_CLIENT_SECRET, settings.SC_CONTROL_TOKEN];
  try {
    for (const a of JSON.parse(settings.SC_ACCOUNTS ?? '[]') as { password?: unknown }[]) if (typeof a.password === 'string') out.push(a.password);
  } catch {
    // not JSON: the run's preflight says so
  }
  return out.filter((s): s is string => typeof s === 'string' && s.length > 0);
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts server.py in a process group of its own. `folder` receives the env file (`target.env`) and the
 * server's stderr (`target.log`); its stdout, which repeats the export lines and so the secrets, is read for
 * the ready line and otherwise dropped. `extraEnv`: INTEROP_… settings of the server (INTEROP_SEED_ITEMS).
 */
export function startPythonTarget(folder: string, extraEnv: Record<string, string> = {}): Promise<RunningTarget> {
  const envFile = join(folder, 'target.env');
  const logFd = openSync(join(folder, 'target.log'), 'w');
  const child = spawn('python3', [join(interopDir(), 'server.py')], {
    cwd: folder,
    // Only the INTEROP_ settings given here reach it; none of the suite's.
    env: childEnv({ ...extraEnv, INTEROP_TARGET_ENV: envFile, PYTHONUNBUFFERED: '1' }, [/^SC_/, /^INTEROP_/]),
    stdio: ['ignore', 'pipe', logFd],
    detached: true,
  });
  closeSync(logFd);
  const pid = child.pid;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      killGroup(pid, 'SIGTERM');
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((done) => (bound = setTimeout(done, STOP_BOUND_MS)))]);
      clearTimeout(bound);
      killGroup(pid, 'SIGKILL');
    })();
    return stopping;
  };
  return new Promise((done, fail) => {
    let out = '';
    let settled = false;
    const give = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(bound);
      void stop().then(() => fail(error));
    };
    const bound = setTimeout(() => give(new Error(`the interop server printed no ready line in ${READY_BOUND_MS / 1000} s (its stderr: ${join(folder, 'target.log')})`)), READY_BOUND_MS);
    child.once('error', (error) => give(new Error(`could not start python3: ${error.message}`)));
    child.once('exit', (code, signal) => give(new Error(`the interop server exited (${signal ?? code}) before it was ready (its stderr: ${join(folder, 'target.log')})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (settled || pid === undefined) return;
      out += chunk.toString();
      if (!out.includes('interop ready')) return;
      settled = true;
      clearTimeout(bound);
      // The file is written before the ready line is printed (the server's README).
      const settings = parseExportLines(readFileSync(envFile, 'utf8'));
      done({ settings, secrets: settingSecrets(settings), pid, stop });
    });
  });
}
