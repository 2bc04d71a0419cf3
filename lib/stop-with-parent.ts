/**
 * A process that stops with the one that started it. A SIGTERM to `npm run …` or `npx …` does not reach
 * the node process that does the work: npm passes it to `sh`, which dies without passing it on, and the
 * worker is left orphaned, holding its port (issue 33: `npx seller-connect-conformance reference & kill $!`).
 * So the processes above this one, up to npm, are watched, and one of them gone counts as a SIGTERM:
 * the conformance run (scripts/conformance.ts) and the reference sandbox (reference/main.ts) use it.
 */
import { readFileSync } from 'node:fs';
import { processAlive } from './process-alive.js';

/** The processes above this one up to npm or npx (npm → sh → node, on Linux); without /proc, the direct parent alone. */
export function ancestors(): number[] {
  const chain: number[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    chain.push(pid);
    let stat: string;
    let cmdline: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      break;
    }
    if (/(^|[/\0 ])np[mx]/.test(cmdline)) break;
    pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  return chain;
}

/**
 * Calls `gone` once when a process above this one has ended, or this one was handed to another parent
 * (its parent died first). Checked every `everyMs`; the watch never keeps the process alive. Returns the
 * function that ends the watch.
 */
export function onAncestorGone(gone: () => void, everyMs = 1_000): () => void {
  const watched = ancestors();
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent || watched.some((pid) => !processAlive(pid))) {
      clearInterval(watch);
      gone();
    }
  }, everyMs);
  watch.unref();
  return () => clearInterval(watch);
}
