/**
 * The conformance run as a user drives it (scripts/conformance.ts and
 * playwright.config.ts), each run bounded: misconfigurations end with exit 2
 * and one line per cause within 60 s; a run stopped by SIGTERM or its own
 * deadline still writes every report and says why; --reporter keeps the gate;
 * --list writes nothing; --rule selects exactly one rule.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../reference/reference-fixture.js';
import { freePort } from '../support/free-port.js';
import { cleanEnv, type External } from '../support/external-reference.js';
import { ROOT, tempDir } from '../reports/data/helpers.js';

// Colour escapes, built without a control character in a regex literal.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

interface Ran {
  code: number | null;
  seconds: number;
  out: string;
  reports: string;
}

/** Runs `npm run conformance -- …` (its script, without npm) with exactly these settings; `during` may signal it. */
function conformance(args: string[], env: Record<string, string>, limitMs: number, during?: (child: ChildProcess, out: () => string) => void): Promise<Ran> {
  const reports = tempDir('sc-lifecycle-');
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', ...args], {
    cwd: ROOT,
    env: { ...cleanEnv(), FORCE_COLOR: '0', SC_ALLURE: '0', SC_REPORTS: reports, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  during?.(child, () => out);
  const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((done) => {
    child.on('exit', (code) => {
      clearTimeout(limit);
      done({ code, seconds: (Date.now() - started) / 1000, out: out.replace(ANSI, ''), reports });
    });
  });
}

const runErrors = (ran: Ran) => ran.out.split('\n').filter((l) => l.startsWith('Run error: ')).map((l) => l.slice('Run error: '.length));
const report = (ran: Ran) => JSON.parse(readFileSync(join(ran.reports, 'conformance.json'), 'utf8'));

test.describe.configure({ mode: 'serial' });

test.describe('a misconfigured run ends at the preflight', () => {
  let reference: External;
  test.beforeAll(({ externalReference }) => {
    reference = externalReference;
  });

  test('each row: exit 2 within 60 s, one line per cause, conformance.json says the run is broken', async () => {
    test.setTimeout(300_000);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const rows: [string, Record<string, string>, RegExp[]][] = [
      ['typo in the port', { ...reference.settings, SC_BASE_URL: `${closed}/api` }, [/^SC_BASE_URL: .* does not answer/]],
      ['wrong client secret', { ...reference.settings, SC_CLIENT_SECRET: 'wrong-secret-value' }, [/^SC_CLIENT_ID \/ SC_CLIENT_SECRET: the token endpoint refuses/]],
      ['SC_WORKERS=abc', { ...reference.settings, SC_WORKERS: 'abc' }, [/^SC_WORKERS: expected a number of parallel workers/]],
      ['several settings missing', { SC_BASE_URL: reference.settings.SC_BASE_URL }, [/^SC_AUTH_URL: required/, /^SC_CLIENT_ID: required/, /^SC_CLIENT_SECRET: required/, /^SC_ACCOUNTS: required/]],
    ];
    const table: string[] = [];
    for (const [name, env, lines] of rows) {
      const ran = await conformance([], env, 90_000);
      table.push(`${name}\texit ${ran.code}\t${ran.seconds.toFixed(1)} s\t${runErrors(ran).join(' | ')}`);
      expect(ran.code, `${name}\n${ran.out}`).toBe(2);
      expect(ran.seconds, name).toBeLessThan(60);
      expect(runErrors(ran), name).toEqual(lines.map((l) => expect.stringMatching(l)));
      expect(report(ran).run.errors, name).toEqual(runErrors(ran));
      expect(report(ran).summary.byVerdict, name).toMatchObject({ passed: 0, failed: 0 });
      expect(ran.out, name).not.toContain(reference.settings.SC_CLIENT_SECRET);
    }
    console.log(table.join('\n'));
  });
});

test('SIGTERM mid-run: every report written for what finished, the rest not run, the reference stopped, exit 2', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  let signalled = false;
  // `--reporter list`: a line per finished check ("  ✓   3 …"), to count them (the default progress display has none).
  const ran = await conformance(['--rule', 'GEN-AUTH-1,GEN-AUTH-2,ITEM-CAT-1', '--reporter', 'list'], { REFERENCE_PORT: String(port), SC_WORKERS: '1' }, 200_000, (child, out) => {
    const poll = setInterval(() => {
      // A few checks finished: stop the run as a CI runner would.
      if ((out().match(/[✓·]/g) ?? []).length >= 3) {
        clearInterval(poll);
        signalled = true;
        child.kill('SIGTERM');
      }
    }, 200);
    child.on('exit', () => clearInterval(poll));
  });
  expect(signalled, ran.out).toBe(true);
  expect(ran.code, ran.out).toBe(2);
  const r = report(ran);
  expect(r.run.errors[0]).toMatch(/^the run was stopped by SIGTERM after \d+ s: the checks that finished are judged, the rest were not run$/);
  expect(r.summary.byVerdict.passed).toBeGreaterThan(0);
  for (const file of ['conformance.html', 'junit.xml', 'html/index.html', 'playwright.json']) expect(existsSync(join(ran.reports, file)), file).toBe(true);
  // The embedded reference is gone: nothing listens on its port.
  const listening = await new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => done(!!socket.destroy()));
    socket.on('error', () => done(false));
  });
  expect(listening, `the reference still listens on ${port}`).toBe(false);
});

