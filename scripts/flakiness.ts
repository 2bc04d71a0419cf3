/**
 * Runs the whole conformance suite against the clean reference N times in a row,
 * each with a fresh random FC_SEED, and reports every failure with its seed and
 * check (docs/TEETH.md). Not part of npm test: it takes N whole-suite runs.
 *
 *   npm run flakiness                   # 10 runs
 *   npm run flakiness -- --runs 3 --workers 2 --timeout 300
 *   npm run flakiness -- --seed 12345   # replay one seed (repeat --seed for more)
 *
 * FC_SEED: the specs pass it to fast-check (`fc.assert(…, { seed })`) when it is set,
 * so the seed printed beside a failure replays the same generated inputs.
 * Writes reports/flakiness.json. Exit 1 when any run failed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatFlakiness, formatRun, runFlakiness } from '../teeth/flakiness-runs.js';
import { ROOT } from '../teeth/paths.js';
import { interruptAll } from '../teeth/run-playwright.js';
import { exitOnHelp } from '../lib/cli-help.js';

exitOnHelp(`
usage: npm run flakiness [-- --runs N --workers N --timeout S --seed N … --keep]

Runs the whole suite against the clean reference N times (default 10), each with a fresh
FC_SEED (or the --seed values given), and reports every failure with its seed and check.
Writes reports/flakiness.json; exit 1 when any run failed.
`);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '300' },
    seed: { type: 'string', multiple: true },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});
const int = (name: string, raw: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${raw}'`);
  return n;
};

const abort = new AbortController();
process.on('SIGINT', () => {
  if (abort.signal.aborted) process.exit(130);
  console.error('interrupting…');
  abort.abort();
  interruptAll();
});

const workDir = mkdtempSync(join(tmpdir(), 'sc-flakiness-'));
const result = await runFlakiness({
  runs: int('runs', values.runs),
  workers: int('workers', values.workers),
  timeoutMs: int('timeout', values.timeout) * 1000,
  seeds: values.seed,
  workDir,
  signal: abort.signal,
  onRun: (run) => console.log(formatRun(run)),
});
console.log(`\n${formatFlakiness(result)}`);
mkdirSync(join(ROOT, 'reports'), { recursive: true });
const outFile = join(ROOT, 'reports', 'flakiness.json');
writeFileSync(outFile, `${JSON.stringify({ generatedAt: new Date().toISOString(), ...result }, null, 2)}\n`);
if (result.ok && !values.keep) rmSync(workDir, { recursive: true, force: true });
else console.log(`run folders (reports and logs): ${workDir}`);
console.log(`written: ${outFile}`);
process.exit(result.ok ? 0 : 1);
