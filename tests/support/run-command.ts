import { spawn } from 'node:child_process';

/** What a command left: its exit code (null when a signal ended it) and its output, stdout and stderr interleaved. */
export interface Ran {
  code: number | null;
  out: string;
}

/** Runs a command to its end, its output gathered; a hang guard, not a timer: it is killed only past `timeoutMs`. */
export function runCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ran> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve({ code, out });
    });
  });
}
