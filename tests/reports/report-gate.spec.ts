import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { formatConsoleSummary } from '../../reporting/console.js';
import { loadPrevious } from '../../reporting/diff.js';
import { loadBaseline } from '../../reporting/gate.js';
import { checksFromReport } from '../../reporting/read-playwright-report.js';
import { check, filesFrom, fixture, PLANTED, reportFrom, reportFromChecks, runScript, tempDir } from './data/helpers.js';

/**
 * The CI gate: exit codes, SC_STRICT, the baseline of known gaps, the diff
 * against a previous report, and a broken run.
 */

test.describe('exit codes', () => {
  test('a MUST failure fails the gate with exit 1 and names the requirement', () => {
    const rep = reportFrom('run-mixed.json');
    expect(rep.gate).toMatchObject({ passed: false, exitCode: 1, blocking: ['ITEM-CREATE-1', 'ITEM-LIST-2'] });
    expect(rep.gate.reasons[0]).toBe('2 MUST requirements failed: ITEM-CREATE-1, ITEM-LIST-2');
  });

  test('SHOULD findings alone pass the gate, unless SC_STRICT=1', () => {
    expect(reportFrom('run-should-only.json').gate).toMatchObject({ passed: true, exitCode: 0 });
    const strict = reportFrom('run-should-only.json', { strict: true }).gate;
    expect(strict).toMatchObject({ passed: false, exitCode: 1, blocking: ['GEN-ERR-2'] });
    expect(strict.reasons[0]).toContain('SC_STRICT=1');
  });

  test('SC_STRICT is read from the environment by the file builder', () => {
    expect(filesFrom(fixture('run-should-only.json')).report.gate.exitCode).toBe(0);
    expect(filesFrom(fixture('run-should-only.json'), { SC_STRICT: '1' }).report.gate.exitCode).toBe(1);
    expect(filesFrom(fixture('run-should-only.json'), { SC_STRICT: '0' }).report.gate.exitCode).toBe(0);
  });

  test('a failing check that names no catalog requirement fails the gate', () => {
    const rep = reportFromChecks([check({ title: '[NOPE-X-1] x', ids: ['NOPE-X-1'], status: 'failed', rawStatus: 'failed' })]);
    expect(rep.gate.exitCode).toBe(1);
    expect(rep.problems.map((p) => p.kind)).toContain('unattributed-failure');
  });
});

test.describe('baseline', () => {
  const baseline = loadBaseline(fixture('baseline.json'));

  test('listed failures do not fail the gate; a listed requirement that passes is reported fixed, and the stale entry makes the run INCOMPLETE', () => {
    const rep = reportFrom('run-mixed.json', { baseline });
    expect(rep.gate).toMatchObject({ passed: false, exitCode: 3, state: 'INCOMPLETE', blocking: [], incomplete: ['GEN-AUTH-1'] });
    expect(rep.gate.baseline).toMatchObject({ suppressed: ['ITEM-CREATE-1', 'ITEM-LIST-2'], fixed: ['GEN-AUTH-1'], stale: ['GEN-AUTH-1'] });
    expect(rep.gate.reasons).toEqual(['the baseline is stale: GEN-AUTH-1 now passes (fixed: remove from ' + baseline.file + ')']);
    expect(rep.requirements.find((r) => r.id === 'ITEM-CREATE-1')?.baseline).toContain('server issue #12');
    const text = formatConsoleSummary(rep);
    expect(text).toContain('Fixed — remove from the baseline');
    expect(text).toContain('GEN-AUTH-1');
    expect(text).toContain('Known gaps (baseline, not blocking): ITEM-CREATE-1, ITEM-LIST-2');
  });

  test('under SC_STRICT=1 unlisted SHOULD findings still fail the gate', () => {
    const rep = reportFrom('run-mixed.json', { baseline, strict: true });
    expect(rep.gate.exitCode).toBe(1);
    expect(rep.gate.blocking).toEqual(['GEN-ERR-2', 'AUTH-REFRESH-2']);
  });

  test('an unreadable baseline is a bad setting: exit 2', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'baseline.json'), '{"id": "not an array"}');
    const built = filesFrom(fixture('run-mixed.json'), { SC_BASELINE: join(dir, 'baseline.json') });
    expect(built.report.gate.exitCode).toBe(2);
    expect(built.report.run.errors[0]).toContain('SC_BASELINE');
    expect(filesFrom(fixture('run-mixed.json'), { SC_BASELINE: join(dir, 'missing.json') }).report.gate.exitCode).toBe(2);
  });

  test('baseline IDs the catalog does not know are problems', () => {
    const rep = reportFrom('run-mixed.json', { baseline: { file: 'b.json', entries: [{ id: 'GONE-X-1', reason: '' }] } });
    expect(rep.problems.some((p) => p.kind === 'baseline' && p.message.includes('GONE-X-1'))).toBe(true);
  });
});

