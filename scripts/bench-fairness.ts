/**
 * The fairness benchmark (issue 39 item 3): as many draws as fit in a time budget (`--minutes`, default 15), shrinking
 * each false draw, then the figures: draws per hour, false verdicts, and the freedoms and values covered.
 * `npm run bench:fairness -- --minutes 15 --seed S`; every option of `npm run fairness` holds.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const budget = args.includes('--minutes') ? [] : ['--minutes', '15'];
const draws = args.includes('--draws') ? [] : ['--draws', '1000'];
const script = fileURLToPath(new URL('./fairness.ts', import.meta.url));
const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...draws, ...budget, '--out', 'reports/bench-fairness.json', ...args], { stdio: 'inherit' });
process.exit(run.status ?? 2);
