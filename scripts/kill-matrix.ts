/**
 * Proves the suite's teeth (docs/TEETH.md).
 *
 *   npm run kill-matrix                         # every defect, every variant and the clean reference
 *   npm run kill-matrix -- --defect quota-ignored [--defect …]   # only these defects
 *   npm run kill-matrix -- --defects            # every defect, no whole-suite runs
 *   npm run kill-matrix -- --variants           # clean reference + every allowed variant
 *   npm run kill-matrix -- --variant page-size-1 [--clean]
 *   npm run kill-matrix -- --variants-together  # every variant on at once, one run (what npm test does)
 *   options: --jobs 2  --timeout 180 (s per defect run)  --suite-timeout 300 (s per whole-suite run)
 *            --seed <FC_SEED for every run>  --deadline <s overall>
 *            --out reports/kill-matrix.json  --keep (keep the runs' folders)
 *
 * Exit 0 only when every selected defect is KILLED (by a check that passes on the
 * clean reference, when that ran) and every whole-suite run passes.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { interruptAll } from '../teeth/run-playwright.js';
import { runTeeth } from '../teeth/teeth-run.js';

const { values } = parseArgs({
  options: {
    defect: { type: 'string', multiple: true },
    variant: { type: 'string', multiple: true },
    defects: { type: 'boolean', default: false },
    variants: { type: 'boolean', default: false },
    clean: { type: 'boolean', default: false },
    'variants-together': { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '180' },
    'suite-timeout': { type: 'string', default: '300' },
    seed: { type: 'string' },
    deadline: { type: 'string' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});

const int = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got '${raw}'`);
  return n;
};

// No selection at all: everything. Otherwise exactly what was asked.
const everything = !values.defect && !values.variant && !values.defects && !values.variants;
const defects = everything || values.defects ? undefined : (values.defect ?? []);
const variants = everything || values.variants ? undefined : (values.variant ?? []);

const abort = new AbortController();
let interrupted = 0;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    // First Ctrl-C: stop the runs cleanly (each stops its reference). Second: leave now.
    if (interrupted++ > 0) process.exit(130);
    console.error('interrupting the runs…');
    abort.abort();
    interruptAll();
  });
}

const run = await runTeeth({
  defects,
  variants,
  variantsTogether: values['variants-together'],
  clean: everything || values.variants || values.clean,
  jobs: int('jobs', values.jobs),
  defectTimeoutS: int('timeout', values.timeout),
  suiteTimeoutS: int('suite-timeout', values['suite-timeout']),
  seed: values.seed,
  deadlineS: int('deadline', values.deadline),
  out: values.out ? resolve(values.out) : undefined,
  keep: values.keep,
  signal: abort.signal,
  onProgress: (line) => console.log(line),
});
console.log(`\n${run.text}\nwritten: ${run.outFile}`);
process.exit(run.result.ok ? 0 : 1);
