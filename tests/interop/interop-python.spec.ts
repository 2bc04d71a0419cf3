/**
 * The interop lane: the suite, run the way a user runs it, against an independent implementation of the
 * spec (../shared/interop/server, Python, written from the spec and TARGET.md alone) must end PASSED, but
 * for exactly the failures interop/expectations.json lists with the sentence each breaks. A check that fails
 * a server which keeps the spec is a defect of the suite that the reference alone cannot show.
 * `npm run interop -- --runs 3` repeats it (docs/INTEROP.md).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { requirementById } from '../../catalog/index.js';
import { expectationsOf, loadExpectations } from '../../interop/expectations.js';
import { laneLine, maskWith, RUN_BOUND_MS, runPythonLane, stopRunningLanes } from '../../interop/python-lane.js';
import { judgeLane } from '../../interop/lane-verdict.js';
import { parseExportLines, pythonTargetMissing, settingSecrets } from '../../interop/python-target.js';
import type { ConformanceReport, RequirementResult } from '../../reporting/report-types.js';

test.afterEach(() => stopRunningLanes());

test('the Python implementation passes the suite, but for exactly the expected failures', async () => {
  const missing = pythonTargetMissing();
  test.skip(missing !== undefined, `the interop lane cannot run here: ${missing}`);
  test.setTimeout(RUN_BOUND_MS + 60_000);
  const run = await runPythonLane();
  console.log(`interop python: ${laneLine(run)}`);
  expect(run.ok, `${laneLine(run)}\n${run.summary}`).toBe(true);
});

test('the expectations file: every target named, every listed failure a MUST rule of the catalog with the sentence it breaks', () => {
  expect(Object.keys(loadExpectations())).toEqual(['python']);
  for (const f of expectationsOf('python').failures) {
    expect(requirementById(f.rule)?.level, `${f.rule} is a MUST rule of the catalog`).toBe('MUST');
  }
  const bad = join(mkdtempSync(join(tmpdir(), 'sc-interop-')), 'expectations.json');
  writeFileSync(bad, JSON.stringify({ targets: { python: { what: 'x', failures: [{ rule: 'WH-SIG-4', target: 'reuses a timestamp' }] } } }));
  expect(() => loadExpectations(bad)).toThrow(/"breaks" \(the sentence it breaks\)/);
});

const rule = (id: string, verdict: RequirementResult['verdict'], severity?: 'MUST' | 'SHOULD') => ({ id, verdict, severity }) as RequirementResult;
function report(gate: Partial<ConformanceReport['gate']>, requirements: RequirementResult[], errors: string[] = []): ConformanceReport {
  return {
    run: { errors },
    gate: { state: 'PASSED', exitCode: 0, incomplete: [], reasons: [], blocking: [], ...gate },
    requirements,
    problems: [],
  } as unknown as ConformanceReport;
}

test('the lane verdict: PASSED, or FAILED on exactly the expected MUST failures; anything else fails the lane with its reason', () => {
  expect(judgeLane(0, report({}, [rule('A-1', 'passed')]), []).ok).toBe(true);
  const failedA = report({ state: 'FAILED', exitCode: 1, blocking: ['A-1'] }, [rule('A-1', 'failed', 'MUST'), rule('B-1', 'failed', 'SHOULD')]);
  expect(judgeLane(1, failedA, ['A-1'])).toMatchObject({ ok: true, failing: ['A-1'] });
  expect(judgeLane(1, failedA, []).problems).toEqual(['MUST failures not in interop/expectations.json: A-1']);
  // An expected failure that now passes: the file is stale, and the lane says to update it.
  expect(judgeLane(0, report({}, [rule('A-1', 'passed')]), ['A-1']).problems).toEqual(['expected failures that no longer fail (update interop/expectations.json): A-1 (passed)']);
  // The expected failure, plus a reachable MUST rule not exercised: INCOMPLETE's cause fails the lane too.
  const alsoUnjudged = report({ state: 'FAILED', exitCode: 1, blocking: ['A-1'], incomplete: ['C-1'] }, [rule('A-1', 'failed', 'MUST'), rule('C-1', 'not-exercised')]);
  expect(judgeLane(1, alsoUnjudged, ['A-1']).problems).toEqual(['not proven: C-1']);
  expect(judgeLane(2, report({ state: 'BROKEN', exitCode: 2 }, [], ['the preflight failed']), []).problems).toEqual(['run error: the preflight failed']);
  expect(judgeLane(1, report({}, []), []).problems).toEqual(['the command exited 1, its report\'s gate says 0']);
  expect(judgeLane(null, undefined, [])).toMatchObject({ ok: false, gate: 'BROKEN', problems: ['the run ended (exit null) without a conformance.json'] });
});

test('the target\'s settings: export lines read back, their secrets masked in every form', () => {
  const accounts = JSON.stringify([{ username: 'pro1', password: "pa'ss-1234", plan: 'pro' }]);
  const text = `export SC_CLIENT_SECRET='client-secret-42'\nexport SC_ACCOUNTS='${accounts.replace(/'/g, `'\\''`)}'\nexport SC_CONTROL_TOKEN='control-77'\n`;
  const settings = parseExportLines(text);
  expect(JSON.parse(settings.SC_ACCOUNTS)[0].password).toBe("pa'ss-1234");
  expect(settingSecrets(settings)).toEqual(['client-secret-42', 'control-77', "pa'ss-1234"]);
  const mask = maskWith(settingSecrets(settings));
  expect(mask(`a client-secret-42 b ${encodeURIComponent("pa'ss-1234")} c ${Buffer.from('control-77').toString('base64')}`)).toBe('a *** b *** c ***');
});

test('the lane is documented where the repository\'s commands are (docs/DEVELOPING.md)', () => {
  const developing = readFileSync(new URL('../../docs/DEVELOPING.md', import.meta.url), 'utf8');
  expect(developing).toContain('npm run interop');
  expect(developing).toContain('(INTEROP.md)');
});
