/**
 * The GitHub Action (action.yml) and the example workflow that uses it
 * (examples/github-actions/conformance.yml): both valid by the published JSON
 * schemas (SchemaStore's, vendored in tests/package/github-schemas/: no network here),
 * one packaged script as the Action's logic, junit.xml published and the reports
 * uploaded even when the gate fails, the history kept, one run at a time per set
 * of accounts, and a server that can reach the suite's receiver.
 * tests/package/action-steps.spec.ts runs the Action's steps as GitHub would; tests/package/package.spec.ts
 * runs the Action's script from the packed tarball.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import type { Step } from './github-action-runner.js';

interface Action {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
interface Job {
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  steps: Step[];
}
interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const actionText = read('action.yml');
const workflowText = read('examples/github-actions/conformance.yml');
const action = parse(actionText) as Action;
const workflow = parse(workflowText) as Workflow;
const job = workflow.jobs.conformance;
const actionStep = (name: RegExp): Step => {
  const found = action.runs.steps.find((s) => name.test(s.name ?? s.uses ?? ''));
  if (!found) throw new Error(`no step ${name} in action.yml`);
  return found;
};

/** A GitHub Actions expression, `${{ … }}`. */
const gh = (expression: string) => `\${{ ${expression} }}`;

const ajv = new Ajv({ strict: false, allErrors: true });
const validateAction = ajv.compile(JSON.parse(read('tests/package/github-schemas/github-action.json')));
const validateWorkflow = ajv.compile(JSON.parse(read('tests/package/github-schemas/github-workflow.json')));

test('action.yml and the example workflow validate against the published schemas for Actions and workflows', () => {
  expect(validateAction(action), JSON.stringify(validateAction.errors)).toBe(true);
  expect(validateWorkflow(workflow), JSON.stringify(validateWorkflow.errors)).toBe(true);
  // The schemas bite: a composite step without its shell, a job without runs-on.
  const noShell = structuredClone(action);
  delete noShell.runs.steps.find((s) => s.run)?.shell;
  expect(validateAction(noShell)).toBe(false);
  const noRunner = structuredClone(workflow) as unknown as { jobs: Record<string, Record<string, unknown>> };
  delete noRunner.jobs.conformance['runs-on'];
  expect(validateWorkflow(noRunner)).toBe(false);
});

