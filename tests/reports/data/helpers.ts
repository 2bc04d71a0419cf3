/**
 * Shared by tests/report*.spec.ts: the synthetic catalog and Playwright JSON
 * reports in this folder, and small ways to build a report from them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConformance, type BuildInput } from '../../../reporting/build.js';
import { loadCatalog } from '../../../catalog/index.js';
import { registerRunSecrets } from '../../../reporting/masking.js';
import { readPlaywrightReport } from '../../../reporting/read-playwright-report.js';
import { buildReportFiles } from '../../../reporting/write-reports.js';
import type { CheckResult } from '../../../results/check-result.js';
import type { ConformanceReport } from '../../../reporting/report-types.js';
import { readSettings, type Settings } from '../../../settings/settings.js';

export const FIXTURES = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(FIXTURES, '..', '..', '..');
export const CATALOG_DIR = join(FIXTURES, 'catalog');
export const fixture = (name: string) => join(FIXTURES, name);

/** Fake secrets planted in run-mixed.json (attachment, error message) and run-setup-error.json. */
export const PLANTED = {
  bearer: 'eyJleaked-access-token-1234',
  refresh: 'rt-leaked-5678',
  clientSecretField: 'cs-leaked-9999',
  envClientSecret: 'env-client-secret-4242',
  settingPassword: 'pw-leaked-setting-77',
};
/** The by-value secrets the report builder knows from the settings (a client secret, a password). */
export const SETTING_SECRETS = [PLANTED.envClientSecret, PLANTED.settingPassword];

/** The settings of a report build from these variables, the planted secrets among their secrets. */
export function settingsOf(env: Record<string, string | undefined> = {}): Settings {
  const { settings } = readSettings(env);
  return { ...settings, secrets: [...settings.secrets, ...SETTING_SECRETS] };
}

export function tempDir(prefix = 'sc-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A report from a fixture JSON file and the synthetic catalog, nothing written. */
export function reportFrom(jsonName: string, extra: Partial<BuildInput> = {}): ConformanceReport {
  registerRunSecrets(SETTING_SECRETS);
  return buildConformance({
    read: readPlaywrightReport(fixture(jsonName)),
    catalog: loadCatalog(CATALOG_DIR),
    target: 'embedded reference',
    ...extra,
  });
}

/** A report from checks made in the test, for rules the fixtures do not cover. */
export function reportFromChecks(checks: CheckResult[], extra: Partial<BuildInput> = {}): ConformanceReport {
  return buildConformance({ read: { checks, errors: [] }, catalog: loadCatalog(CATALOG_DIR), target: 'embedded reference', ...extra });
}

/** Builds conformance.json/html from a fixture into a fresh folder, with the given settings. */
export function filesFrom(jsonPath: string, env: Record<string, string | undefined> = {}) {
  const outDir = tempDir();
  return { outDir, ...buildReportFiles({ jsonPath, outDir, catalogDir: CATALOG_DIR, settings: settingsOf(env) }) };
}

export function check(partial: Partial<CheckResult> & Pick<CheckResult, 'title'>): CheckResult {
  return {
    id: partial.title,
    ids: [],
    file: 'x.spec.ts',
    line: 1,
    project: '',
    tags: [],
    status: 'passed',
    rawStatus: 'passed',
    flaky: false,
    durationMs: 1,
    should: false,
    errors: [],
    evidence: [],
    findings: [],
    ...partial,
  };
}

const requireHere = createRequire(import.meta.url);

// Playwright sets FORCE_COLOR in its workers; child processes of a test should print plain text.
function withoutColor(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = process.env;
  return rest;
}

/** Runs a TypeScript script of the project with tsx; returns exit code and output. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const res = spawnSync(process.execPath, [requireHere.resolve('tsx/cli'), script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...withoutColor(), NO_COLOR: '1', SC_ALLURE: '0', ...env },
    timeout: 120_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

/** Runs the tiny real Playwright project in pw-project/ with its outputs in `out`. */
export function runFixtureProject(out: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const res = spawnSync(process.execPath, [requireHere.resolve('@playwright/test/cli'), 'test', '-c', join(FIXTURES, 'pw-project', 'playwright.config.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...withoutColor(), PW_FIXTURE_OUT: out, CI: '', ...env },
    timeout: 120_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}
