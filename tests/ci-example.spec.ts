/**
 * examples/github-actions/conformance.yml, the workflow a server team copies
 * (issue 16, item 5): a supported Node, a server that can reach the suite's
 * receiver, JUnit published as test results, and shards with disjoint accounts.
 * The two account steps are run here as the runner would run them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  strategy?: { matrix?: { shard?: number[] } };
  steps: Step[];
}
interface Workflow {
  env: Record<string, string>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const FILE = new URL('../examples/github-actions/conformance.yml', import.meta.url);
const text = readFileSync(FILE, 'utf8');
const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const step = (job: string, name: RegExp): Step => {
  const found = workflow.jobs[job].steps.find((s) => name.test(s.name ?? ''));
  if (!found) throw new Error(`no step ${name} in job ${job}`);
  return found;
};

/** Runs a step's `run` script with bash, as a runner would, with the given environment. */
function runStep(s: Step, env: Record<string, string>): { status: number | null; stderr: string } {
  const r = spawnSync('bash', ['-e', '-c', s.run ?? ''], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stderr: r.stderr };
}

test('the workflow parses, and every action is pinned to a major version or a commit', () => {
  expect(Object.keys(workflow.jobs).sort()).toEqual(['merge', 'shard']);
  for (const s of steps.filter((x) => x.uses)) expect(s.uses, `${s.name ?? s.uses}`).toMatch(/^[\w.-]+\/[\w.-]+@(v\d+|[0-9a-f]{40})$/);
});

test('Node 22 or 24 (Node 20 is end of life) wherever Node is set up', () => {
  const setups = steps.filter((s) => s.uses?.startsWith('actions/setup-node@'));
  expect(setups.length).toBe(2);
  for (const s of setups) expect([22, 24]).toContain(Number(s.with?.['node-version']));
  expect(text).not.toMatch(/node-version:\s*['"]?20\b/);
});

test("the server's container reaches the suite's receiver: host.docker.internal mapped to the runner, receiver on every interface, said in the comments", () => {
  const listen = workflow.env.SC_LISTEN;
  const publicUrl = new URL(workflow.env.SC_PUBLIC_URL);
  expect(listen.split(':').at(-1)).toBe(publicUrl.port);
  const start = step('shard', /Start the server/);
  if (publicUrl.hostname === 'host.docker.internal') {
    // Docker on Linux defines host.docker.internal only when asked to.
    expect(start.run).toContain('host.docker.internal:host-gateway');
    expect(listen.startsWith('0.0.0.0:'), 'a receiver on 127.0.0.1 is out of reach from a container').toBe(true);
  } else {
    expect(['127.0.0.1', 'localhost']).toContain(publicUrl.hostname);
    expect(start.run).toMatch(/network_mode: host|--network[= ]host/);
  }
  // The comments say why, and give the other way.
  expect(text).toMatch(/^#.*host\.docker\.internal/m);
  expect(text).toMatch(/^#.*(network_mode: host|--network host)/m);
  expect(text).toMatch(/^#.*SC_PUBLIC_URL/m);
});

test('junit.xml is published as the run\'s test results by a maintained action, which may write checks', () => {
  const merge = workflow.jobs.merge;
  const publish = merge.steps.find((s) => /^(mikepenz\/action-junit-report|dorny\/test-reporter)@v\d+$/.test(s.uses ?? ''));
  expect(publish, 'a JUnit publishing step in the merge job').toBeDefined();
  const paths = String(publish?.with?.report_paths ?? publish?.with?.path ?? '');
  expect(paths).toBe('suite/reports/junit.xml');
  expect(publish?.if ?? '').toContain('!cancelled()');
  expect(merge.permissions?.checks).toBe('write');
  // …and it comes after the merge that writes junit.xml.
  const at = (s: Step | undefined) => merge.steps.indexOf(s as Step);
  expect(at(publish)).toBeGreaterThan(at(step('merge', /Merge the shards/)));
});

test('each shard runs with its own accounts secret (SC_ACCOUNTS_<shard>), never one shared SC_ACCOUNTS', () => {
  const shard = workflow.jobs.shard;
  expect(shard.strategy?.matrix?.shard).toEqual([1, 2, 3]);
  expect(workflow.env.SC_ACCOUNTS).toBeUndefined();
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
  expect(shard.env?.SC_ACCOUNTS).toBe("${{ secrets[format('SC_ACCOUNTS_{0}', matrix.shard)] }}");
  expect(text).not.toContain('secrets.SC_ACCOUNTS }}');
  // The check runs before the server and the suite start.
  const names = shard.steps.map((s) => s.name ?? s.uses);
  expect(names.indexOf("Check that this shard's accounts are its own")).toBeLessThan(names.indexOf('Start the server under test'));
});

test("the shard's account check passes disjoint accounts and stops on shared, empty or broken ones", () => {
  const check = step('shard', /accounts are its own/);
  const accounts = (...users: string[]) => JSON.stringify(users.map((username, i) => ({ username, password: 'p', plan: i === 0 ? 'pro' : 'basic' })));
  const secrets = { SC_ACCOUNTS_1: accounts('a1', 'b1'), SC_ACCOUNTS_2: accounts('a2', 'b2'), SC_ACCOUNTS_3: accounts('a3', 'b3') };
  const as = (shard: 1 | 2 | 3, over: Record<string, string> = {}) => {
    const all: Record<string, string> = { ...secrets, ...over };
    return runStep(check, { ...all, SHARD: String(shard), SC_ACCOUNTS: all[`SC_ACCOUNTS_${shard}`] });
  };
  for (const shard of [1, 2, 3] as const) expect(as(shard).status, `shard ${shard}`).toBe(0);
  const shared = as(2, { SC_ACCOUNTS_3: accounts('a3', 'b2') });
  expect(shared.status).toBe(1);
  expect(shared.stderr).toContain('shard 2 shares 1 account(s) with shard 3');
  expect(as(1, { SC_ACCOUNTS_1: '' }).stderr).toContain('SC_ACCOUNTS_1 is empty');
  expect(as(1, { SC_ACCOUNTS_1: '{not json' }).status).toBe(1);
  // One shard alone: the other secrets unset.
  expect(runStep(check, { SHARD: '1', SC_ACCOUNTS: secrets.SC_ACCOUNTS_1, SC_ACCOUNTS_1: secrets.SC_ACCOUNTS_1 }).status).toBe(0);
});

test("the merge job's SC_ACCOUNTS is every shard's accounts, so the report masks all their passwords", () => {
  const union = step('merge', /Every shard's accounts/);
  const dir = mkdtempSync(join(tmpdir(), 'ci-example-'));
  try {
    const githubEnv = join(dir, 'github-env');
    const one = [{ username: 'a1', password: 'p1', plan: 'pro' }];
    const two = [{ username: 'a2', password: 'p2', plan: 'basic' }];
    const r = runStep(union, { RUNNER_TEMP: dir, GITHUB_ENV: githubEnv, SC_ACCOUNTS_1: JSON.stringify(one), SC_ACCOUNTS_2: JSON.stringify(two) });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(githubEnv, 'utf8')).toBe(`SC_ACCOUNTS=${dir}/accounts.json\n`);
    expect(JSON.parse(readFileSync(join(dir, 'accounts.json'), 'utf8'))).toEqual([...one, ...two]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const merge = workflow.jobs.merge.steps;
  expect(merge.indexOf(union)).toBeLessThan(merge.indexOf(step('merge', /Merge the shards/)));
});