test("the Action is composite and runs the suite from its own checkout: npm ci there, cached by the lockfile's hash; its one logic step is the command's `action`", () => {
  expect(action.runs.using).toBe('composite');
  const suite = action.runs.steps.filter((s) => /seller-connect-conformance\.mjs"? action\b/.test(s.run ?? ''));
  expect(suite).toHaveLength(1);
  expect(suite[0].id).toBe('run');
  expect(suite[0].run).toContain('"$GITHUB_ACTION_PATH/bin/seller-connect-conformance.mjs"');
  // No registry package: nothing is installed by name.
  expect(actionText).not.toMatch(/npm (install|i) [^\n]*seller-connect-conformance@/);
  const install = actionStep(/^Install the suite's dependencies/);
  expect(install.run).toMatch(/^npm ci\b/);
  expect(install['working-directory' as keyof Step]).toBe(gh('github.action_path'));
  expect(install.if).toBe(gh("steps.cache.outputs.cache-hit != 'true'"));
  expect(actionStep(/^Key of the suite's dependencies/).run).toContain('"$GITHUB_ACTION_PATH/package-lock.json"');
});

test('every setting the Action takes reaches the run as the SC_ variable of the same name, over the env:, secrets as inputs', () => {
  const env = actionStep(/^Run the conformance suite/).env ?? {};
  const settings = Object.entries(env).filter(([name]) => name.startsWith('SCC_INPUT_'));
  expect(settings.length).toBeGreaterThan(20);
  const readme = read('README.md');
  for (const [name, value] of settings) {
    const variable = `SC_${name.slice('SCC_INPUT_'.length)}`;
    const input = variable.slice(3).toLowerCase().replace(/_/g, '-');
    expect(value, name).toBe(gh(`inputs.${input}`));
    expect(action.inputs[input]?.description, `input ${input}`).toContain(variable);
    // Every SC_ variable it sets is a documented setting.
    expect(readme, variable).toContain(`\`${variable}\``);
  }
  for (const named of ['SC_CLIENT_AUTH', 'SC_WEBHOOK_WAIT_MS', 'SC_REQUEST_TIMEOUT_MS', 'SC_DISABLE_CHECKS', 'SC_CHROMIUM_PATH']) expect(env[`SCC_INPUT_${named.slice(3)}`], named).toBeDefined();
  for (const secret of ['client-secret', 'accounts', 'control-token']) expect(action.inputs[secret].description).toContain('secret');
  expect(action.inputs.args).toBeDefined();
  expect(env.SCC_ARGS).toBe(gh('inputs.args'));
  // The rest of the settings pass through env:, and docs/ACTION.md says so.
  expect(read('docs/ACTION.md')).toMatch(/`env:`/);
});

test('the reports are uploaded even when the gate fails, the history is kept between runs, and no third-party action is needed', () => {
  // Annotations and the job summary are the Action's own (scripts/action-report.ts): every action it uses is GitHub's.
  for (const s of action.runs.steps.filter((x) => x.uses)) expect(s.uses, s.name ?? s.uses).toMatch(/^actions\/[\w/-]+@(v\d+|[0-9a-f]{40})$/);
  const upload = actionStep(/Upload the reports/);
  expect(upload.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
  expect(upload.if).toBe(gh('always()'));
  expect(actionStep(/^Run the/).env?.SCC_ARTIFACT_NAME).toBe(gh('inputs.artifact-name'));
  const restore = actionStep(/Restore the history/);
  const save = actionStep(/Keep the history/);
  expect(restore.uses).toMatch(/^actions\/cache\/restore@v\d+$/);
  expect(save.uses).toMatch(/^actions\/cache\/save@v\d+$/);
  expect(save.if).toContain('always()');
  expect(restore.with?.path).toBe(save.with?.path);
  expect(String(restore.with?.['restore-keys'])).toBe(`${gh('inputs.history-key')}-`);
  const order = action.runs.steps;
  expect(order.indexOf(restore)).toBeLessThan(order.indexOf(actionStep(/^Run the/)));
  // The history folder the cache keeps is the one the script reads (SCC_HISTORY_DIR, under the run's directory).
  expect(actionStep(/^Run the/).env?.SCC_HISTORY_DIR).toBe('history');
  expect(String(restore.with?.path)).toBe(`${gh('inputs.directory')}/history`);
  expect(actionStep(/^Run the/)['working-directory' as keyof Step]).toBe(gh('inputs.directory'));
  expect(action.inputs['fail-on-incomplete'].default).toBe('true');
  expect(action.inputs.baseline).toBeDefined();
});

test('one Node policy, 20 or later: engines, README, the Action (the runner\'s kept where it is 20 or later) and the example', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  expect(engines).toBe('>=20');
  expect(read('README.md')).toContain('Node 20 or later');
  expect(action.inputs['node-version'].default).toBe('');
  expect(actionStep(/^Check the runner's Node/).run).toContain('-lt 20');
  expect(actionStep(/^Check the runner's Node/).run).toContain('version=20');
  expect(action.runs.steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.if).toBe(gh("steps.node.outputs.setup == 'true'"));
  const uses = job.steps.find((s) => s.uses?.startsWith('seller-connect/conformance@'));
  expect(uses?.with?.['node-version'], 'the example keeps the runner\'s Node').toBeUndefined();
});

test('the example workflow uses the Action pinned to a tag, with inputs it has, and needs no checks: write', () => {
  const steps = job.steps;
  for (const s of steps.filter((x) => x.uses)) expect(s.uses, `${s.name ?? s.uses}`).toMatch(/^[\w.-]+\/[\w.-]+@(v\d+(\.\d+\.\d+)?|[0-9a-f]{40})$/);
  const uses = steps.filter((s) => s.uses?.startsWith('seller-connect/conformance@'));
  expect(uses).toHaveLength(1);
  for (const key of Object.keys(uses[0].with ?? {})) expect(action.inputs[key], `input ${key}`).toBeDefined();
  expect(workflow.permissions?.checks).toBeUndefined();
});

test('two runs on the same accounts never run at once: the job waits in a concurrency group keyed by the accounts', () => {
  expect(job.concurrency?.group).toContain('vars.SC_ACCOUNTS_KEY');
  expect(job.concurrency?.['cancel-in-progress']).toBe(false);
  expect(workflowText).toMatch(/^#.*SC_ACCOUNTS_KEY/m);
  // The Action says so to whoever reads it: it cannot hold the group itself.
  expect(actionText).toMatch(/^#.*concurrency/m);
});

test("the server's container reaches the suite's receiver: host.docker.internal mapped to the runner, receiver on every interface, said in the comments", () => {
  const inputs = job.steps.find((s) => s.with?.['public-url'])?.with ?? {};
  const listen = String(inputs.listen);
  const publicUrl = new URL(String(inputs['public-url']));
  expect(listen.split(':').at(-1)).toBe(publicUrl.port);
  const start = job.steps.find((s) => /Start the server/.test(s.name ?? ''));
  if (publicUrl.hostname === 'host.docker.internal') {
    // Docker on Linux defines host.docker.internal only when asked to.
    expect(start?.run).toContain('host.docker.internal:host-gateway');
    expect(listen.startsWith('0.0.0.0:'), 'a receiver on 127.0.0.1 is out of reach from a container').toBe(true);
  } else {
    expect(['127.0.0.1', 'localhost']).toContain(publicUrl.hostname);
    expect(start?.run).toMatch(/network_mode: host|--network[= ]host/);
  }
  expect(workflowText).toMatch(/^#.*host\.docker\.internal/m);
  expect(workflowText).toMatch(/^#.*(network_mode: host|--network host)/m);
  expect(workflowText).toMatch(/^#.*SC_PUBLIC_URL/m);
});

test("the README's first screen installs what exists: the repository at the version's tag, a tarball of npm pack's name; the registry only as what it will be", () => {
  const pkg = JSON.parse(read('package.json')) as { name: string; version: string; license?: string };
  const readme = read('README.md');
  // The first screen ends where the settings begin (tests/package/readme.spec.ts holds its order).
  const first = readme.slice(0, readme.indexOf('## Settings'));
  expect(first.length).toBeLessThan(readme.length);
  expect(first).toContain(`npm install --save-dev git+https://github.com/seller-connect/conformance.git#v${pkg.version}`);
  expect(first).toContain(`npm install --save-dev ./${pkg.name}-${pkg.version}.tgz`);
  // The registry line is said to be a future one, never the first command.
  expect(first).toMatch(/Once the package is published to the npm registry \(it is not yet\),\s+`npm install --save-dev seller-connect-conformance`/);
  expect(first).not.toMatch(/^npx seller-connect-conformance\s.*# or: npm i/m);
  // The Action at the same tag, in the README and in the example.
  expect(first).toContain(`uses: seller-connect/conformance@v${pkg.version}`);
  expect(job.steps.find((s) => s.uses?.startsWith('seller-connect/conformance@'))?.uses).toBe(`seller-connect/conformance@v${pkg.version}`);
  // Paperwork: a licence, named in package.json.
  expect(pkg.license).toBe('MIT');
  expect(read('LICENSE')).toMatch(/^MIT License/);
});
