import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { type ScanStats, type SecretToFind, scanForSecrets } from '../support/secret-scan.js';
import { freePort } from '../support/free-port.js';
import { cleanEnv, startExternalReference } from '../support/external-reference.js';

/**
 * The guide's rule, end to end: "Secrets (client secret, passwords, access,
 * refresh and webhook tokens) never appear in any report, trace, attachment or
 * log."
 *
 * The reference runs as an EXTERNAL target (`node --import tsx reference/main.ts`,
 * its `export SC_…` lines as the suite's settings) with recognisable secrets: a
 * client secret, passwords and a control token with `SEKRET` in them, and a
 * prefix on every token and code it mints. `npm run conformance` runs the whole
 * suite against it with SC_REPORTS in a temporary folder, which then holds every
 * output: Playwright's JSON, HTML (attachments zipped inside) and JUnit reports,
 * the Allure results and single file, conformance.json/html, Playwright's
 * output folder (`--output`: error contexts, attachments) and the run's
 * stdout/stderr. `scanForSecrets` searches all of it, archives unpacked, for
 * the secrets in every encoding: zero hits.
 *
 * Each run serves a defect, so failing checks carry their evidence, error
 * messages and curl commands (the likeliest place for a leak): one breaks the
 * refresh grant (token-endpoint evidence: refresh tokens, codes, the client
 * secret), the other webhook signatures (deliveries and webhook tokens). A
 * check that fails in one run passes in the other, so together they cover
 * every check's passing and failing path: the second runs the auth and webhook
 * checks alone (the items and transactions checks pass in both runs). A third run logs in with headless
 * Chromium (SC_LOGIN=browser), whose every Playwright call is a step of the
 * test in Playwright's own HTML report (`Fill "<password>"` leaked that way);
 * the auth checks suffice for it, as every one of them logs in. The run's exit
 * code is not the point: the reports are.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN_PREFIX = 'SEKRETTOKEN';
const RUN_TIMEOUT_MS = 240_000;

/** `npm run conformance` with the settings; stdout and stderr go to `log`. Resolves with the exit code (or the signal after a timeout). */
function runConformance(env: NodeJS.ProcessEnv, args: string[], log: string): Promise<string> {
  const fd = openSync(log, 'w');
  // Detached: its own process group, so a timeout ends npm, tsx, Playwright and the workers together.
  const child: ChildProcess = spawn('npm', ['run', '-s', 'conformance', '--', ...args], { cwd: root, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ? `signal ${signal}` : `exit ${code}`);
    });
  });
}