test.describe('diff against a previous report', () => {
  test('newly failing, newly passing and no longer exercised requirements are listed', () => {
    const rep = reportFrom('run-mixed.json', { previous: loadPrevious(fixture('previous.json')) });
    expect(rep.diff).toMatchObject({ newlyFailing: ['ITEM-CREATE-1'], newlyPassing: ['GEN-AUTH-1'], noLongerExercised: ['WH-SIG-1'], previousTime: '2026-11-19T02:00:00.000Z' });
  });

  test('a report diffs against its own conformance.json from an earlier run', () => {
    const first = filesFrom(fixture('run-should-only.json'));
    const second = filesFrom(fixture('run-mixed.json'), { SC_PREVIOUS_REPORT: first.jsonFile });
    // AUTH-REFRESH-2's new SHOULD finding is no failure (verdict `finding`): not newly failing.
    expect(second.report.diff?.newlyFailing).toEqual(['ITEM-CREATE-1', 'ITEM-LIST-2']);
    expect(readFileSync(second.htmlFile, 'utf8')).toContain('Since the previous run');
  });

  test('a missing previous report is a problem, not a failure (the first nightly run has none)', () => {
    const built = filesFrom(fixture('run-should-only.json'), { SC_PREVIOUS_REPORT: '/nonexistent/conformance.json' });
    expect(built.report.gate.exitCode).toBe(0);
    expect(built.report.problems.map((p) => p.kind)).toContain('previous');
  });
});

test.describe('a broken run', () => {
  for (const [name, message] of [
    ['run-empty.json', 'is empty'],
    ['run-truncated.json', 'unreadable'],
    ['run-setup-error.json', 'SC_ACCOUNTS must be a JSON array'],
    ['no-such-report.json', 'no JSON report'],
  ] as const) {
    test(`${name} gives exit 2 and says why`, () => {
      const built = filesFrom(fixture(name));
      expect(built.report.gate.exitCode).toBe(2);
      expect(built.report.run.errors.join('\n')).toContain(message);
      expect(formatConsoleSummary(built.report)).toContain('Run error:');
      expect(readFileSync(built.htmlFile, 'utf8')).toContain('The run is broken');
    });
  }

  test('checks that did not run because the run was stopped (Ctrl-C, a crash) break the run', () => {
    const read = checksFromReport({ suites: [{ file: 'a.spec.ts', specs: [{ title: '[GEN-AUTH-1] x', tests: [{ status: 'skipped', results: [] }] }] }] });
    const rep = reportFrom('run-mixed.json', { read });
    expect(rep.gate.exitCode).toBe(2);
    expect(rep.run.errors[0]).toBe('the run was stopped: 1 check did not run or did not finish');
  });

  test('a check Playwright marked skipped as the run stopped (no skip annotation) is not run, never a reasonless skip', () => {
    const stopped = { status: 'skipped', duration: 0, annotations: [] };
    const asked = { status: 'skipped', duration: 0, annotations: [{ type: 'skip' }] };
    const read = checksFromReport({
      suites: [
        {
          file: 'a.spec.ts',
          specs: [
            { title: '[GEN-AUTH-1] x', tests: [{ status: 'skipped', results: [stopped] }] },
            { title: '[GEN-AUTH-2] y', tests: [{ status: 'skipped', results: [asked] }] },
          ],
        },
      ],
    } as never);
    expect(read.checks.map((c) => [c.rawStatus, c.skipReason])).toEqual([
      ['not run', 'not run: the run ended before this check started'],
      ['skipped', undefined],
    ]);
    expect(read.errors).toEqual(['the run was stopped: 1 check did not run or did not finish']);
  });

  test('npm run conformance -- --report-only on a broken report prints the error and exits 2', () => {
    const reports = tempDir();
    copyFileSync(fixture('run-setup-error.json'), join(reports, 'playwright.json'));
    // The bad setting echoes the raw SC_ACCOUNTS value, which holds a password: masked whole.
    const res = runScript('scripts/conformance.ts', ['--report-only'], { SC_REPORTS: reports, SC_ACCOUNTS: `pro-1:${PLANTED.settingPassword}` });
    expect(res.code, res.out).toBe(2);
    expect(res.out).toContain("Run error: SC_ACCOUNTS must be a JSON array of {username, password, plan}; got '***'");
    expect(res.out).toContain('Gate: BROKEN (exit 2)');
    expect(res.out).not.toContain(PLANTED.settingPassword);
    expect(readFileSync(join(reports, 'conformance.html'), 'utf8')).not.toContain(PLANTED.settingPassword);
    expect(existsSync(join(reports, 'conformance.html'))).toBe(true);
  });

  test('npm run conformance -- --report-only without any report exits 2', () => {
    const res = runScript('scripts/conformance.ts', ['--report-only'], { SC_REPORTS: tempDir() });
    expect(res.code, res.out).toBe(2);
    expect(res.out).toContain('no JSON report');
  });
});
