import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run conformance` as a child process in its own process group, bounded:
 * past `boundMs` the whole group (the runner, its workers, whatever they
 * started) gets SIGTERM, then SIGKILL 5 s later. Colours are stripped from the
 * output (FORCE_COLOR is inherited from the Playwright running the test).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ConformanceChild {
  code: number | null;
  output: string;
  wallMs: number;
  /** True when the bound ended it. */
  killed: boolean;
}

export function runConformance(args: string[], env: NodeJS.ProcessEnv, boundMs: number, onOutput?: (all: string) => void): Promise<ConformanceChild> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const take = (c: Buffer) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character of ANSI colour codes.
    output += c.toString().replace(/\u001b\[[0-9;]*m/g, '');
    onOutput?.(output);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let killed = false;
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    killed = true;
    kill('SIGTERM');
    setTimeout(() => kill('SIGKILL'), 5_000).unref();
  }, boundMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, wallMs: Date.now() - started, killed });
    });
  });
}
