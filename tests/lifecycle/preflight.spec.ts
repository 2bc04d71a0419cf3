/**
 * lifecycle/preflight.ts and the settings it starts from: every mistake at once,
 * one line each naming the setting or the account (never a secret), against
 * the reference started as an external server; and the report a stopped run
 * gets (reporting/preflight-report.ts): broken → exit 2, no requirement judged;
 * the API refusing every fresh token → one GEN-AUTH-4 failure, exit 1.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadCatalog } from '../../catalog/index.js';
import { type PreflightOutcome, runPreflight } from '../../lifecycle/preflight.js';
import { capabilities, loadSettings, readSettings, type Settings, SettingsError } from '../../settings/settings.js';
import { startSuiteServer } from '../../suite-server/server.js';
import { finishRun } from '../../reporting/finish.js';
import { preflightRead } from '../../reporting/preflight-report.js';
import type { External } from '../support/external-reference.js';
import { ROOT, tempDir } from '../reports/data/helpers.js';
import { freePort } from '../support/free-port.js';
import { expect, test } from '../reference/reference-fixture.js';

const CATALOG_DIR = `${ROOT}/catalog`;

const SECRET = `pf-client-secret-${randomBytes(4).toString('hex')}`;
const CONTROL = `pf-control-token-${randomBytes(4).toString('hex')}`;

test.describe.configure({ mode: 'serial' });

let reference: External;
let target: Record<string, string>;

test.use({ externalReferenceEnv: { REFERENCE_CLIENT_SECRET: SECRET, REFERENCE_CONTROL_TOKEN: CONTROL } });
test.beforeAll(({ externalReference }) => {
  reference = externalReference;
  target = reference.settings;
});

const settingsOf = (env: Record<string, string>): Settings => loadSettings({ ...target, SC_REQUEST_TIMEOUT_MS: '5000', ...env });
const preflight = (env: Record<string, string> = {}, options: Parameters<typeof runPreflight>[1] = {}) => runPreflight(settingsOf(env), { deadlineMs: 20_000, ...options });
const problems = (o: PreflightOutcome) => (o.kind === 'broken' ? o.problems : []);

/** A server answering every request with `answer(request, body)` as [status, text]; its URL ends in /control. */
async function plainServer(answer: (req: IncomingMessage, body: string) => [number, string]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const [status, text] = answer(req, body);
      res.writeHead(status, { 'content-type': text.startsWith('{') ? 'application/json' : 'text/plain' }).end(text);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/control`, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * A proxy in front of the reference: requests whose path starts with `prefix` get `answer`, every other one is
 * forwarded as it is. Close it with `proxy.close`.
 */
async function overridingProxy(prefix: string, answer: (res: ServerResponse) => void): Promise<{ proxy: Server; origin: string }> {
  const upstream = new URL(target.SC_BASE_URL);
  const proxy: Server = createServer((req, res) => {
    if (req.url?.startsWith(prefix)) {
      answer(res);
      return;
    }
    const out = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (upstreamAnswer) => {
      res.writeHead(upstreamAnswer.statusCode ?? 502, upstreamAnswer.headers);
      upstreamAnswer.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  return { proxy, origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
}

function noSecretIn(lines: string[]): void {
  const passwords = (JSON.parse(target.SC_ACCOUNTS) as { password: string }[]).map((a) => a.password);
  for (const line of lines) for (const secret of [SECRET, CONTROL, ...passwords]) expect(line.includes(secret), line).toBe(false);
}

test.describe('settings: every mistake at once', () => {
  test('SC_BASE_URL alone names each missing setting, one line each', () => {
    let error: unknown;
    try {
      loadSettings({ SC_BASE_URL: 'http://127.0.0.1:1/api' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).problems.map((l) => l.split(':')[0])).toEqual(['SC_AUTH_URL', 'SC_CLIENT_ID', 'SC_CLIENT_SECRET', 'SC_ACCOUNTS']);
  });

  test('the run settings and the numeric settings of the specs are validated too', () => {
    let error: SettingsError | undefined;
    try {
      loadSettings({ SC_WORKERS: 'abc', SC_RUN_DEADLINE_S: '5', SC_RULE: 'item-quota-1', SC_REVOCATION_WAIT_MS: 'soon', SC_RATE_LIMIT: 'fast', FC_SEED: '1.5', SC_WEBHOOK_WAIT_MS: '-1' });
    } catch (e) {
      error = e as SettingsError;
    }
    expect(error?.problems.map((l) => l.split(':')[0])).toEqual(['SC_WORKERS', 'SC_RUN_DEADLINE_S', 'SC_RULE', 'FC_SEED', 'SC_RATE_LIMIT', 'SC_WEBHOOK_WAIT_MS', 'SC_REVOCATION_WAIT_MS']);
    expect(error?.problems[0]).toBe("SC_WORKERS: expected a number of parallel workers 1..64, or a share of the cores such as '50%'; got 'abc'");
  });

  test('a control API the preflight found missing (handed off by global setup, settings/run-context.ts) is as if SC_CONTROL_URL were unset', () => {
    for (const env of [target, {}]) {
      const named = loadSettings(env);
      const absent = loadSettings(env, ['control-api']);
      expect(named.controlUrl).toEqual(expect.any(String));
      expect([absent.controlUrl, absent.controlToken, capabilities(absent).hasControlApi, capabilities(absent).hasDirectSessions]).toEqual([undefined, undefined, false, false]);
    }
  });

  test('readSettings never throws: defaults, with the problems apart', () => {
    const bad = readSettings({ SC_WORKERS: 'abc' });
    expect(bad.settings.run).toMatchObject({ workers: 2, runDeadlineS: 1800, rules: [] });
    expect(bad.problems).toEqual([expect.any(SettingsError)]);
    const good = readSettings({ SC_WORKERS: '50%', SC_RUN_DEADLINE_S: '0', SC_RULE: 'ITEM-QUOTA-1, AUTH-PKCE-3' });
    expect(good.settings.run).toMatchObject({ workers: '50%', runDeadlineS: 0, rules: ['ITEM-QUOTA-1', 'AUTH-PKCE-3'] });
    expect(good.problems).toEqual([]);
  });
});

test.describe('preflight against the reference', () => {
  test('a faithful target passes in a few seconds and hands on a session per account', async () => {
    const started = Date.now();
    const outcome = await preflight();
    expect(outcome).toMatchObject({ kind: 'ok', notes: [] });
    expect(outcome.kind === 'ok' && outcome.sessions.map((s) => s.username).sort()).toEqual((JSON.parse(target.SC_ACCOUNTS) as { username: string }[]).map((a) => a.username).sort());
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('with sessionsPerPlan, only the accounts the workers take first spend a code grant; every password is still checked', async () => {
    const accounts = JSON.parse(target.SC_ACCOUNTS) as { username: string; password: string; plan: string }[];
    const outcome = await preflight({}, { sessionsPerPlan: 1 });
    const first = ['pro', 'basic'].map((plan) => accounts.find((a) => a.plan === plan)?.username).sort();
    expect(outcome.kind === 'ok' && outcome.sessions.map((s) => s.username).sort()).toEqual(first);
    expect(outcome.kind === 'ok' && outcome.spent.token).toEqual({ authorization_code: 2 });
    // An account past the first of its plan logs in only, and a wrong password is named all the same.
    const last = accounts[accounts.length - 1];
    const wrong = JSON.stringify(accounts.map((a) => (a === last ? { ...a, password: 'not-the-password' } : a)));
    expect(problems(await preflight({ SC_ACCOUNTS: wrong }, { sessionsPerPlan: 1 }))).toEqual([expect.stringContaining(`account '${last.username}' cannot log in`)]);
  });

  test('each misconfiguration is one line naming its setting or account, never a secret', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const accounts = JSON.parse(target.SC_ACCOUNTS) as { username: string; password: string; plan: string }[];
    const wrongPassword = JSON.stringify([{ ...accounts[0], password: 'not-the-password' }, ...accounts.slice(1)]);
    const cases: [string, Record<string, string>, RegExp][] = [
      ['typo in the port', { SC_BASE_URL: `${closed}/api` }, /^SC_BASE_URL: http:\/\/127\.0\.0\.1:\d+\/api does not answer \(GET \/api\/items\/categories: connection refused/],
      ['wrong client secret', { SC_CLIENT_SECRET: 'wrong-secret-value' }, /^SC_CLIENT_ID \/ SC_CLIENT_SECRET: the token endpoint refuses the client credentials \(POST \/oauth\/token → 401/],
      ['wrong password', { SC_ACCOUNTS: wrongPassword }, new RegExp(`^SC_ACCOUNTS: account '${accounts[0].username}' cannot log in: the login form came back`)],
      ['wrong control token', { SC_CONTROL_TOKEN: 'wrong-control-token' }, /^SC_CONTROL_TOKEN: the control API refuses the token \(POST \/control\/direct-sessions → 401 \{code: UNAUTHORIZED\}; is SC_CONTROL_URL the control API\?\)$/],
      ['auth URL at the API', { SC_AUTH_URL: `${target.SC_BASE_URL}` }, /^SC_AUTH_URL: GET .*\/api\/auth answers 401 \(application\/json\), not a login page or a redirect/],
      ['auth URL at no route', { SC_AUTH_URL: target.SC_AUTH_URL.replace(/oauth$/, 'nowhere') }, /^SC_AUTH_URL: .*\/nowhere\/auth answers 404/],
      // The same failure of every account: one line naming them all.
      ['login field names', { SC_LOGIN_FIELDS: 'user,pass' }, /^SC_ACCOUNTS: accounts 'pro-1', .*'basic-\d' cannot log in: no <form> with the fields user and pass .*\(SC_LOGIN_FIELDS, SC_LOGIN\)$/],
    ];
    for (const [name, env, line] of cases) {
      const outcome = await preflight(env);
      expect(problems(outcome), name).toEqual([expect.stringMatching(line)]);
      noSecretIn(problems(outcome));
    }
  });

  test('the target down: SC_BASE_URL, SC_AUTH_URL and SC_CONTROL_URL, each once, within the deadline', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const outcome = await preflight({ SC_BASE_URL: `${closed}/api`, SC_AUTH_URL: `${closed}/oauth`, SC_CONTROL_URL: `${closed}/control` });
    expect(problems(outcome).map((l) => l.split(':')[0])).toEqual(['SC_BASE_URL', 'SC_AUTH_URL', 'SC_CONTROL_URL']);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('the control API: any answer TARGET.md allows is one; none there is a missing capability when required, else a setting', async () => {
    // A control API answering a missing username 404 {code, message} ("no account undefined"), a wrong token 401.
    const conforming = await plainServer((req, body) =>
      req.headers.authorization !== `Bearer ${CONTROL}` ? [401, '{"code":"UNAUTHORIZED","message":"bad token"}'] : [404, `{"code":"NOT_FOUND","message":"no account ${(JSON.parse(body) as { username?: string }).username}"}`],
    );
    const nothing = await plainServer(() => [404, 'Not Found']);
    try {
      expect(await preflight({ SC_CONTROL_URL: conforming.url })).toMatchObject({ kind: 'ok', notes: [], absent: [] });
      const required = await preflight({ SC_CONTROL_URL: nothing.url }, { required: ['control-api'] });
      expect(required).toMatchObject({ kind: 'ok', absent: ['control-api'] });
      expect(required.notes).toEqual([expect.stringMatching(/^SC_CONTROL_URL: no control API at http:\/\/127\.0\.0\.1:\d+\/control \(POST \/direct-sessions .*\); the run requires one \(SC_REQUIRE\): the checks that need it are not applicable \[no_control_api\]/)]);
      expect(problems(await preflight({ SC_CONTROL_URL: nothing.url }, { required: [] }))).toEqual([
        expect.stringMatching(
          /^SC_CONTROL_URL: no control API at \S+ \(POST \/direct-sessions → 404 text\/plain 'Not Found' \(no \{code, message\}\) to \{username: '\S+'\} and to \{\}, with the token and with a made-up one\): unset SC_CONTROL_URL and SC_CONTROL_TOKEN to run without one$/,
        ),
      ]);
    } finally {
      await Promise.all([conforming.close(), nothing.close()]);
    }
  });

  test('a throttled or failing authorization endpoint (429, 503) is the server\'s answer, left to the checks, never a setting', async () => {
    for (const status of [429, 503]) {
      // A proxy in front of the reference: GET /oauth/auth answers `status`, everything else as it is.
      const { proxy, origin } = await overridingProxy('/oauth/auth', (res) =>
        res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"code":"SLOW_DOWN","message":"try later"}'),
      );
      try {
        const outcome = await preflight({ SC_BASE_URL: `${origin}/api`, SC_AUTH_URL: `${origin}/oauth` });
        expect(problems(outcome), String(status)).toEqual([]);
        expect(outcome.notes[0], String(status)).toMatch(new RegExp(`^SC_AUTH_URL: GET .*/auth answers ${status}: a failure or a throttle of the server`));
        expect(outcome.notes.slice(1), String(status)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^SC_ACCOUNTS: account '\\S+': .*got ${status} .*a failure of the server, left to the checks$`))]));
      } finally {
        await new Promise((done) => proxy.close(done));
      }
    }
  });

  test('SC_PUBLIC_URL where the suite server is not listening is named', async () => {
    const token = 'pf-suite-token';
    const server = await startSuiteServer({ host: '127.0.0.1', port: 0, token });
    try {
      const elsewhere = `http://127.0.0.1:${await freePort()}`;
      expect(problems(await preflight({ SC_PUBLIC_URL: elsewhere }, { suite: { localUrl: server.localUrl, token } }))).toEqual([
        expect.stringMatching(/^SC_PUBLIC_URL: the suite's own server .* does not answer at http:\/\/127\.0\.0\.1:\d+: connection refused/),
      ]);
      // Another server there (the reference): it answers, but it is not us.
      expect(problems(await preflight({ SC_PUBLIC_URL: target.SC_BASE_URL.replace(/\/api$/, '') }, { suite: { localUrl: server.localUrl, token } }))).toEqual([
        expect.stringMatching(/^SC_PUBLIC_URL: .* answers, but another server is there/),
      ]);
      expect((await preflight({ SC_PUBLIC_URL: server.localUrl }, { suite: { localUrl: server.localUrl, token } })).kind).toBe('ok');
    } finally {
      await server.close();
    }
  });

  test('an API refusing every fresh token is one failure of GEN-AUTH-4, the rest not exercised (exit 1)', async () => {
    // A proxy in front of the reference: the identity provider as it is, every API call 401.
    const { proxy, origin } = await overridingProxy('/api/', (res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"UNAUTHORIZED","message":"token refused"}'),
    );
    try {
      const outcome = await preflight({ SC_BASE_URL: `${origin}/api`, SC_AUTH_URL: `${origin}/oauth` });
      expect(outcome.kind).toBe('refused');
      if (outcome.kind !== 'refused') return;
      expect(outcome.refused).toMatchObject({ requirement: 'GEN-AUTH-4', status: 401, request: { headers: { authorization: 'Bearer ***' } } });
      expect(outcome.refused.accounts).toHaveLength(2);

      const dir = tempDir('sc-preflight-');
      const catalog = loadCatalog(CATALOG_DIR);
      const code = await finishRun({ root: ROOT, reportsDir: dir, read: preflightRead(outcome, catalog), allure: false, settings: readSettings({}).settings, log: () => {} });
      const report = JSON.parse(readFileSync(`${dir}/conformance.json`, 'utf8'));
      expect(code).toBe(1);
      const failed = report.requirements.filter((r: { verdict: string }) => r.verdict === 'failed').map((r: { id: string }) => r.id);
      expect(failed).toEqual(['GEN-AUTH-4']);
      expect(report.summary.byVerdict.passed).toBe(0);
      expect(report.requirements.find((r: { id: string }) => r.id === 'ITEM-QUOTA-1')).toMatchObject({ verdict: 'not-exercised', reason: expect.stringContaining('the run stopped at the preflight') });
    } finally {
      await new Promise((done) => proxy.close(done));
    }
  });
});

test('a broken preflight judges no requirement and breaks the gate (exit 2) with its lines', async () => {
  const dir = tempDir('sc-preflight-');
  const lines = ['SC_BASE_URL: http://127.0.0.1:9/api does not answer (GET /api/items/categories: connection refused (ECONNREFUSED))', 'SC_WORKERS: expected …'];
  const read = preflightRead({ kind: 'broken', problems: lines, notes: [], durationMs: 1 }, loadCatalog(CATALOG_DIR));
  const code = await finishRun({ root: ROOT, reportsDir: dir, read, allure: false, settings: readSettings({}).settings, log: () => {} });
  const report = JSON.parse(readFileSync(`${dir}/conformance.json`, 'utf8'));
  expect(code).toBe(2);
  expect(report.run.errors).toEqual(lines);
  expect(report.summary.byVerdict).toMatchObject({ passed: 0, failed: 0, 'no-check': 0 });
  expect(report.gate.reasons[0]).toMatch(/^the run is broken: SC_BASE_URL: /);
});
