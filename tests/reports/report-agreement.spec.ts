import { expect, test } from '@playwright/test';
import { allureOutcomes } from '../../reporting/allure.js';
import { formatConsoleSummary } from '../../reporting/console.js';
import { findingsText } from '../../reporting/fix-list.js';
import { renderHtml } from '../../reporting/html/page.js';
import { renderJunit } from '../../reporting/junit.js';
import { readPlaywrightReport } from '../../reporting/read-playwright-report.js';
import type { ConformanceReport, Verdict } from '../../reporting/report-types.js';
import type { CheckResult } from '../../results/check-result.js';
import { check, fixture, reportFrom, reportFromChecks } from './data/helpers.js';

/**
 * One verdict per rule in every output (issue 40): the console, conformance.html,
 * conformance.json, junit.xml and the Allure results say the same of each rule, and
 * count the same, on runs with MUST failures, SHOULD findings (a SHOULD rule's failure,
 * a MUST rule that passed with a recorded finding) and rules not exercised or not applicable.
 */

type Word = Extract<Verdict, 'passed' | 'failed' | 'finding' | 'not-exercised' | 'not-applicable'>;
const RANK: Word[] = ['failed', 'finding', 'passed', 'not-exercised', 'not-applicable'];

/** A rule's verdict from the words of its checks: the strongest word wins, as the report judges. */
function combine(words: Map<string, Word[]>): Map<string, Word> {
  return new Map([...words].map(([id, ws]) => [id, RANK.find((w) => ws.includes(w)) as Word]));
}

function add(words: Map<string, Word[]>, id: string, w: Word | undefined): void {
  if (w) words.set(id, [...(words.get(id) ?? []), w]);
}

/** A JUnit `requirement` property's word: passed, failed, finding, `not exercised [code]`, `not reached (not applicable [cause])`. */
function junitWord(text: string): Word | undefined {
  if (text === 'passed' || text === 'failed' || text === 'finding') return text;
  if (text.includes('not exercised')) return 'not-exercised';
  if (text.includes('not applicable')) return 'not-applicable';
  return undefined;
}

function fromJunit(xml: string): Map<string, Word> {
  const words = new Map<string, Word[]>();
  for (const m of xml.matchAll(/<property name="requirement" value="([A-Z0-9-]+): ([^"]*)"\/>/g)) add(words, m[1], junitWord(m[2]));
  return combine(words);
}

function fromAllure(report: ConformanceReport, checks: readonly CheckResult[]): Map<string, Word> {
  const words = new Map<string, Word[]>();
  for (const o of allureOutcomes(report, checks).values()) {
    for (const id of o.failing) add(words, id, 'failed');
    for (const id of o.findings) add(words, id, 'finding');
    for (const u of o.unjudged ?? []) add(words, u.split(':')[0], u.includes('not applicable') ? 'not-applicable' : 'not-exercised');
    for (const w of (o as { rules?: { r: { id: string }; ref: { ruleVerdict?: string } }[] }).rules ?? []) if (w.ref.ruleVerdict === 'passed') add(words, w.r.id, 'passed');
  }
  return combine(words);
}

function fromHtml(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<details class="req [^"]*" id="req-([A-Z0-9-]+)" data-verdict="([a-z-]+)"/g)].map((m) => [m[1], m[2]]));
}

/** The console names the failed (✘) and finding (⚠) rules, and every unjudged one under its state and code. */
function fromConsole(text: string): Map<string, Word> {
  const out = new Map<string, Word>();
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const item = /^ {2}([✘⚠]) ([A-Z0-9-]+) {2}/.exec(line);
    if (item) out.set(item[2], item[1] === '✘' ? 'failed' : 'finding');
    const group = /^not (exercised|applicable) \[([a-z_]+)\] \(\d+ rules?\)/.exec(line);
    if (group && group[2] !== 'selection') for (const id of lines[i + 1].trim().split(', ')) out.set(id, group[1] === 'exercised' ? 'not-exercised' : 'not-applicable');
  }
  return out;
}

