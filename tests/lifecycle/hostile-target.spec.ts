import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scanForSecrets } from '../support/secret-scan.js';
import { runConformance } from '../support/conformance-child.js';
import { cleanEnv, startExternalReference } from '../support/external-reference.js';
import { type FaultRule, startHostileProxy } from './hostile-proxy.js';

/**
 * A hostile target: the conformance run against the embedded reference behind a
 * fault-injecting proxy (tests/lifecycle/hostile-proxy.ts), one fault per scenario, each
 * run restricted by --grep to the checks the fault concerns. Every run must end
 * by itself within its bound, with no unhandled exception, and either exit 1
 * with failures charged to the misbehaving operation's rules, or exit 2 with one
 * clear line; its reports are written and hold no secret. The table (scenario,
 * exit, wall time, cause) is printed and written to test-results/hostile-table.md;
 * docs/HOSTILE.md keeps a copy with figures.
 *
 * Runs use SC_REQUEST_TIMEOUT_MS=4000 to stay short, except the "slow drip" ones, which
 * keep the defaults (15 s): the bound holds with default settings.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/** A run that lasts longer than this hangs: it is killed and the scenario fails. */
const RUN_BOUND_MS = 150_000;
/** Scenarios run three at a time (most of a hostile run is waiting), the slowest first. */
const PARALLEL = 3;

interface Paths {
  base: string;
  auth: string;
}

