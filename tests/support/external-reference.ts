import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm run reference` as a separate process, the way a user starts the
 * sandbox: its `export SC_…='…'` lines are the settings of whatever runs
 * against it (the suite, the example client, the benchmark).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The environment without any SC_ or REFERENCE_ setting of the caller: the process gets exactly ours. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SC_') && !k.startsWith('REFERENCE_')));
}

export interface External {
  settings: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts it with `env` (REFERENCE_… settings); resolves with its export lines once it is ready. Its output goes
 * to `log` when given. `command`: node's arguments and folder, this repository's reference/main.ts by default
 * (tests/package/package.spec.ts starts the installed package's `seller-connect-conformance reference`).
 */
export function startExternalReference(
  env: Record<string, string>,
  log?: string,
  command: { args: string[]; cwd: string } = { args: ['--import', 'tsx', 'reference/main.ts'], cwd: root },
): Promise<External> {
  const child = spawn(process.execPath, command.args, { cwd: command.cwd, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the reference did not start in 30 s: ${out.slice(-500)}`));
    }, 30_000);
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      if (log) writeFileSync(log, out);
      if (!out.includes('# reference ready')) return;
      clearTimeout(timer);
      const settings: Record<string, string> = {};
      for (const m of out.matchAll(/^export (SC_\w+)='((?:[^']|'\\'')*)'$/gm)) settings[m[1]] = m[2].replace(/'\\''/g, "'");
      resolve({ settings, stop });
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference exited (${code}) before it was ready: ${out.slice(-500)}`));
    });
  });
}