test('the run deadline (SC_RUN_DEADLINE_S) stops the run with reports and the reason', async () => {
  test.setTimeout(240_000);
  // The whole suite on one worker takes well over the shortest deadline (10 s): it stops wherever it is.
  const ran = await conformance([], { REFERENCE_PORT: String(await freePort()), SC_RUN_DEADLINE_S: '10', SC_WORKERS: '1' }, 200_000);
  expect(ran.code, ran.out).toBe(2);
  expect(report(ran).run.errors[0]).toMatch(/^the run was stopped by its deadline \(10 s, SC_RUN_DEADLINE_S\)/);
  expect(existsSync(join(ran.reports, 'junit.xml'))).toBe(true);
});

test('--reporter=line keeps the conformance report and the gate; --rule runs exactly the rule', async () => {
  test.setTimeout(240_000);
  const ran = await conformance(['--reporter=line', '--rule', 'GEN-AUTH-1'], { REFERENCE_PORT: String(await freePort()) }, 200_000);
  expect(ran.code, ran.out).toBe(0);
  const r = report(ran);
  expect(r.gate.exitCode).toBe(0);
  expect(r.run.filtered).toContain('GEN-AUTH-1');
  const exercised = r.requirements.filter((q: { verdict: string }) => q.verdict === 'passed').map((q: { id: string }) => q.id);
  expect(exercised).toContain('GEN-AUTH-1');
  expect(exercised.every((id: string) => !/^ITEM-QUOTA-1\d/.test(id))).toBe(true);
});

test('--list (either command) lists, writes nothing, exits 0; --rule ITEM-QUOTA-1 never selects ITEM-QUOTA-10', async () => {
  test.setTimeout(120_000);
  const ran = await conformance(['--list', '--rule', 'ITEM-QUOTA-1'], {}, 60_000);
  expect(ran.code, ran.out).toBe(0);
  const listed = ran.out.split('\n').filter((l) => /\[ITEM-/.test(l));
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.every((l) => /\[ITEM-QUOTA-1\]/.test(l))).toBe(true);
  expect(existsSync(join(ran.reports, 'conformance.json'))).toBe(false);

  const reports = tempDir('sc-lifecycle-');
  const npx = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [createRequire(import.meta.url).resolve('@playwright/test/cli'), 'test', '--list'], { cwd: ROOT, env: { ...cleanEnv(), SC_REPORTS: reports }, stdio: 'ignore' });
    child.on('exit', (code) => done(code));
  });
  expect(npx).toBe(0);
  expect(existsSync(join(reports, 'playwright.json')) || existsSync(join(reports, 'allure-results'))).toBe(false);
});
