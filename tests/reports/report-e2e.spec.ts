import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { generateAllure, labelAllureResults } from '../../reporting/allure.js';
import { loadCatalog } from '../../catalog/index.js';
import { scanForSecrets } from '../support/secret-scan.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CATALOG_DIR, filesFrom, ROOT, runFixtureProject, runScript, tempDir } from './data/helpers.js';

/**
 * The pipeline on real Playwright output: a tiny run (tests/reports/data/
 * pw-project) that uses the harness's own `fail` and `recordFinding`, leaks
 * fake secrets the way a careless check would, and is then turned into the
 * conformance reports, the Allure single file, and (sharded) a merged run.
 */

const TOKEN = 'e2e-access-token-27182';
const CLIENT_SECRET = 'e2e-client-secret-31337';
const secrets = [
  { label: 'access token', value: TOKEN },
  { label: 'client secret', value: CLIENT_SECRET },
];
const runEnv = { SC_CLIENT_SECRET: CLIENT_SECRET, PW_FIXTURE_TOKEN: TOKEN };

test.describe.configure({ mode: 'serial' });

let out = '';
test.beforeAll(() => {
  out = tempDir('sc-e2e-');
  const res = runFixtureProject(out, runEnv);
  expect(res.code, res.out).toBe(1); // one check fails on purpose
});

test('the real JSON report gives the expected verdicts, with the harness evidence', () => {
  const { report, outDir } = filesFrom(join(out, 'playwright.json'), runEnv);
  const v = (id: string) => report.requirements.find((r) => r.id === id);
  expect(v('ITEM-CREATE-1')).toMatchObject({ verdict: 'failed', severity: 'MUST' });
  expect(v('ITEM-CREATE-1')?.checks[0].evidence[0]).toMatchObject({ status: 500, expected: '201', actual: '500', request: { method: 'POST' } });
  expect(v('ITEM-CREATE-1')?.checks[0].evidence[0].curl).toContain('$SC_ACCESS_TOKEN');
  expect(v('GEN-ERR-2')).toMatchObject({ verdict: 'finding' });
  expect(v('GEN-ERR-2')?.severity).toBeUndefined();
  expect(v('GEN-ERR-2')?.findings[0].message).toBe('INVALID_BODY_REQUEST where INVALID_IMAGE fits better');
  expect(v('ITEM-QUOTA-2')).toMatchObject({ verdict: 'not-applicable', reasonCode: 'no_control_api', reason: 'needs the control API (SC_CONTROL_URL)' });
  expect(v('ITEM-LIST-2')?.verdict).toBe('passed');
  expect(report.gate.exitCode).toBe(1);
  // A real run's conformance.json validates against the published schema (results/conformance-report.schema.json).
  const schema = JSON.parse(readFileSync(join(ROOT, 'results', 'conformance-report.schema.json'), 'utf8'));
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
  const written = JSON.parse(readFileSync(join(outDir, 'conformance.json'), 'utf8'));
  expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
});

test('the scan finds the leak inside Playwright’s own HTML report zip; our reports hold none', () => {
  const raw = scanForSecrets(out, secrets);
  expect(raw.some((h) => h.file.startsWith('html/index.html#base64@') && h.file.includes('!'))).toBe(true);
  const built = filesFrom(join(out, 'playwright.json'), runEnv);
  expect(scanForSecrets(built.outDir, secrets)).toEqual([]);
});

test('the Allure single file is built from labelled, masked results', () => {
  filesFrom(join(out, 'playwright.json'), runEnv); // registers the run's secrets, as finishRun does first
  const results = join(out, 'allure-results');
  expect(labelAllureResults(results, loadCatalog(CATALOG_DIR).requirements)).toBe(4);
  expect(scanForSecrets(results, secrets)).toEqual([]);
  const dest = join(tempDir(), 'allure');
  expect(generateAllure(results, dest)).toBeUndefined();
  expect(readdirSync(dest)).toContain('index.html');
  const index = readFileSync(join(dest, 'index.html'), 'utf8');
  expect(index).not.toContain('googletagmanager');
  expect(index).not.toMatch(/<script[^>]*src="https?:/);
  expect(scanForSecrets(dest, secrets)).toEqual([]);
});

test('sharded runs merge into one report (npm run conformance:merge)', () => {
  const shards = tempDir('sc-shards-');
  for (const shard of ['1/2', '2/2']) {
    const n = shard[0];
    runFixtureProject(join(shards, `shard-${n}`), { ...runEnv, PW_FIXTURE_BLOB: join(shards, `shard-${n}`, 'blob') }, ['--shard', shard]);
  }
  const reports = tempDir('sc-merged-');
  const res = runScript('scripts/merge-shards.ts', [shards], { SC_REPORTS: reports, SC_CLIENT_SECRET: CLIENT_SECRET });
  // ITEM-CREATE-1 fails in shard 1: a MUST failure (or, if the project's catalog lacks the ID, an unattributed one).
  expect(res.code, res.out).toBe(1);
  expect(res.out).toContain('merging 2 blob report(s)');
  const merged = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'));
  expect(merged.summary.checks.total).toBe(4);
  expect(merged.run.filtered).toBeUndefined();
  for (const f of ['playwright.json', 'junit.xml', 'html/index.html', 'conformance.html']) expect(existsSync(join(reports, f)), f).toBe(true);
  expect(existsSync(join(reports, 'allure-results'))).toBe(true);
});
