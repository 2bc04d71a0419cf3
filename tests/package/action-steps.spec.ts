import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { jobExitCode, settingsEnv, splitWords } from '../../scripts/action-env.js';
import { cleanEnv, type External, startExternalReference } from '../support/external-reference.js';
import { type ActionRun, runAction } from './github-action-runner.js';
import { condition, evaluate, interpolate } from './github-expressions.js';

/**
 * The GitHub Action as GitHub runs it (issue 33): `uses: owner/repo@ref` puts the suite's repository in a
 * folder of its own (github.action_path), apart from the caller's workspace, and action.yml's steps run
 * there (tests/package/github-action-runner.ts runs them in bash with GitHub's variables; the `uses:` steps of
 * other actions are simulated). The action's folder is a copy of this repository's files as git has
 * them (tracked and new, never ignored: no node_modules), so its `npm ci` is the Action's own, from the
 * npm cache. tests/package/ci-example.spec.ts validates action.yml and the example against GitHub's schemas.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
test.describe.configure({ mode: 'serial' });

let dir: string;
let actionPath: string;
/** The Actions cache of these runs: the dependencies saved by the first are restored by the next. */
const cache = new Map<string, string>();

/** The runner's environment: no SC_/REFERENCE_ setting and no npm_ variable of `npm test`. */
function runnerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(cleanEnv()).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));
  return { ...env, CI: 'true', FORCE_COLOR: '0', SC_ALLURE: '0', ...extra };
}

function workspace(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  return folder;
}

const run = (name: string, inputs: Record<string, string>, env: Record<string, string> = {}, github: Record<string, string> = {}): Promise<ActionRun> =>
  runAction({ actionPath, workspace: workspace(name), with: inputs, env: runnerEnv(env), cache, github, timeoutMs: 240_000 });

const step = (ran: ActionRun, name: RegExp) => {
  const found = ran.steps.find((s) => name.test(s.name));
  if (!found) throw new Error(`no step ${name}: ${ran.steps.map((s) => s.name).join(', ')}`);
  return found;
};

const report = (ran: ActionRun) => JSON.parse(readFileSync(join(ran.outputs.reports, 'conformance.json'), 'utf8')) as { run: { settings: Record<string, string> } };

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scc-action-'));
  actionPath = join(dir, '_actions', 'seller-connect', 'conformance', 'v0');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files.filter((f) => existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(actionPath, file)), { recursive: true });
    cpSync(join(ROOT, file), join(actionPath, file));
  }
  expect(existsSync(join(actionPath, 'node_modules'))).toBe(false);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the expressions, the args input and the settings: as GitHub and a shell read them', () => {
  const contexts = { inputs: { 'history-key': 'h', empty: '' }, steps: { cache: { outputs: { 'cache-hit': 'true' } } } };
  expect(evaluate("steps.cache.outputs.cache-hit != 'true'", contexts)).toBe(false);
  expect(evaluate("inputs.empty || 'x'", contexts)).toBe('x');
  const gh = (expression: string) => `\${{ ${expression} }}`;
  expect(interpolate(`${gh('inputs.history-key')}-${gh('github.run_id')}`, { ...contexts, github: { run_id: '7' } })).toBe('h-7');
  expect(condition(gh('always()'), {}, { failed: true })).toBe(true);
  expect(condition("inputs.empty == ''", contexts, { failed: true })).toBe(false);
  expect(() => evaluate("hashFiles('x')", contexts)).toThrow(/not simulated/);

  expect(splitWords(`--shard 1/3  --grep '@auth|@items' --reporter="line"`)).toEqual(['--shard', '1/3', '--grep', '@auth|@items', '--reporter=line']);
  expect(() => splitWords(`--grep 'open`)).toThrow(/not closed/);
  // A non-empty input wins over the job's env:; an empty one lets the env: through; an empty SC_ is unset.
  expect(settingsEnv({ SCC_INPUT_MAX_ITEMS: '9', SC_MAX_ITEMS: '7', SCC_INPUT_WORKERS: '', SC_WORKERS: '1', SCC_INPUT_STRICT: '', SC_STRICT: '' })).toEqual({ SC_MAX_ITEMS: '9', SC_WORKERS: '1' });
  expect([jobExitCode(3, false), jobExitCode(3, true), jobExitCode(7, true)]).toEqual([0, 3, 2]);
});

