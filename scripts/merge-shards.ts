/**
 * npm run conformance:merge [-- <folder>…]
 *
 * After a sharded run (`npm run conformance -- --shard i/n` on n machines),
 * merges the shards' blob reports into one Playwright JSON, HTML and JUnit
 * report (`playwright merge-reports`), gathers the shards' Allure results, and
 * builds the conformance reports and the gate from the merged run, exactly as
 * scripts/conformance.ts does after a single run. Exit codes: as conformance.ts.
 *
 * Where the blob reports are looked for: the folders given (searched
 * recursively for report*.zip), else reports/blob*, and reports/<any>/blob (shards run
 * on one machine with SC_REPORTS=reports/shard-N). Allure results: every
 * `allure-results` folder under the same places is copied into
 * reports/allure-results, and every shard's `budget` folder into reports/budget:
 * the merged summary's token requests and API peaks are all the shards' together.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishRun } from '../reporting/finish.js';
import { childEnv } from '../settings/run-context.js';
import { readCurrentSettings } from '../settings/settings.js';
import { exitOnHelp } from '../lib/cli-help.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// This process's settings, read once and handed to the run's end; reports under the folder the command runs in,
// as scripts/conformance.ts.
const { settings } = readCurrentSettings();
const reportsDir = resolve(settings.run.reports);

function walk(dir: string, depth: number, visit: (path: string, isDir: boolean) => boolean | undefined): void {
  if (depth < 0 || !existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const isDir = statSync(path).isDirectory();
    // visit returns true to stop descending into a folder it has taken whole.
    if (visit(path, isDir) !== true && isDir) walk(path, depth - 1, visit);
  }
}

function defaultPlaces(): string[] {
  if (!existsSync(reportsDir)) return [];
  const places: string[] = [];
  for (const name of readdirSync(reportsDir)) {
    const path = join(reportsDir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name.startsWith('blob')) places.push(path);
    else if (existsSync(join(path, 'blob'))) places.push(path);
  }
  return places;
}

exitOnHelp(`
usage: npm run conformance:merge [-- <folder>…]

Merges the blob reports of a sharded run (npm run conformance -- --shard i/n) into one
Playwright JSON, HTML and JUnit report, gathers the shards' Allure results, and builds
the conformance reports and the gate from the merged run (exit codes as npm run conformance).
Blob reports are looked for in the folders given, else reports/blob* and reports/*/blob.
`);

const given = process.argv.slice(2).map((p) => resolve(p));
const places = given.length ? given : defaultPlaces();
const zips: string[] = [];
const allureDirs: string[] = [];
const budgetDirs: string[] = [];
for (const place of places) {
  if (place.endsWith('.zip') && existsSync(place)) zips.push(place);
  walk(place, 4, (path, isDir) => {
    // Blob reports are named report[-N].zip; other zips (traces in an HTML report) are not.
    if (!isDir && /^report.*\.zip$/.test(basename(path))) zips.push(path);
    if (isDir && basename(path) === 'allure-results' && resolve(path) !== join(reportsDir, 'allure-results')) {
      allureDirs.push(path);
      return true;
    }
    if (isDir && basename(path) === 'budget' && resolve(path) !== join(reportsDir, 'budget')) {
      budgetDirs.push(path);
      return true;
    }
    return undefined;
  });
}

if (zips.length === 0) {
  console.error(`conformance:merge: no blob reports (*.zip) found in ${places.length ? places.join(', ') : `${reportsDir}/blob*`}`);
  console.error('Run the shards with `npm run conformance -- --shard i/n` (blob reports go to reports/blob), then merge.');
  process.exit(2);
}

// merge-reports reads one folder: gather the zips, renamed so that two shards' report-1.zip cannot collide.
const gathered = mkdtempSync(join(tmpdir(), 'sc-blobs-'));
for (const [i, zip] of zips.entries()) copyFileSync(zip, join(gathered, `${String(i).padStart(3, '0')}-${basename(zip)}`));
console.log(`conformance:merge: merging ${zips.length} blob report(s)`);

mkdirSync(reportsDir, { recursive: true });
rmSync(join(reportsDir, 'playwright.json'), { force: true });
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const merged = spawnSync(process.execPath, [cli, 'merge-reports', '--reporter', 'json,html', gathered], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: childEnv({
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(reportsDir, 'playwright.json'),
    PLAYWRIGHT_HTML_OUTPUT_DIR: join(reportsDir, 'html'),
    PLAYWRIGHT_HTML_OPEN: 'never',
  }),
});
rmSync(gathered, { recursive: true, force: true });
if (merged.status !== 0) console.error(`conformance:merge: playwright merge-reports exited with ${merged.status ?? merged.signal}`);

if (allureDirs.length) {
  const target = join(reportsDir, 'allure-results');
  mkdirSync(target, { recursive: true });
  // allure-playwright names files by UUID: shards never collide.
  for (const dir of allureDirs) for (const name of readdirSync(dir)) copyFileSync(join(dir, name), join(target, name));
}

// What every shard spent, summed in the merged summary (shards from one IP share its token budget): each
// shard's budget lines, under one name so results/budget-files.ts takes them as one run.
const budget = join(reportsDir, 'budget');
rmSync(budget, { recursive: true, force: true });
mkdirSync(budget, { recursive: true });
let lines = 0;
for (const dir of budgetDirs) for (const name of readdirSync(dir)) if (name.endsWith('.jsonl')) copyFileSync(join(dir, name), join(budget, `shards-${lines++}.jsonl`));

process.exitCode = await finishRun({ root, reportsDir, settings });
