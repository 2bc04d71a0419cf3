/**
 * The fairness benchmark (issue 39 item 3): 200 drawn servers by default (`--draws`), shrinking each false draw, then
 * the figures: draws per hour, false verdicts, and the freedoms, values and declarations covered. Hours on two cores
 * (a draw at 250 ms of latency takes minutes): `--minutes M` starts no draw after M minutes, for a shorter look.
 * `npm run bench:fairness -- --seed S --jobs 3`; every option of `npm run fairness` holds.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const draws = args.includes('--draws') ? [] : ['--draws', '200'];
const script = fileURLToPath(new URL('./fairness.ts', import.meta.url));
const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...draws, '--out', 'reports/bench-fairness.json', ...args], { stdio: 'inherit' });
process.exit(run.status ?? 2);