interface Scenario {
  name: string;
  rules: (p: Paths) => FaultRule[];
  grep: string;
  /** Acceptable exits: 1 (a MUST failed) and/or 2 (the run is broken). */
  exits: (1 | 2)[];
  /** On exit 1, at least one of these rules is failed. */
  charged: string[];
  /** Point the suite at a closed port instead of the proxy. */
  down?: boolean;
  /** Rules that replace `rules` once the run's output matches `when` (after the preflight). */
  later?: { when: RegExp; rules: (p: Paths) => FaultRule[] };
  defaults?: boolean;
  /** A pattern the report's failures must show (evidence says what happened). */
  evidence?: RegExp;
  /** On exit 2, a pattern the cause line must show. */
  cause?: RegExp;
  /** No proxy: the suite talks to the reference itself, which is stopped this long after the output matches `when`. */
  killed?: { when: RegExp; afterMs: number };
  /** No requirement may be failed (every failure came after the target was gone: none is the server's). */
  noFailures?: boolean;
  /** At most this many checks may fail (Playwright's count): a remembered failure is not charged again, check after check. */
  maxFailedChecks?: number;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ITEM = (p: Paths) => new RegExp(`^${esc(p.base)}/items/(?!categories|inactive|limits)[^/]+$`);
const CATEGORIES = (p: Paths) => new RegExp(`^${esc(p.base)}/items/categories$`);
const ANY_API = (p: Paths) => new RegExp(`^${esc(p.base)}/`);
const LIST = (p: Paths) => new RegExp(`^${esc(p.base)}/items$`);
const TOKEN = (p: Paths) => new RegExp(`^${esc(p.auth)}/token$`);
const AUTH = (p: Paths) => new RegExp(`^${esc(p.auth)}/auth$`);
const CAT_CHECKS = 'ITEM-CAT-1\\]|ITEM-CAT-3\\]';

const ATTRIBUTES = (p: Paths) => new RegExp(`^${esc(p.base)}/items/categories/[^/]+/attributes$`);
const ATTR_CHECKS = 'ITEM-ATTR-1\\]|ITEM-ATTR-8\\]|ITEM-ATTR-14\\]';
const LIST_RULES = ['ITEM-LIST-1', 'ITEM-LIST-2', 'ITEM-LIST-3', 'ITEM-LIST-4', 'ITEM-PAGE-1', 'ITEM-PAGE-2'];

// The preflight reads GET /items/categories (without and with a token) and logs in: a fault there ends the run
// in the preflight (exit 2, one line); faults on the attributes, an item or the list reach the checks (exit 1).
const SCENARIOS: Scenario[] = [
  { name: 'hang (GET /items/{id})', rules: (p) => [{ method: 'GET', path: ITEM(p), fault: 'hang' }], grep: 'ITEM-CREATE-2\\]', exits: [1], charged: ['ITEM-READ-1', 'ITEM-CREATE-2'] },
  {
    name: 'reset after the status line (attributes)',
    rules: (p) => [{ method: 'GET', path: ATTRIBUTES(p), fault: 'reset-after-status' }],
    grep: ATTR_CHECKS,
    exits: [1],
    charged: ['ITEM-ATTR-1'],
    evidence: /status 200 received, then 8 bytes of body, then the connection failed/,
  },
  { name: '503 storm (whole API)', rules: (p) => [{ path: ANY_API(p), fault: 'storm-503' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['ITEM-CAT-1', 'GEN-ERR-3', 'GEN-AUTH-4'] },
  { name: 'malformed JSON (attributes)', rules: (p) => [{ method: 'GET', path: ATTRIBUTES(p), fault: 'malformed-json' }], grep: ATTR_CHECKS, exits: [1], charged: ['GEN-JSON-1', 'ITEM-ATTR-1'] },
  {
    name: 'huge body, 5 MiB (attributes)',
    rules: (p) => [{ method: 'GET', path: ATTRIBUTES(p), fault: 'huge-body' }],
    grep: ATTR_CHECKS,
    exits: [1],
    charged: ['ITEM-ATTR-1'],
    evidence: /cut at the cap, not judged/,
  },
  { name: 'redirect loop (GET /auth)', rules: (p) => [{ method: 'GET', path: AUTH(p), fault: 'redirect-loop' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['AUTH-CODE-1'] },
  {
    name: 'slow drip, defaults (categories)',
    rules: (p) => [{ method: 'GET', path: CATEGORIES(p), fault: 'slow-drip' }],
    grep: CAT_CHECKS,
    exits: [1, 2],
    charged: ['ITEM-CAT-1'],
    defaults: true,
  },
  {
    name: 'slow drip, defaults (attributes)',
    rules: (p) => [{ method: 'GET', path: ATTRIBUTES(p), fault: 'slow-drip' }],
    grep: ATTR_CHECKS,
    exits: [1],
    charged: ['ITEM-ATTR-1'],
    defaults: true,
    evidence: /the body did not end within 15000 ms/,
  },
  {
    // 24 checks that each read the category tree first: after two failures the read is remembered, and each later check
    // is not exercised at once instead of failing again (a failed check costs a new worker, 8-15 s on 2 busy cores).
    name: 'slow drip, defaults (whole API, 24 checks)',
    rules: (p) => [{ path: ANY_API(p), fault: 'slow-drip' }],
    grep: 'ITEM-VALID-',
    exits: [1, 2],
    charged: ['ITEM-CAT-1'],
    defaults: true,
    // The two that make the memory, one per worker (before: 22 of 24 failed, 108 s on a quieter machine than the 312 s reported).
    maxFailedChecks: 4,
  },
  { name: 'wrong content type (whole API)', rules: (p) => [{ path: ANY_API(p), fault: 'wrong-content-type' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['GEN-JSON-1'] },
  { name: 'endless pagination (GET /items)', rules: (p) => [{ method: 'GET', path: LIST(p), fault: 'endless-pagination' }], grep: 'ITEM-LIST-1\\]', exits: [1], charged: LIST_RULES },
  { name: 'duplicate ids (GET /items)', rules: (p) => [{ method: 'GET', path: LIST(p), fault: 'duplicate-ids' }], grep: 'ITEM-LIST-1\\]', exits: [1], charged: LIST_RULES },
  { name: 'slow token endpoint (20 s)', rules: (p) => [{ method: 'POST', path: TOKEN(p), fault: 'slow-20s' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['AUTH-TOKEN-1'] },
  {
    name: 'token endpoint slow after the preflight (20 s)',
    rules: () => [],
    later: { when: /Running \d+ (?:tests?|checks?) using/, rules: (p) => [{ method: 'POST', path: TOKEN(p), fault: 'slow-20s' }] },
    grep: 'AUTH-CODE-1\\]|AUTH-STATE-2\\]',
    exits: [1, 2],
    charged: ['AUTH-TOKEN-1'],
    evidence: /POST \/token[^"]* answers/,
  },
  { name: 'failing token endpoint (500 HTML)', rules: (p) => [{ method: 'POST', path: TOKEN(p), fault: 'html-500' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['AUTH-TOKEN-1'] },
  { name: 'target down', rules: () => [], grep: CAT_CHECKS, exits: [2], charged: [], down: true },
  {
    name: 'target stops answering mid-run',
    rules: () => [],
    later: { when: /Running \d+ (?:tests?|checks?) using/, rules: () => [{ path: /^\//, fault: 'hang' }] },
    grep: 'GEN-AUTH-1\\]',
    exits: [2],
    charged: [],
    cause: /stopped answering/,
    noFailures: true,
  },
  {
    name: 'conforming target killed mid-run',
    rules: () => [],
    killed: { when: /Running \d+ (?:tests?|checks?) using/, afterMs: 5_000 },
    grep: '@items',
    exits: [2],
    charged: [],
    // The exchange in flight when the target died may end refused or cut (a clean-clone CI run: "connection failed"); the
    // probe that follows is refused either way.
    cause: /^the target http:\/\/127\.0\.0\.1:\d+\/api stopped answering at \d\d:\d\d:\d\d \(\d+ s into the run\): connection (refused|failed)\b.*the probe GET http:\/\/127\.0\.0\.1:\d+\/api: connection refused/,
    noFailures: true,
  },
  { name: 'API refusing every token', rules: (p) => [{ path: ANY_API(p), fault: 'refuse-bearer' }], grep: CAT_CHECKS, exits: [1, 2], charged: ['GEN-AUTH-4', 'ITEM-CAT-1'] },
];

interface Outcome {
  scenario: Scenario;
  exit: number | null;
  wallMs: number;
  killed: boolean;
  output: string;
  reportsDir: string;
  cause: string;
  failed: string[];
  report?: { gate?: { exitCode?: number; reasons?: string[] }; run?: { errors?: string[] }; requirements?: { id: string; verdict: string }[] };
  secrets: string[];
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}


async function runScenario(s: Scenario): Promise<Outcome> {
  const reportsDir = mkdtempSync(join(tmpdir(), 'hostile-'));
  const reference = s.down ? undefined : await startExternalReference({ REFERENCE_PORT: '0' });
  try {
    const settings = reference?.settings ?? {};
    let env: Record<string, string>;
    let proxy: Awaited<ReturnType<typeof startHostileProxy>> | undefined;
    if (reference && s.killed) {
      env = settings;
    } else if (reference) {
      const base = new URL(settings.SC_BASE_URL);
      const auth = new URL(settings.SC_AUTH_URL);
      proxy = await startHostileProxy(base.origin, s.rules({ base: base.pathname.replace(/\/$/, ''), auth: auth.pathname.replace(/\/$/, '') }));
      env = { ...settings, SC_BASE_URL: `${proxy.origin}${base.pathname}`, SC_AUTH_URL: `${proxy.origin}${auth.pathname}` };
    } else {
      const port = await closedPort();
      env = {
        SC_BASE_URL: `http://127.0.0.1:${port}/api`,
        SC_AUTH_URL: `http://127.0.0.1:${port}/oauth`,
        SC_CLIENT_ID: 'hostile-client',
        SC_CLIENT_SECRET: 'hostile-secret-5f1c2b9e',
        SC_ACCOUNTS: JSON.stringify([{ username: 'pro-1', password: 'hostile-password-77d1', plan: 'pro' }]),
      };
    }
    const runEnv = { ...cleanEnv(), ...env, SC_REPORTS: reportsDir, SC_ALLURE: '0', SC_WORKERS: '2', CI: '1', ...(s.defaults ? {} : { SC_REQUEST_TIMEOUT_MS: '4000' }) };
    let switched = false;
    const paths = reference ? { base: new URL(settings.SC_BASE_URL).pathname.replace(/\/$/, ''), auth: new URL(settings.SC_AUTH_URL).pathname.replace(/\/$/, '') } : undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const onOutput = (all: string) => {
      if (s.killed && reference && !killTimer && s.killed.when.test(all)) killTimer = setTimeout(() => void reference.stop(), s.killed.afterMs);
      if (switched || !s.later || !proxy || !paths || !s.later.when.test(all)) return;
      switched = true;
      proxy.setRules(s.later.rules(paths));
    };
    const run = await runConformance(['--grep', s.grep], runEnv, RUN_BOUND_MS, onOutput).finally(() => {
      clearTimeout(killTimer);
      return proxy?.close();
    });
    const jsonFile = join(reportsDir, 'conformance.json');
    const report = existsSync(jsonFile) ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Outcome['report']) : undefined;
    const secrets = [env.SC_CLIENT_SECRET, env.SC_CONTROL_TOKEN, ...(JSON.parse(env.SC_ACCOUNTS ?? '[]') as { password: string }[]).map((a) => a.password)].filter(Boolean);
    const hits = scanForSecrets(reportsDir, secrets.map((value, i) => ({ label: `secret-${i}`, value })));
    const failed = (report?.requirements ?? []).filter((r) => r.verdict === 'failed').map((r) => r.id);
    const firstLine = (t?: string) => (t ?? '').split('\n')[0];
    // The run error that names the cause, when one does (a broken run's line), else the gate's first reason.
    const named = (report?.run?.errors ?? []).find((e) => /stopped answering|refuses connections/.test(e));
    const cause = run.killed ? 'killed: no end within the bound' : firstLine(named ?? report?.gate?.reasons?.[0]) || '(no reason)';
    return { scenario: s, exit: run.code, wallMs: run.wallMs, killed: run.killed, output: run.output, reportsDir, cause, failed, report, secrets: hits.map((h) => `${h.file} (${h.form})`) };
  } finally {
    await reference?.stop();
  }
}

/** Runs every scenario, `PARALLEL` at a time, those at default settings (the slowest) first; the outcomes in table order. */
async function runAll(list: Scenario[]): Promise<Outcome[]> {
  const out: Outcome[] = new Array(list.length);
  const order = list.map((_, i) => i).sort((a, b) => Number(!!list[b].defaults) - Number(!!list[a].defaults));
  let next = 0;
  const lane = async () => {
    while (next < order.length) {
      const i = order[next++];
      out[i] = await runScenario(list[i]);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return out;
}

function table(outcomes: Outcome[]): string {
  const rows = outcomes.map((o) => `| ${o.scenario.name} | ${o.exit ?? 'killed'} | ${(o.wallMs / 1000).toFixed(1)} s | ${o.cause.replace(/\|/g, '\\|').slice(0, 240)} |`);
  return ['| scenario | exit | wall time | cause (first line of the gate) |', '|---|---|---|---|', ...rows].join('\n');
}

test('a hostile target ends every run by itself: exit 1 charged to the misbehaving operation, or exit 2 with one line; reports written, no secret', async () => {
  test.setTimeout(12 * 60_000);
  const only = process.env.HOSTILE_ONLY;
  const chosen = only ? SCENARIOS.filter((s) => s.name.toLowerCase().includes(only.toLowerCase())) : SCENARIOS;
  const outcomes = await runAll(chosen);
  const text = table(outcomes);
  console.log(`\n${text}\n`);
  writeFileSync(join(root, 'test-results', 'hostile-table.md'), `${text}\n`);

  for (const o of outcomes) {
    const s = o.scenario;
    const where = `${s.name}: exit ${o.exit}, ${o.wallMs} ms, cause: ${o.cause}\n${o.output.slice(-3000)}`;
    expect.soft(o.killed, `no hang: ${where}`).toBe(false);
    expect.soft(o.output, `no unhandled exception: ${where}`).not.toMatch(/unhandled(Rejection| error| exception)|uncaughtException|TypeError|ReferenceError/i);
    expect.soft(s.exits, `exit: ${where}`).toContain(o.exit);
    expect.soft(existsSync(join(o.reportsDir, 'conformance.json')) && existsSync(join(o.reportsDir, 'conformance.html')), `reports written: ${where}`).toBe(true);
    expect.soft(o.secrets, `no secret in the reports: ${where}`).toEqual([]);
    if (o.exit === 1) expect.soft(o.failed.some((id) => s.charged.includes(id)), `failures charged to ${s.charged.join('/')}; failed: ${o.failed.join(', ')}; ${where}`).toBe(true);
    if (o.exit === 2) {
      expect.soft(o.cause, `one clear line: ${where}`).toMatch(/\S/);
      expect.soft(o.cause, `one clear line: ${where}`).not.toMatch(/no JSON report|\(no reason\)/);
      if (s.cause) expect.soft(o.cause, `the cause: ${where}`).toMatch(s.cause);
    }
    if (s.noFailures) expect.soft(o.failed, `no requirement charged for answers that never came: ${where}`).toEqual([]);
    if (s.maxFailedChecks !== undefined) {
      const failedChecks = Number(/^\s+(\d+) failed$/m.exec(o.output)?.[1] ?? 0);
      expect.soft(failedChecks, `failed checks: ${where}`).toBeLessThanOrEqual(s.maxFailedChecks);
    }
    if (s.evidence) expect.soft(readFileSync(join(o.reportsDir, 'playwright.json'), 'utf8'), `evidence: ${where}`).toMatch(s.evidence);
  }
  if (!process.env.HOSTILE_KEEP) for (const o of outcomes) rmSync(o.reportsDir, { recursive: true, force: true });
});