test.describe('the example workflow\'s step, copied into a fresh repository, against a reference started apart', () => {
  let reference: External;
  test.beforeAll(async () => {
    reference = await startExternalReference({ REFERENCE_PORT: '0' });
  });
  test.afterAll(async () => {
    await reference?.stop();
  });

  test("the first job: npm ci in the action's own folder, cached by the lockfile's hash; the runner's Node kept; the baseline not there yet is a notice naming the command that writes one; PASSED, with the summary and the reports uploaded", async () => {
    test.setTimeout(300_000);
    const workflow = parse(readFileSync(join(ROOT, 'examples', 'github-actions', 'conformance.yml'), 'utf8')) as { jobs: { conformance: { steps: { uses?: string; with?: Record<string, unknown> }[] } } };
    const example = workflow.jobs.conformance.steps.find((s) => s.uses?.startsWith('seller-connect/conformance@'));
    expect(example?.with).toBeDefined();
    const s = reference.settings;
    // The example's expressions, with the repository's variables and secrets those of the reference.
    const contexts = { vars: { SC_CLIENT_ID: s.SC_CLIENT_ID }, secrets: { SC_CLIENT_SECRET: s.SC_CLIENT_SECRET, SC_ACCOUNTS: s.SC_ACCOUNTS, SC_CONTROL_TOKEN: s.SC_CONTROL_TOKEN }, github: { event_name: 'pull_request' } };
    const origin = new URL(s.SC_BASE_URL).origin;
    const inputs = Object.fromEntries(Object.entries(example?.with ?? {}).map(([k, v]) => [k, interpolate(v, contexts).replace('http://127.0.0.1:8080', origin)])) as Record<string, string>;
    expect(inputs).toMatchObject({ 'base-url': s.SC_BASE_URL, 'auth-url': s.SC_AUTH_URL, 'control-url': s.SC_CONTROL_URL, baseline: 'conformance-baseline.json', 'save-history': 'false' });
    // Here the server runs beside the suite, not in a container: the suite's own defaults for its receiver (the
    // example's 0.0.0.0:8765 and host.docker.internal are the runner as a container sees it). One rule, for time.
    const ran = await run('fresh-repository', { ...inputs, listen: '', 'public-url': '', rule: 'AUTH-TOKEN-6' });
    expect(ran.failed, ran.log.slice(-3000)).toBe(false);
    // The runner's Node is 20 or later (this one): setup-node does not run, the caller's later steps keep it.
    expect(step(ran, /actions\/setup-node/).ran).toBe(false);
    expect(step(ran, /Check the runner's Node/).outputs.setup).toBe('false');
    expect(step(ran, /Install the suite's dependencies/)).toMatchObject({ ran: true, code: 0 });
    expect(existsSync(join(actionPath, 'node_modules', '@playwright', 'test'))).toBe(true);
    const lock = execFileSync('sha256sum', [join(actionPath, 'package-lock.json')], { encoding: 'utf8' }).slice(0, 16);
    expect(step(ran, /Keep the suite's dependencies/).with).toEqual({ path: join(actionPath, 'node_modules'), key: expect.stringMatching(new RegExp(`^seller-connect-conformance-deps-Linux-X64-node\\d+-${lock}$`)) });
    expect(ran.log).toContain('::notice title=conformance baseline::conformance-baseline.json is not in the repository yet');
    expect(ran.log).toContain('npx seller-connect-conformance --write-baseline conformance-baseline.json');
    expect(ran.outputs).toMatchObject({ gate: 'PASSED', 'exit-code': '0', reports: join(dir, 'fresh-repository', 'conformance', 'reports') });
    expect(ran.summary).toContain('## Seller Connect conformance: PASSED (exit 0)');
    expect(ran.summary).toMatch(/\*\*MUST rules of the server:\*\* judged (\d+) of \d+ testable: \1 passed · 0 failed/);
    expect(ran.summary).toContain('the artifact **conformance-reports**');
    expect(ran.uploads).toEqual([{ name: 'conformance-reports', path: join(dir, 'fresh-repository', 'conformance', 'reports'), found: true }]);
    expect(step(ran, /Keep the history/).ran, 'a pull request reads the history, adds nothing').toBe(false);
  });

  test('the next job, the dependencies from the cache: a failing rule is one ::error at its check\'s file and line, in the summary\'s table; the job\'s env: reaches the run, an input wins over it', async () => {
    test.setTimeout(300_000);
    const failing = await run('failing', { rule: 'AUTH-TOKEN-6', 'max-items': '9' }, { REFERENCE_DEFECT: 'token-response-cacheable', SC_MAX_ITEMS: '7', SC_REQUEST_TIMEOUT_MS: '14000' });
    expect(step(failing, /Install the suite's dependencies/).ran, 'the dependencies come from the cache').toBe(false);
    expect(failing.failed).toBe(true);
    expect(failing.outputs).toMatchObject({ gate: 'FAILED', 'exit-code': '1' });
    const errors = [...failing.log.matchAll(/^::error file=([^,]+),line=(\d+),title=([^:]+)::(.*)$/gm)];
    expect(errors.map((m) => m[3])).toEqual(['AUTH-TOKEN-6 (MUST) failed']);
    const [, file, line] = errors[0];
    expect(readFileSync(join(actionPath, file), 'utf8').split('\n')[Number(line) - 1]).toContain('AUTH-TOKEN-6');
    expect(failing.summary).toContain('### Failing MUST rules (1)');
    expect(failing.summary).toContain('| **AUTH-TOKEN-6** |');
    expect(failing.summary).toContain(`\`${file}:${line}\``);
    expect(failing.uploads[0].found).toBe(true);
    expect(step(failing, /Keep the history/).ran, 'the history is kept even when the gate fails').toBe(true);
    expect(report(failing).run.settings).toMatchObject({ SC_MAX_ITEMS: '9', SC_REQUEST_TIMEOUT_MS: '14000' });
  });
});
