/**
 * The fairness matrix (docs/TEETH.md "Fairness"): `npm run fairness -- --draws N --seed S`. The suite's own
 * conformance run, default settings, against N servers drawn from the spec's freedoms (catalog/freedoms.json).
 * Exit 0 when every draw is FAIR; 1 when one is not (shrunk and printed as a one-line reproduction); 2 on usage.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exitOnHelp, optionsOrExit } from '../lib/cli-help.js';
import { runFairness, seededDraws } from '../teeth/fairness.js';
import { formatFairness } from '../teeth/fairness-format.js';
import { ROOT } from '../teeth/paths.js';
import { stopOnInterrupt } from '../teeth/run-playwright.js';

const USAGE = `usage: npm run fairness -- [options]

  --draws N          servers to draw (default 10)
  --seed S           the first draw's seed; draw i uses S + i (default: from the clock, printed)
  --jobs N           draws at a time (default 2)
  --suite-timeout S  limit per run (default 300), plus 2 s per ms of a drawn latency
  --no-shrink        print a false draw as drawn, without shrinking it
  --minutes M        start no draw after M minutes (the benchmark's budget)
  --out FILE         the result as JSON (default reports/fairness.json)
  --help             this text`;

exitOnHelp(USAGE);
const values: Record<string, string | boolean | undefined> = optionsOrExit(
  () =>
    parseArgs({
    options: {
      draws: { type: 'string', default: '10' },
      seed: { type: 'string' },
      jobs: { type: 'string', default: '2' },
      'suite-timeout': { type: 'string', default: '300' },
      'no-shrink': { type: 'boolean', default: false },
      minutes: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  }).values,
  USAGE,
);
const int = (name: string, min = 1): number | undefined => {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer >= ${min}, got '${raw}'\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
const seed = int('seed', 0) ?? Date.now() % 1_000_000;
const draws = int('draws') ?? 10;
const minutes = int('minutes');
console.log(`fairness: ${draws} draws from seed ${seed} (replay: npm run fairness -- --draws ${draws} --seed ${seed})`);
const started = Date.now();
const result = await runFairness({
  draws: seededDraws(seed, draws),
  jobs: int('jobs') ?? 2,
  suiteTimeoutS: int('suite-timeout') ?? 300,
  shrink: !values['no-shrink'],
  until: minutes ? started + minutes * 60_000 : undefined,
  signal: stopOnInterrupt(),
  onProgress: (line) => console.log(line),
});
const out = resolve((values.out as string | undefined) ?? `${ROOT}/reports/fairness.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), seed, ...result }, null, 2)}\n`);
console.log(`\n${formatFairness(result)}\nwritten: ${out}`);
process.exit(result.ok ? 0 : 1);