function expectAgreement(report: ConformanceReport, checks: readonly CheckResult[]): void {
  const json = new Map(report.requirements.map((r) => [r.id, r.verdict]));
  const disagreements = (name: string, seen: Map<string, string>) => [...seen].filter(([id, v]) => json.get(id) !== v).map(([id, v]) => `${name} says ${id} ${v}, conformance.json ${json.get(id)}`);
  const junit = renderJunit(report, checks);
  const html = renderHtml(report, { specTables: [], teethScores: '' });
  const text = formatConsoleSummary(report, { maxListed: 100 });
  const seen = { junit: fromJunit(junit), allure: fromAllure(report, checks), html: fromHtml(html), console: fromConsole(text) };
  for (const [name, m] of Object.entries(seen)) expect(m.size, `${name} names rules`).toBeGreaterThan(name === 'console' ? 0 : 2);
  expect([...Object.entries(seen)].flatMap(([name, m]) => disagreements(name, m))).toEqual([]);
  // Every rule of every level is in the HTML; the console names every failed, finding and unjudged rule (a selection's aside).
  expect(seen.html.size).toBe(report.requirements.length);
  const named = report.requirements.filter((r) => ['failed', 'finding', 'not-exercised'].includes(r.verdict) || (r.verdict === 'not-applicable' && r.reasonCode !== 'selection'));
  expect(named.filter((r) => !seen.console.has(r.id)).map((r) => r.id)).toEqual([]);

  // The counts, each with its unit, the same everywhere.
  const s = report.summary;
  const rules = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;
  const failedRules = report.requirements.filter((r) => r.verdict === 'failed').map((r) => r.id);
  expect(s.byVerdict.failed).toBe(failedRules.length);
  if (failedRules.length) {
    expect(text).toContain(`MUST failures (${rules(failedRules.length)})`);
    expect(html).toContain(`MUST failures: ${rules(failedRules.length)}`);
  }
  expect(html).toContain(`<button data-filter="failed">MUST failed (${s.byVerdict.failed})</button>`);
  expect(html).toContain(`<button data-filter="finding">Rules with SHOULD findings (${s.byVerdict.finding})</button>`);
  // "SHOULD findings" counts findings, "rules with SHOULD findings" the rules of verdict finding: the same words everywhere.
  const split = findingsText(report);
  expect(split).toMatch(new RegExp(`^${s.shouldFindings} SHOULD findings? .*${rules(s.byVerdict.finding)} with SHOULD findings`));
  expect(html).toContain(`${s.shouldFindings}<div class="k">${split.replace(/^\d+ SHOULD findings? /, '')}</div>`);
  expect(html).toContain(`class="legend">rules with SHOULD findings ${s.byVerdict.finding}<`);
  expect(text).toContain(`${split} · rules of every level`);
  const listed = report.requirements.filter((r) => r.verdict === 'finding').reduce((n, r) => n + r.findings.length, 0);
  if (s.byVerdict.finding) {
    expect(text).toContain(`SHOULD findings: ${rules(s.byVerdict.finding)} with ${listed} SHOULD finding`);
    expect(html).toContain(`SHOULD findings: ${rules(s.byVerdict.finding)} with ${listed} SHOULD finding`);
  }
  // A JUnit or Allure failure is a check charged a MUST failure, and only that (SC_STRICT unset).
  const failingChecks = new Set(report.requirements.flatMap((r) => r.checks.filter((c) => c.ruleVerdict === 'failed').map((c) => c.title)));
  expect((junit.match(/<failure type="MUST"/g) ?? []).length).toBe(failingChecks.size);
  expect([...allureOutcomes(report, checks)].filter(([, o]) => o.status === 'failed').map(([title]) => title).sort()).toEqual([...failingChecks].sort());
  // The gate, the same state everywhere.
  const g = report.gate;
  expect(text).toContain(`Gate: ${g.state} (exit ${g.exitCode})`);
  expect(html).toContain(`Gate: ${g.state}</div>`);
  expect(junit).toContain(`<testcase name="gate: ${g.state} (exit ${g.exitCode})`);
}

