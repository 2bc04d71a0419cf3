/**
 * Proves the suite's teeth (docs/TEETH.md). `npm run kill-matrix -- --help` prints the usage below.
 *
 * Exit 0 only when every selected defect is KILLED (by a check that passes on the
 * clean reference, when that ran), every whole-suite run passes, every evasion ends
 * FAILED or INCOMPLETE, and every real-service defect is KILLED or shown unjudged.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exitOnHelp, optionsOrExit } from '../lib/cli-help.js';
import { defectsOnDraws } from '../teeth/draw-defects.js';
import { stopOnInterrupt } from '../teeth/run-playwright.js';
import { runTeeth } from '../teeth/teeth-run.js';

const USAGE = `usage: npm run kill-matrix -- [selection] [options]

selection (none: every defect, the clean reference, every variant alone and every evasion):
  --defect NAME          one defect (repeat for more)
  --defects              every defect, no whole-suite runs
  --variant NAME         the whole suite with one allowed variant (repeat for more)
  --variants             the clean reference and every allowed variant, one run each
  --variants-together    every variant switched on at once, in one run (npm test's way)
  --clean                the whole suite against the clean reference
  --evasion NAME         the whole suite against one evasive reference (repeat for more)
  --evasions             every evasion of reference/evasions.ts: each gate must be FAILED or INCOMPLETE
  --real-service         every defect (or those named by --defect) with no control API, the
                         'seeded-accounts' and 'large-limits' variants: each KILLED or shown unjudged
  --on-draws S           with --defects or --defect: each defect on a server drawn from the spec's freedoms,
                         the i-th from seed S + i (as npm run fairness draws): each must be KILLED with exact
                         blame, or its rule shown unjudged (caught by incompleteness); a survivor prints its
                         reproduction. Results in reports/kill-matrix-draws.json (--jobs, --workers, --timeout,
                         --seed and --out apply; run folders are kept when a row is not caught)
  --sample N             with --defects --on-draws: N defects drawn from seed S instead of all of them

options:
  --jobs N               whole-suite runs at a time (default 2)
  --workers N            lanes of the defect batch: defects at a time, each lane one worker
                         that runs its defects one after another (default 3 × jobs)
  --fresh-workers        a new worker after every failed check of a defect, as Playwright does
                         (default: the worker goes on with the next check; slower, same verdicts)
  --timeout S            limit per check of a defect run, at most the config's own (default 180)
  --suite-timeout S      limit per whole-suite run (default 300)
  --seed N               FC_SEED for every run (replays property checks)
  --deadline S           overall limit
  --out FILE             the result as JSON (default reports/kill-matrix.json; --on-draws: kill-matrix-draws.json)
  --keep                 keep every run's folder (reports, logs)
  --help                 this text

exit 0: TEETH OK; 1: not proven (the table says why).`;

const parse = () =>
  parseArgs({
    options: {
      defect: { type: 'string', multiple: true },
      variant: { type: 'string', multiple: true },
      evasion: { type: 'string', multiple: true },
      defects: { type: 'boolean', default: false },
      variants: { type: 'boolean', default: false },
      evasions: { type: 'boolean', default: false },
      'real-service': { type: 'boolean', default: false },
      'on-draws': { type: 'string' },
      sample: { type: 'string' },
      clean: { type: 'boolean', default: false },
      'variants-together': { type: 'boolean', default: false },
      jobs: { type: 'string', default: '2' },
      workers: { type: 'string' },
      'fresh-workers': { type: 'boolean', default: false },
      timeout: { type: 'string', default: '180' },
      'suite-timeout': { type: 'string', default: '300' },
      seed: { type: 'string' },
      deadline: { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
exitOnHelp(USAGE);
const values = optionsOrExit(parse, USAGE).values;

const int = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got '${raw}'\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};

// No selection at all: everything (but the real-service configuration, a command of its own). Otherwise exactly what was asked.
const realService = values['real-service'];
const selected = values.defect || values.variant || values.evasion || values.defects || values.variants || values.evasions || values.clean || values['variants-together'];
const everything = !selected && !realService;
const defects = everything || values.defects ? undefined : realService ? [] : (values.defect ?? []);
const variants = everything || values.variants || values['variants-together'] ? undefined : (values.variant ?? []);
const evasions = everything || values.evasions ? undefined : (values.evasion ?? []);

// First Ctrl-C: stop the runs cleanly (each stops its references). Second: leave now.
const stopped = stopOnInterrupt();

// Defects on drawn servers (teeth/draw-defects.ts): a mode of its own, its defects in one batch.
if (values['on-draws'] !== undefined || values.sample !== undefined) {
  const seed = Number(values['on-draws']);
  if (values['on-draws'] === undefined || !Number.isInteger(seed) || seed < 0 || !(values.defects || values.defect) || values.variant || values.variants || values.evasion || values.evasions || values.clean || realService) {
    console.error(`--on-draws S (an integer >= 0) goes with --defects or --defect only; --sample N with --on-draws\n\n${USAGE}`);
    process.exit(2);
  }
  try {
    const jobs = int('jobs', values.jobs) ?? 2;
    const run = await defectsOnDraws({
      names: values.defects ? undefined : values.defect,
      sample: int('sample', values.sample),
      seed,
      workers: int('workers', values.workers) ?? 3 * jobs,
      checkTimeoutMs: (int('timeout', values.timeout) ?? 180) * 1000,
      fcSeed: values.seed,
      signal: stopped,
      onProgress: (line) => console.log(line),
    }, values.out ? resolve(values.out) : undefined);
    console.log(`\n${run.text}\nwritten: ${run.outFile}`);
    process.exit(run.result.ok ? 0 : 1);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

try {
  const run = await runTeeth({
    defects,
    variants,
    evasions,
    realService: realService ? (values.defect ?? 'all') : undefined,
    variantsTogether: values['variants-together'],
    clean: everything || values.variants || values.clean,
    jobs: int('jobs', values.jobs),
    workers: int('workers', values.workers),
    freshWorkers: values['fresh-workers'],
    defectTimeoutS: int('timeout', values.timeout),
    suiteTimeoutS: int('suite-timeout', values['suite-timeout']),
    seed: values.seed,
    deadlineS: int('deadline', values.deadline),
    out: values.out ? resolve(values.out) : undefined,
    keep: values.keep,
    signal: stopped,
    onProgress: (line) => console.log(line),
  });
  console.log(`\n${run.text}\nwritten: ${run.outFile}`);
  process.exit(run.result.ok ? 0 : 1);
} catch (err) {
  // An unknown name, a bad option: one line, the usage.
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
