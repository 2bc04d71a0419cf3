/**
 * The README is for the suite's users (issue 40): a first screen that says what the suite is, installs
 * it, runs it against the embedded reference and against a server, puts it in CI and reads its exit
 * codes; then the settings in short tables; at most 15,000 characters, no table line over 200. Every
 * command on it is one tests/package/package.spec.ts runs from the project that installed the packed
 * tarball, or one the README says runs in a clone (checked here: the npm scripts it names exist).
 * The links of the README, CONTRIBUTING.md and docs/ lead to files that exist.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cloneScripts, projectForm, readmeCommands } from './readme-commands.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const commands = readmeCommands(readme);

test('the README is short: at most 15,000 characters, no line of a table over 200', () => {
  expect([...readme].length).toBeLessThanOrEqual(15_000);
  const long = readme.split('\n').filter((l) => l.startsWith('|') && [...l].length > 200);
  expect(long).toEqual([]);
});

test('its first screen, in order: what it is, install, a run against the embedded reference and one against a server, CI, exit codes; then the settings', () => {
  const lines = readme.split('\n');
  const order = ['# Seller Connect conformance suite', '## Install', '## Run it', '## In CI', '## Exit codes', '## Settings'];
  const positions = order.map((heading) => lines.indexOf(heading));
  expect(positions.every((p) => p >= 0), `headings ${order.join(', ')}`).toBe(true);
  expect(positions).toEqual([...positions].sort((x, y) => x - y));
  const first = lines.slice(0, lines.indexOf('## Settings')).join('\n');
  expect(first).toMatch(/^npx seller-connect-conformance$/m);
  expect(first).toMatch(/^export SC_BASE_URL=/m);
  expect(first).toMatch(/uses: seller-connect\/conformance@v/);
  // The exit codes are the gate's (reporting/gate.ts STATE_CODE).
  for (const [code, state] of [
    [0, 'PASSED'],
    [1, 'FAILED'],
    [2, 'BROKEN'],
    [3, 'INCOMPLETE'],
  ]) expect(first).toMatch(new RegExp(`^\\| ${code} \\| ${state} \\|`, 'm'));
});

test('the quick start of a clone keeps its two lines, and says what .ci/run runs', () => {
  expect(readme).toMatch(/^npm ci && npm run conformance$/m);
  expect(readme).toMatch(/^npm test$/m);
  const ci = read('.ci/run');
  const ran = [...ci.matchAll(/^(npm [\w:-]+(?: [\w:-]+)?)/gm)].map((m) => m[1].replace(/ --.*$/, ''));
  expect(ran).toEqual(['npm ci', 'npm run typecheck', 'npm run lint', 'npm test']);
  const said = readme.slice(readme.indexOf('`.ci/run`'));
  for (const command of ran) expect(said, command).toContain(`\`${command}\``);
});

test('every command of the README is one package.spec.ts runs from the installed project, or a clone\'s whose npm scripts exist', () => {
  expect(commands.length).toBeGreaterThan(5);
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  for (const c of commands) {
    if (c.where === 'project') expect(projectForm(c.line), `no way to prove "${c.line}"`).toBeDefined();
    else {
      const named = cloneScripts(c.line);
      expect(named, `"${c.line}" is no npm command`).toBeDefined();
      for (const s of named ?? []) expect(scripts[s], `npm script ${s}`).toBeDefined();
      if (/\bnpm ci\b/.test(c.line)) expect(existsSync(join(ROOT, 'package-lock.json'))).toBe(true);
    }
  }
  expect(commands.filter((c) => c.where === 'clone').map((c) => c.line)).toEqual(['npm ci && npm run conformance', 'npm test']);
  accessSync(join(ROOT, '.ci', 'run'), constants.X_OK);
});

test('the commands are read as written: comments cut, a tag kept, a clone\'s section known', () => {
  const sample = '## Run it\n```sh\nnpm install --save-dev git+https://x/y.git#v1   # a tag\nnpx seller-connect-conformance --rule A-1\n```\n## Working on the suite (in a clone)\n```sh\nnpm test\n```\n';
  expect(readmeCommands(sample)).toEqual([
    { line: 'npm install --save-dev git+https://x/y.git#v1', section: 'Run it', where: 'project', block: 0 },
    { line: 'npx seller-connect-conformance --rule A-1', section: 'Run it', where: 'project', block: 0 },
    { line: 'npm test', section: 'Working on the suite (in a clone)', where: 'clone', block: 1 },
  ]);
  expect(projectForm('npx seller-connect-conformance --rule A-1')).toEqual({ kind: 'run', args: ['--rule', 'A-1'] });
  expect(projectForm('npx seller-connect-conformance --help')).toEqual({ kind: 'as-written' });
  expect(projectForm("export SC_A='x' SC_B='y'")).toEqual({ kind: 'export', names: ['SC_A', 'SC_B'] });
  expect(projectForm('curl http://example.test')).toBeUndefined();
  expect(cloneScripts('npm ci && npm run conformance')).toEqual(['conformance']);
  expect(cloneScripts('make all')).toBeUndefined();
});

test('the links of the README, CONTRIBUTING.md and docs/ lead to files that exist', () => {
  const pages = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const broken: string[] = [];
  for (const page of pages) {
    const prose = read(page).replace(/```[\s\S]*?```/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split('#')[0];
      if (!target || /^[a-z]+:/.test(target)) continue;
      if (!existsSync(normalize(join(ROOT, dirname(page), target)))) broken.push(`${page}: ${m[1]}`);
    }
  }
  expect(broken).toEqual([]);
});