test('hand-made run: a MUST failure, a SHOULD rule failing, a MUST rule passed with a finding, not exercised, not applicable', () => {
  const mustEvidence = { requirements: ['ITEM-CREATE-1'], title: 'POST /items answers 201', expected: '201', actual: '500', severity: 'MUST' as const };
  const shouldEvidence = { requirements: ['GEN-ERR-2'], title: 'the code fits', expected: 'INVALID_CATEGORY_LEAF', actual: 'INVALID_BODY_REQUEST', severity: 'SHOULD' as const };
  const attr = check({ title: '[ITEM-ATTR-3] titles are translated', ids: ['ITEM-ATTR-3'], ledger: { passed: { 'ITEM-ATTR-3': 2 }, failed: {} } });
  attr.findings = [{ requirement: 'ITEM-ATTR-3', message: 'the value titles stay English', checkId: attr.id, checkTitle: attr.title, kind: 'annotation' }];
  const checks = [
    check({ title: '[ITEM-CREATE-1] a create answers 201', ids: ['ITEM-CREATE-1'], status: 'failed', rawStatus: 'failed', evidence: [mustEvidence], ledger: { passed: {}, failed: { 'ITEM-CREATE-1': 1 } } }),
    check({ title: '[GEN-ERR-2] the code fits', ids: ['GEN-ERR-2'], status: 'skipped', rawStatus: 'skipped', should: true, skipReason: 'not exercised [stopped_at_failure]: stopped at a SHOULD finding of GEN-ERR-2', evidence: [shouldEvidence], ledger: { passed: {}, failed: { 'GEN-ERR-2': 1 } } }),
    attr,
    check({ title: '[TX-REQ-1] pending requests', ids: ['TX-REQ-1'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not exercised [target_state]: the account holds no pending request' }),
    check({ title: '[ITEM-QUOTA-2] lowering the limit', ids: ['ITEM-QUOTA-2'], status: 'skipped', rawStatus: 'skipped', skipReason: 'not applicable [no_control_api]: needs the control API (SC_CONTROL_URL)' }),
    check({ title: '[GEN-AUTH-1] no bearer is refused', ids: ['GEN-AUTH-1'], ledger: { passed: { 'GEN-AUTH-1': 1 }, failed: {} } }),
  ];
  const report = reportFromChecks(checks);
  const verdict = (id: string) => report.requirements.find((r) => r.id === id)?.verdict;
  expect(['ITEM-CREATE-1', 'GEN-ERR-2', 'ITEM-ATTR-3', 'TX-REQ-1', 'ITEM-QUOTA-2', 'GEN-AUTH-1'].map(verdict)).toEqual(['failed', 'finding', 'finding', 'not-exercised', 'not-applicable', 'passed']);
  // The MUST rule that passed with a finding is no failure anywhere: JUnit passes its check, the headline counts it passed.
  expect(report.summary.headline.text).toContain('passed (1 with SHOULD findings)');
  expect(report.gate.state).toBe('FAILED');
  expect(report.gate.blocking).toEqual(['ITEM-CREATE-1']);
  expectAgreement(report, checks);
});

test('the fixture run (run-mixed.json): failures, findings, not applicable rules', () => {
  const read = readPlaywrightReport(fixture('run-mixed.json'));
  expectAgreement(reportFrom('run-mixed.json'), read.checks);
});

test('a run with SHOULD findings only passes the gate, and every output says finding, never failed', () => {
  const read = readPlaywrightReport(fixture('run-should-only.json'));
  const report = reportFrom('run-should-only.json');
  expect(report.gate.state).toBe('PASSED');
  expect(report.requirements.filter((r) => r.verdict === 'failed')).toEqual([]);
  expectAgreement(report, read.checks);
});
