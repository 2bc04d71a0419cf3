/**
 * Runs a composite action's steps as a GitHub runner would (GitHub itself is out of reach here): the
 * inputs from `with:` over action.yml's defaults, each `run:` step in bash (`bash --noprofile --norc -eo
 * pipefail`, GitHub's own command line) in its working-directory, with GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
 * GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STEP_SUMMARY, RUNNER_OS, … set, the job's env: under every step, `if:`
 * and `${{ }}` evaluated (tests/package/github-expressions.ts), step outputs and GITHUB_ENV carried to later steps,
 * a failed step skipping the rest but for `always()`. The action's folder is apart from the workspace.
 *
 * `uses:` steps of other actions are simulated and recorded, never run: actions/setup-node (the runner's
 * Node stays), actions/cache/restore and /save (a Map of keys to paths: a key saved earlier is a hit, its
 * path left where it is), actions/upload-artifact (the path must exist to upload anything).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'yaml';
import { type Contexts, condition, interpolate, type Value } from './github-expressions.js';
import { runCommand } from '../support/run-command.js';

/** A step of action.yml or of a workflow, as GitHub reads it. */
export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  'working-directory'?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface StepRecord {
  name: string;
  ran: boolean;
  /** run: its exit code; uses: 0 */
  code?: number;
  outputs: Record<string, string>;
  /** uses: what the simulated action was given */
  with?: Record<string, string>;
}
export interface ActionRun {
  failed: boolean;
  steps: StepRecord[];
  outputs: Record<string, string>;
  log: string;
  summary: string;
  uploads: { name: string; path: string; found: boolean }[];
}
export interface RunOptions {
  actionPath: string;
  workspace: string;
  /** the step's `with:`, already interpolated by the caller's workflow */
  with: Record<string, string>;
  /** the job's env: (plus the process environment the runner has) */
  env: NodeJS.ProcessEnv;
  /** the simulated Actions cache, shared across runs of one test file */
  cache: Map<string, string>;
  github?: Record<string, string>;
  timeoutMs: number;
}

/** `name=value` lines and `name<<EOF` heredocs, as GitHub reads GITHUB_OUTPUT and GITHUB_ENV. */
export function readCommandFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('=')) out[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
  }
  return out;
}

/** A `run:` step in bash as GitHub runs it; a step killed by its deadline reads as exit 137. */
async function bash(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number; out: string }> {
  const ran = await runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], cwd, env, timeoutMs);
  return { code: ran.code ?? 137, out: ran.out };
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const action = parse(readFileSync(join(options.actionPath, 'action.yml'), 'utf8')) as ActionFile;
  const temp = join(options.workspace, '..', `runner-temp-${Date.now()}`);
  mkdirSync(temp, { recursive: true });
  const files = { output: join(temp, 'output'), env: join(temp, 'env'), summary: join(temp, 'summary') };
  writeFileSync(files.summary, '');
  const unknown = Object.keys(options.with).filter((name) => !(name in action.inputs));
  if (unknown.length) throw new Error(`inputs action.yml does not have: ${unknown.join(', ')}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, options.with[name] ?? spec.default ?? '']));
  const github = { action_path: options.actionPath, workspace: options.workspace, run_id: '4242', run_attempt: '1', event_name: 'push', ...options.github };
  const runnerEnv: NodeJS.ProcessEnv = {
    ...options.env,
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: options.actionPath,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_RUN_ID: github.run_id,
    GITHUB_RUN_ATTEMPT: github.run_attempt,
    GITHUB_EVENT_NAME: github.event_name,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_TEMP: temp,
  };
  const stepsContext: Record<string, Value> = {};
  const contexts = (): Contexts => ({ inputs, github, steps: stepsContext, runner: { os: 'Linux', arch: 'X64', temp }, env: options.env as Record<string, string> });
  const status = { failed: false };
  const records: StepRecord[] = [];
  const uploads: ActionRun['uploads'] = [];
  const addedEnv: Record<string, string> = {};
  let log = '';

  for (const step of action.runs.steps) {
    const name = step.name ?? step.uses ?? step.run?.split('\n')[0] ?? '?';
    if (!condition(step.if, contexts(), status)) {
      records.push({ name, ran: false, outputs: {} });
      continue;
    }
    const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(v, contexts(), status)]));
    let outputs: Record<string, string> = {};
    let code = 0;
    if (step.uses) {
      const [uses] = step.uses.split('@');
      if (uses === 'actions/cache/restore') outputs = { 'cache-hit': String(options.cache.has(given.key)) };
      else if (uses === 'actions/cache/save') {
        if (!existsSync(given.path.startsWith('/') ? given.path : join(options.workspace, given.path))) throw new Error(`cache save: no ${given.path}`);
        options.cache.set(given.key, given.path);
      } else if (uses === 'actions/upload-artifact') {
        const path = isAbsolute(given.path) ? given.path : join(options.workspace, given.path);
        uploads.push({ name: given.name, path, found: existsSync(path) });
      } else if (uses !== 'actions/setup-node') throw new Error(`${step.uses} is not simulated`);
      records.push({ name, ran: true, code, outputs, with: given });
    } else if (step.run) {
      if (step.shell !== 'bash') throw new Error(`step ${name}: shell ${step.shell} is not simulated`);
      writeFileSync(files.output, '');
      writeFileSync(files.env, '');
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(v, contexts(), status)]));
      const dir = step['working-directory'] ? interpolate(step['working-directory'], contexts(), status) : '.';
      const cwd = isAbsolute(dir) ? dir : join(options.workspace, dir);
      const ran = await bash(interpolate(step.run, contexts(), status), cwd, { ...runnerEnv, ...addedEnv, ...env, GITHUB_OUTPUT: files.output, GITHUB_ENV: files.env }, options.timeoutMs);
      code = ran.code;
      log += `::group::${name}\n${ran.out}::endgroup::\n`;
      outputs = readCommandFile(files.output);
      Object.assign(addedEnv, readCommandFile(files.env));
      records.push({ name, ran: true, code, outputs });
      if (code !== 0) status.failed = true;
    }
    if (step.id) stepsContext[step.id] = { outputs, outcome: code === 0 ? 'success' : 'failure' };
  }
  return {
    failed: status.failed,
    steps: records,
    outputs: Object.fromEntries(Object.entries(action.outputs).map(([name, o]) => [name, interpolate(o.value, contexts(), status)])),
    log,
    summary: readFileSync(files.summary, 'utf8'),
    uploads,
  };
}