function fileCount(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

interface Run {
  name: string;
  defect: string;
  /** Settings of the suite beyond the target's. */
  env?: Record<string, string>;
  /** Playwright arguments; none: the whole suite. */
  args?: string[];
}

const chromium = process.env.SC_CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS: Run[] = [
  { name: 'whole suite', defect: 'refresh-not-rotated' },
  // The auth and webhook checks: the webhook group's failing paths (deliveries, webhook tokens), and the passing path of
  // every auth check the first run fails; the items and transactions checks pass in both, so the first run covers them.
  { name: 'auth and webhook checks', defect: 'signature-wrong-key', args: ['--grep', '@auth|@webhooks'] },
  { name: 'auth checks, browser login', defect: 'code-reusable', env: { SC_LOGIN: 'browser', SC_CHROMIUM_PATH: chromium }, args: ['--grep', '@auth'] },
];

for (const { name, defect, env: extra = {}, args = [] } of RUNS) {
  test(`no secret in any report, attachment or log of a run against an external reference: ${name}, REFERENCE_DEFECT=${defect}`, async () => {
    test.skip(extra.SC_LOGIN === 'browser' && !existsSync(chromium), `no Chromium at ${chromium} (SC_CHROMIUM_PATH)`);
    test.setTimeout(300_000);
    const started = Date.now();
    const base = mkdtempSync(join(tmpdir(), `sc-secrets-${defect}-`));
    const reports = join(base, 'reports');
    mkdirSync(reports);
    const tag = randomBytes(4).toString('hex');
    const chosen = {
      REFERENCE_PORT: String(await freePort()),
      REFERENCE_DEFECT: defect,
      REFERENCE_CLIENT_SECRET: `SEKRET-client-${tag}`,
      REFERENCE_PASSWORD_SUFFIX: `-SEKRET-pw-${tag}`,
      REFERENCE_TOKEN_PREFIX: TOKEN_PREFIX,
      REFERENCE_CONTROL_TOKEN: `SEKRET-control-${tag}`,
    };

    const reference = await startExternalReference(chosen, join(base, 'reference.log'));
    let outcome: string;
    try {
      const s = reference.settings;
      // The export lines carry the chosen secrets (npm run reference), and what the reference mints carries the prefix.
      expect(s.SC_CLIENT_SECRET).toBe(chosen.REFERENCE_CLIENT_SECRET);
      expect(s.SC_CONTROL_TOKEN).toBe(chosen.REFERENCE_CONTROL_TOKEN);
      const accounts = JSON.parse(s.SC_ACCOUNTS) as { username: string; password: string }[];
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.every((a) => a.password.endsWith(chosen.REFERENCE_PASSWORD_SUFFIX))).toBe(true);
      const direct = await fetch(`${s.SC_CONTROL_URL}/direct-sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.SC_CONTROL_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: accounts[0].username }),
      });
      const minted = ((await direct.json()) as { refresh_token?: string }).refresh_token ?? '';
      expect(minted.startsWith(TOKEN_PREFIX), 'the reference prefixes the tokens it mints').toBe(true);

      const env: NodeJS.ProcessEnv = {
        ...cleanEnv(),
        SC_BASE_URL: s.SC_BASE_URL,
        SC_AUTH_URL: s.SC_AUTH_URL,
        SC_CLIENT_ID: s.SC_CLIENT_ID,
        SC_CLIENT_SECRET: s.SC_CLIENT_SECRET,
        SC_REDIRECT_URI: s.SC_REDIRECT_URI,
        SC_ACCOUNTS: s.SC_ACCOUNTS,
        SC_CONTROL_URL: s.SC_CONTROL_URL,
        SC_CONTROL_TOKEN: s.SC_CONTROL_TOKEN,
        SC_REPORTS: reports,
        CI: '',
        NO_COLOR: '1',
        ...extra,
      };
      // --output: Playwright's own output folder (error contexts, attachments) goes with the reports, and two runs never share one.
      outcome = await runConformance(env, [...args, '--output', join(reports, 'test-results')], join(reports, 'conformance.log'));
    } finally {
      await reference.stop();
    }

    // The run produced every report (its verdict does not matter here), and the defect made checks fail.
    const log = readFileSync(join(reports, 'conformance.log'), 'utf8');
    for (const file of ['playwright.json', 'html/index.html', 'junit.xml', 'allure-results', 'allure/index.html', 'conformance.json', 'conformance.html']) {
      expect(existsSync(join(reports, file)), `${file} after the run (${outcome}); log tail:\n${log.slice(-1500)}`).toBe(true);
    }
    const stats = (JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
    expect(stats.expected + stats.unexpected + stats.flaky, 'the checks ran').toBeGreaterThan(args.length === 0 ? 100 : 20);
    expect(stats.unexpected, `the defect ${defect} fails checks`).toBeGreaterThan(0);
    expect(fileCount(join(reports, 'allure-results'))).toBeGreaterThan(0);

    const secrets: SecretToFind[] = [
      { label: 'client secret', value: chosen.REFERENCE_CLIENT_SECRET },
      { label: 'control token', value: chosen.REFERENCE_CONTROL_TOKEN },
      { label: 'token prefix (access, refresh, webhook tokens, codes)', value: TOKEN_PREFIX },
      { label: 'password suffix', value: chosen.REFERENCE_PASSWORD_SUFFIX },
      ...(JSON.parse(reference.settings.SC_ACCOUNTS) as { username: string; password: string }[]).map((a) => ({ label: `password of ${a.username}`, value: a.password })),
    ];
    const scan: ScanStats = { files: 0, bytes: 0, archives: 0, archiveEntries: 0 };
    const hits = scanForSecrets(reports, secrets, scan);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `secrets-in-reports (${name}, ${defect}): run ${outcome}, ${stats.expected} passed, ${stats.unexpected} failed, ${stats.skipped} skipped; ` +
        `scanned ${scan.files} files (${(scan.bytes / 1e6).toFixed(1)} MB), ${scan.archives} archives holding ${scan.archiveEntries} files; ` +
        `${hits.length} hits; ${seconds} s`,
    );
    for (const h of hits) console.error(`LEAK ${h.secret} (${h.form}) in ${h.file}:\n    ${h.context}`);
    expect(
      hits.map((h) => `${h.file}: ${h.secret} (${h.form})`),
      `secrets in ${reports} (see the LEAK lines above for the context)`,
    ).toEqual([]);
    // Kept for a look when the scan found something; else 8 MB less in /tmp.
    rmSync(base, { recursive: true, force: true });
  });
}
