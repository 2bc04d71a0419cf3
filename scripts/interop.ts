/**
 * npm run interop [-- --runs N] [--seed-items N] [--page-size N]
 *
 * The interop lane of npm test (tests/interop/interop-python.spec.ts), N times in a row: each run starts the
 * independent Python implementation (../shared/interop/server, or SC_INTEROP_DIR), runs the suite's own
 * command against it with default settings, judges the outcome against interop/expectations.json and stops
 * the server. One line per run (gate, seconds, MUST failures); exit 0 only when every run is as expected.
 * See docs/INTEROP.md.
 */
import { exitOnHelp } from '../lib/cli-help.js';
import { laneLine, runPythonLane, stopRunningLanes } from '../interop/python-lane.js';
import { pythonTargetMissing } from '../interop/python-target.js';

exitOnHelp(`usage: npm run interop [-- options]

Runs the suite (npm run conformance, default settings) against the independent Python implementation
of the spec (../shared/interop/server, or the folder SC_INTEROP_DIR names), N times, each against a
fresh server; prints one line per run and exits 0 only when every run ends PASSED but for exactly the
failures interop/expectations.json lists (docs/INTEROP.md).

  --runs <n>            how many runs (default 1)
  --seed-items <n>      INTEROP_SEED_ITEMS of the server: each account starts with n items of its own
  --page-size <n>       declare the server's page size to the suite (SC_PAGE_SIZE; its CHOICES.md says 10):
                        the list check then crosses a real page boundary
  --verbose             print each run's summary, not only the failing ones'
  -h, --help            this text`);

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(name.length + 1) : args[at + 1];
}

function count(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`interop: ${name}: expected a whole number, got '${raw}'`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<number> {
  const runs = Math.max(1, count('--runs', 1));
  const seedItems = count('--seed-items', 0);
  const pageSize = count('--page-size', 0) || undefined;
  const verbose = process.argv.includes('--verbose');
  const missing = pythonTargetMissing();
  if (missing) {
    console.error(`interop: cannot run: ${missing}`);
    return 2;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`interop: ${signal}: stopping the server and the run`);
      void stopRunningLanes().then(() => process.exit(130));
    });
  }
  let good = 0;
  const seconds: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const run = await runPythonLane({ seedItems, pageSize });
    seconds.push(run.seconds);
    if (run.ok) good++;
    console.log(`run ${i}/${runs}: ${laneLine(run)}`);
    if (!run.ok || verbose) console.log(`${run.summary}\n`);
  }
  const mean = seconds.reduce((a, b) => a + b, 0) / seconds.length;
  console.log(`interop: ${good}/${runs} runs as expected; ${mean.toFixed(1)} s per run (${Math.min(...seconds)}–${Math.max(...seconds)} s)`);
  return good === runs ? 0 : 1;
}

process.exitCode = await main();
