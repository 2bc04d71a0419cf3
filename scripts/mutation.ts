/**
 * Mutation testing of the reference (docs/TEETH.md "Mutation testing"). `npm run mutation -- --help`.
 * Exit 0 when the run ended (whatever the score: the survivors are accounted for by
 * teeth/mutation-survivors.json and its test), 1 when the run itself broke, 2 on bad usage.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../teeth/paths.js';
import { HARDEST_FILES } from '../teeth/mutation/plan.js';
import { scores, writeReports } from '../teeth/mutation/report.js';
import { runMutation } from '../teeth/mutation/run.js';
import { stopOnInterrupt } from '../teeth/run-playwright.js';

const USAGE = `usage: npm run mutation -- [options]

Mutates reference files with Stryker's instrumenter and runs each mutant, switched on at run
time in a fresh reference of its own (as the kill matrix runs a defect), against the checks of
the spec group that owns the file (reference/items → specs/items, webhooks → webhooks,
oauth → auth, transactions → transactions; with the general rules' checks of
specs/auth/general-http.spec.ts) that covered the mutant's code in a dry run.

  --file PATH         a reference file to mutate (repeat for more; default: the files of the
                      hardest rules: ${HARDEST_FILES.join(', ')})
  --sample N          at most N mutants, a seeded sample (default: every mutant)
  --seed S            the sample's seed (default 1)
  --time-limit S      start no new chunk of mutants after S seconds; the rest are Pending
                      (default 1200; 0: no limit)
  --workers N         mutants at a time (default 4)
  --chunk N           mutants per Playwright run (default 60)
  --timeout S         limit per check (default 60)
  --out DIR           report folder (default reports/mutation): mutation.json (the
                      mutation-testing-report schema) and index.html
  --help              this text

Prints the score per file: (killed + timeout) / (killed + timeout + survived + no coverage).`;

/** Bad usage: the reason and the usage on stderr, exit 2. */
function usageError(reason: string): never {
  console.error(`${reason}\n\n${USAGE}`);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({
      options: {
        file: { type: 'string', multiple: true },
        sample: { type: 'string' },
        seed: { type: 'string', default: '1' },
        'time-limit': { type: 'string', default: '1200' },
        workers: { type: 'string', default: '4' },
        chunk: { type: 'string', default: '60' },
        timeout: { type: 'string', default: '60' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    return usageError((err as Error).message);
  }
}
const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** A whole number option (0 and up), or undefined when not given. */
function int(name: string, raw: string | undefined): number | undefined {
  const n = raw === undefined ? undefined : Number(raw);
  if (n !== undefined && !(Number.isInteger(n) && n >= 0)) usageError(`--${name}: a whole number, not '${raw}'`);
  return n;
}
const files = (values.file ?? HARDEST_FILES).map((f) => relative(ROOT, resolve(f)));
const bad = files.filter((f) => !/^reference\/.+\.ts$/.test(f));
if (bad.length) usageError(`--file: a TypeScript file under reference/, not ${bad.join(', ')}`);
const timeLimit = int('time-limit', values['time-limit']);

// First Ctrl-C: stop the batch cleanly (its references stop with it); the mutants left are Pending. Second: leave now.
const stopped = stopOnInterrupt();

const result = await runMutation({
  files,
  sample: int('sample', values.sample),
  seed: int('seed', values.seed) ?? 1,
  timeLimitS: timeLimit === 0 ? undefined : timeLimit,
  workers: Math.max(1, int('workers', values.workers) ?? 4),
  chunk: Math.max(1, int('chunk', values.chunk) ?? 60),
  checkTimeoutMs: (int('timeout', values.timeout) ?? 60) * 1000,
  workDir: mkdtempSync(join(tmpdir(), 'sc-mutation-')),
  signal: stopped,
  onProgress: (line) => console.log(line),
});
const out = writeReports(result, values.out ? resolve(values.out) : undefined);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log('\nfile                                 mutants  killed  timeout  survived  no-cov  ignored  pending  score');
for (const s of scores(result.mutants)) {
  const row = [s.mutants, s.killed, s.timeout, s.survived, s.noCoverage, s.ignored, s.pending].map((n, i) => String(n).padStart([7, 7, 8, 9, 7, 8, 8][i]));
  console.log(`${s.file.padEnd(36)} ${row.join(' ')}  ${pct(s.score)}`);
}
const perMutant = result.mutantsRun ? result.mutantSeconds / result.mutantsRun : 0;
console.log(
  `\nwall ${result.wallSeconds.toFixed(1)} s: dry run ${result.dryRunSeconds.toFixed(1)} s, ${result.mutantsRun} mutant(s) run in ${result.mutantSeconds.toFixed(1)} s (${perMutant.toFixed(2)} s per mutant)`,
);
for (const p of result.problems) console.log(`problem: ${p}`);
console.log(`report: ${relative(ROOT, out.json)}, ${relative(ROOT, out.html)}`);
process.exit(result.problems.length ? 1 : 0);
