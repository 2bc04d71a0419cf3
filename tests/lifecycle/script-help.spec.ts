/**
 * `--help` of every command works (issue 23.5): each npm script that runs a
 * command, and each script of scripts/ run directly, prints its usage and exits
 * 0 at once — never a stack trace, and never the command itself (a server
 * started, a file written, a run begun).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The npm scripts that run one of our commands with tsx: `tsx <file>`. */
const commands = Object.entries(scripts)
  .map(([name, line]) => ({ name, file: /^tsx (\S+\.ts)$/.exec(line)?.[1] }))
  .filter((c): c is { name: string; file: string } => c.file !== undefined);

/** Scripts run directly (npx tsx scripts/…), named in their own usage. */
const direct = ['scripts/gen-types.ts', 'scripts/build-openapi.ts', 'scripts/footprint.ts', 'scripts/verdict-map.ts'];

test('every command of package.json is a tsx script, and they are found', () => {
  expect(commands.length).toBeGreaterThanOrEqual(10);
});

for (const file of [...new Set([...commands.map((c) => c.file), ...direct])]) {
  test(`${file} --help prints its usage and exits 0`, () => {
    test.setTimeout(60_000);
    const run = spawnSync(process.execPath, [TSX, file, '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 45_000 });
    expect(run.error, 'it answered in time').toBeUndefined();
    expect(run.stderr, 'no stack trace').not.toMatch(/\n\s+at /);
    expect(run.stdout.toLowerCase()).toMatch(/usage/);
    expect(run.status, run.stderr).toBe(0);
  });
}

test("the command's --help names only variables the code reads: every SCC_ one is read by the Action's scripts", () => {
  const help = readFileSync(`${ROOT}scripts/cli.ts`, 'utf8');
  const actionCode = ['scripts/action-run.ts', 'scripts/action-env.ts'].map((f) => readFileSync(`${ROOT}${f}`, 'utf8')).join('\n');
  const named = [...new Set([...help.matchAll(/\bSCC_[A-Z_]+/g)].map((m) => m[0]))];
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(actionCode, `${name}, named by --help`).toMatch(name === 'SCC_INPUT_' ? /'SCC_INPUT_'/ : new RegExp(`\\b${name}\\b`));
});
