import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { finishRun } from '../../reporting/finish.js';
import { mergeRerun, pacedRerunTargets, pacedSettings, type RerunTarget } from '../../reporting/paced-rerun.js';
import { notExercised } from '../../results/outcomes.js';
import { SELECTED_RULES } from '../../settings/rule-selection.js';
import { readSettings } from '../../settings/settings.js';
import type { ReadReport } from '../../reporting/read-playwright-report.js';
import type { CheckResult } from '../../results/check-result.js';
import type { ConformanceReport, RequirementResult } from '../../reporting/report-types.js';
import { check as reportCheck, ROOT, tempDir } from './data/helpers.js';

/** A check of `items/create.spec.ts` with Playwright's id `id`, as the report reads it. */
const check = (id: string, status: CheckResult['status'] = 'skipped'): CheckResult =>
  reportCheck({ id, title: `[ITEM-CREATE-1] ${id}`, ids: ['ITEM-CREATE-1'], file: 'items/create.spec.ts', line: 10, status, rawStatus: status });

const rule = (fields: Partial<RequirementResult>): RequirementResult =>
  ({ id: 'ITEM-CREATE-1', section: 's', group: 'ITEM', level: 'MUST', source: 'stated', statement: '', quote: '', verdict: 'passed', checks: [], findings: [], needs: ['api'], ...fields }) as RequirementResult;

const ref = (id: string, ruleVerdict?: string) => ({ id, title: id, file: 'items/create.spec.ts', line: 10, status: 'skipped', rawStatus: 'skipped', durationMs: 1, flaky: false, should: false, errors: [], evidence: [], ruleVerdict });

const report = (state: string, requirements: RequirementResult[]) => ({ gate: { state }, requirements }) as unknown as Pick<ConformanceReport, 'gate' | 'requirements'>;

test('an INCOMPLETE run re-runs the checks of MUST rules left rate_limited or timeout, once each', () => {
  const requirements = [
    rule({ id: 'ITEM-CREATE-1', verdict: 'not-exercised', reasonCode: 'rate_limited', checks: [ref('a'), ref('b', 'passed')] as never }),
    rule({ id: 'ITEM-CREATE-2', verdict: 'not-exercised', reasonCode: 'timeout', checks: [ref('a'), ref('c')] as never }),
    rule({ id: 'ITEM-CREATE-3', verdict: 'not-exercised', reasonCode: 'auth_ambiguous', checks: [ref('d')] as never }),
  ];
  expect(pacedRerunTargets(report('INCOMPLETE', requirements)).map((t) => t.id)).toEqual(['a', 'c']);
});

test('a FAILED, BROKEN or PASSED run is never re-run', () => {
  const requirements = [rule({ verdict: 'not-exercised', reasonCode: 'rate_limited', checks: [ref('a')] as never })];
  for (const state of ['FAILED', 'BROKEN', 'PASSED']) expect(pacedRerunTargets(report(state, requirements))).toEqual([]);
});

test("the re-run's result replaces the first one's for the same check, the others stay", () => {
  const first: ReadReport = { checks: [check('a'), check('b', 'passed')], errors: [] };
  const merged = mergeRerun(first, { checks: [check('a', 'failed')], errors: [] });
  expect(merged.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['a:failed', 'b:passed']);
  // A re-run that produced no checks (it broke) changes nothing.
  expect(mergeRerun(first, { checks: [], errors: ['no report'] })).toBe(first);
});

test('the re-run is paced: one worker, half the rate, its own reports folder', () => {
  expect(pacedSettings({ pacing: { rateLimit: 30, tokenBudget: undefined, retries: 4, recoveryS: 65 } }, '/r')).toMatchObject({ SC_WORKERS: '1', SC_RATE_LIMIT: '15', SC_REPORTS: '/r' });
  expect(pacedSettings({ pacing: { rateLimit: undefined, tokenBudget: undefined, retries: 4, recoveryS: 65 } }, '/r').SC_RATE_LIMIT).toBe('10');
});

test('the run ends once: an INCOMPLETE run re-runs paced and its reports are written once, from the merged checks', async () => {
  const dir = tempDir('sc-paced-');
  // The first run: ITEM-CREATE-1's check left not exercised for a transient reason, in a run selecting that rule alone.
  const limited = check('a', 'skipped');
  limited.skipReason = notExercised('rate_limited', '429 after every retry');
  const report = { config: { metadata: { [SELECTED_RULES]: ['ITEM-CREATE-1'] } } } as unknown as ReadReport['report'];
  const first: ReadReport = { checks: [limited], errors: [], report };
  const asked: RerunTarget[][] = [];
  const lines: string[] = [];
  const written: number[] = [];
  const code = await finishRun({
    root: ROOT,
    reportsDir: dir,
    read: first,
    allure: false,
    settings: readSettings({}).settings,
    log: (l) => lines.push(l),
    pacedRerun: async (targets) => {
      asked.push(targets);
      // Nothing is written before the re-run has merged: the first run's gate is never a report.
      written.push(readdirSync(dir).length);
      return { checks: [check('a', 'failed')], errors: [] };
    },
  });
  expect(asked.map((t) => t.map((c) => c.id))).toEqual([['a']]);
  expect(written).toEqual([0]);
  // The re-run's failure is the run's: a check that fails in the re-run fails (FAILED, exit 1).
  expect(code).toBe(1);
  const json = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
  expect(json.gate.state).toBe('FAILED');
  expect(json.requirements.find((r) => r.id === 'ITEM-CREATE-1')?.verdict).toBe('failed');
  // One summary, of the merged run, and its files.
  expect(lines.filter((l) => /Gate: /.test(l))).toHaveLength(1);
  for (const file of ['conformance.json', 'conformance.html', 'junit.xml']) expect(existsSync(join(dir, file)), file).toBe(true);
});

test('the run ends once without a re-run when nothing is left for a transient reason', async () => {
  const dir = tempDir('sc-paced-');
  let asked = 0;
  const code = await finishRun({
    root: ROOT,
    reportsDir: dir,
    read: { checks: [check('a', 'failed')], errors: [] },
    allure: false,
    settings: readSettings({}).settings,
    log: () => {},
    pacedRerun: async () => {
      asked++;
      return undefined;
    },
  });
  expect(asked).toBe(0);
  expect(code).toBe(1);
});
