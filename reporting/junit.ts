/**
 * reports/junit.xml, rendered from the conformance report's verdicts and each
 * check's outcome (reporting/check-outcome.ts, shared with Allure), never
 * judged again here, so that a CI system's test summary and the gate agree:
 *
 *  - a check with a MUST failure is a `<failure type="MUST">` naming the rules it
 *    was charged to, with each failure's evidence (masked, as in the report);
 *  - a check that broke (an exception, a timeout) is an `<error>`: the suite could not judge;
 *  - a check that judged nothing is `<skipped>`, its message coded:
 *    `not exercised: rate_limited — …` (the target's answers prevented judging) or
 *    `not applicable: no_control_api — …` (the run's configuration cannot reach it);
 *  - a SHOULD finding is no failed testcase unless SC_STRICT=1: it stays visible in
 *    `<system-out>` and as a `finding` property;
 *  - every testcase carries its rules as properties (`requirement`), each with
 *    this check's word on it (passed, failed, finding, not exercised [code], …);
 *  - one more testsuite, `conformance gate`, holds the gate as one testcase named
 *    with its state and the headline: a failure when FAILED or INCOMPLETE, an error when BROKEN.
 */
import { codesText } from './headline.js';
import { type CheckOutcome, checkOutcomes, wordText } from './check-outcome.js';
import { namedIds, outcomeOf } from './check-record.js';
import type { CheckResult } from '../results/check-result.js';
import type { Evidence } from '../results/records.js';
import type { ConformanceReport } from './report-types.js';

const xml = (s: string): string =>
  s
    // XML 1.0 forbids most control characters, even escaped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML cannot carry.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function evidenceText(e: Evidence): string {
  const lines = [`[${namedIds(e).join('][')}] ${e.title ?? ''}${e.attempt ? ` (attempt ${e.attempt}: a retry does not undo it)` : ''}`, `  expected: ${e.expected ?? '?'}`, `  actual:   ${e.actual ?? '?'}`];
  if (e.request?.method) lines.push(`  exchange: ${e.request.method} ${e.request.url ?? ''} → ${e.status === null ? 'no answer' : (e.status ?? '-')}`);
  if (e.transport) lines.push(`  on the wire: ${e.transport}`);
  if (e.cut) lines.push("  body cut at the suite's cap (4 MiB): not judged");
  if (e.bodyExcerpt) lines.push(`  body:     ${e.bodyExcerpt.replace(/\s*\n\s*/g, ' ')}`);
  if (e.curl) lines.push('  Reproduce with:', `    ${e.curl}`);
  return lines.join('\n');
}

/** A skip reason or annotation as JUnit shows it: `not exercised: rate_limited — …`. */
export function outcomeMessage(text: string): string {
  const o = outcomeOf(text);
  return `${o.state === 'not-exercised' ? 'not exercised' : 'not applicable'}: ${o.code} — ${o.detail}`;
}

interface Case {
  xml: string;
  failure: boolean;
  error: boolean;
  skipped: boolean;
}

function testcase(c: CheckResult, o: CheckOutcome | undefined, report: ConformanceReport): Case {
  const strict = report.gate.strict;
  const rules = o?.rules ?? [];
  const status = o?.status ?? 'passed';
  const props = rules.map((w) => `<property name="requirement" value="${xml(`${w.r.id}: ${wordText(w)}`)}"/>`);
  for (const part of o?.parts ?? []) props.push(`<property name="part" value="${xml(part)}"/>`);
  // Under SC_STRICT=1 a SHOULD failure is in <failure>; a recorded observation (recordFinding) stays a finding.
  const findingEvidence = strict ? [] : [...new Set(rules.filter((w) => w.ref.ruleVerdict === 'finding').flatMap((w) => w.ref.evidence))];
  const shownFindings = [...findingEvidence.map(evidenceText), ...c.findings.map((f) => `[${f.requirement}] ${f.message}`)];
  for (const f of shownFindings) props.push(`<property name="finding" value="${xml(f.split('\n')[0])}"/>`);
  const body: string[] = [];
  if (props.length) body.push(`<properties>${props.join('')}</properties>`);

  // A check that judged nothing, skipped or not: its first rule's reason, coded.
  const unjudgedText = c.status === 'skipped' ? c.skipReason : Object.values(c.notExercised ?? {})[0];
  if (status === 'failed') {
    const failing = rules.filter((w) => o?.failing.includes(w.r.id));
    const ids = [...new Set(failing.map((w) => w.r.id))];
    const evidence = [...new Set(failing.flatMap((w) => w.ref.evidence))];
    const mustFailed = rules.some((w) => w.ref.ruleVerdict === 'failed');
    const type = mustFailed ? 'MUST' : o?.unattributed ? 'unattributed' : 'SHOULD (SC_STRICT=1)';
    const message = o?.unattributed ? 'the failure names no catalog requirement' : `${ids.length} rule${ids.length === 1 ? '' : 's'} failed: ${ids.join(', ')}`;
    const flaky = c.flaky ? '\n\n(flaky: failed on an attempt, passed on a retry; the failure stands)' : '';
    body.push(`<failure type="${type}" message="${xml(message)}">${xml((evidence.length ? evidence.map(evidenceText).join('\n\n') : c.errors.join('\n\n')) + flaky)}</failure>`);
  } else if (status === 'broken') {
    body.push(`<error type="${xml(c.rawStatus)}" message="${xml(`the check broke before it could judge: ${(c.errors[0] ?? c.rawStatus).split('\n')[0]}`)}">${xml(c.errors.join('\n\n'))}</error>`);
  } else if (status === 'skipped') {
    const ruleWhy = rules.find((w) => w.unjudged)?.unjudged;
    const message = unjudgedText
      ? outcomeMessage(unjudgedText)
      : ruleWhy
        ? `${ruleWhy.state}: ${ruleWhy.code} — its rules' state; the check said nothing itself`
        : 'not exercised: setup_failed — skipped without a reason';
    body.push(`<skipped message="${xml(message)}"/>`);
  }
  if (shownFindings.length) body.push(`<system-out>${xml(`SHOULD findings (not failures${strict ? '' : ' unless SC_STRICT=1'}):\n${shownFindings.join('\n\n')}`)}</system-out>`);
  const name = `<testcase name="${xml(c.title)}" classname="${xml(c.file)}" time="${seconds(c.durationMs)}"`;
  return { xml: body.length ? `${name}>${body.join('')}</testcase>` : `${name}/>`, failure: status === 'failed', error: status === 'broken', skipped: status === 'skipped' };
}

/** The gate as one testcase: CI summaries show INCOMPLETE and BROKEN, not only failures. */
function gateCase(report: ConformanceReport): Case {
  const g = report.gate;
  const h = report.summary.headline;
  const name = `gate: ${g.state} (exit ${g.exitCode}) — MUST rules of the server: ${h.text}`;
  const reasons = g.reasons.join('\n');
  const lines = [h.text, h.notExercised.total ? `not exercised by reason: ${codesText(h.notExercised.byReason)}` : '', h.notApplicable.total ? `not applicable by cause: ${codesText(h.notApplicable.byCause)}` : '', reasons].filter(Boolean).join('\n');
  let body = '';
  if (g.state === 'FAILED' || g.state === 'INCOMPLETE') body = `<failure type="${g.state}" message="${xml(g.reasons[0] ?? g.state)}">${xml(lines)}</failure>`;
  else if (g.state === 'BROKEN') body = `<error type="BROKEN" message="${xml(g.reasons[0] ?? 'the run is broken')}">${xml(lines)}</error>`;
  else body = `<system-out>${xml(lines)}</system-out>`;
  return { xml: `<testcase name="${xml(name)}" classname="conformance gate" time="0.000">${body}</testcase>`, failure: body.startsWith('<failure'), error: body.startsWith('<error'), skipped: false };
}

function suite(name: string, cases: Case[], ms: number, timestamp: string | undefined, properties = ''): { xml: string; counts: { tests: number; failures: number; errors: number; skipped: number; ms: number } } {
  const counts = { tests: cases.length, failures: cases.filter((c) => c.failure).length, errors: cases.filter((c) => c.error).length, skipped: cases.filter((c) => c.skipped).length, ms };
  const stamp = timestamp ? ` timestamp="${xml(timestamp)}"` : '';
  return {
    xml: `  <testsuite name="${xml(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(ms)}"${stamp}>\n${properties ? `    ${properties}\n` : ''}${cases.map((c) => `    ${c.xml}`).join('\n')}\n  </testsuite>`,
    counts,
  };
}

/** The JUnit XML of a run: the gate's testsuite first, then one testsuite per spec file, one testcase per check. */
export function renderJunit(report: ConformanceReport, checks: readonly CheckResult[], options: { name?: string } = {}): string {
  const outcomes = checkOutcomes(report, checks);
  const h = report.summary.headline;
  const gateProps = `<properties><property name="gate" value="${xml(report.gate.state)}"/><property name="exit" value="${report.gate.exitCode}"/><property name="headline" value="${xml(h.text)}"/></properties>`;
  const suites = [suite('conformance gate', [gateCase(report)], 0, report.run.startTime, gateProps)];
  for (const file of [...new Set(checks.map((c) => c.file))]) {
    const inFile = checks.filter((c) => c.file === file);
    suites.push(
      suite(
        file,
        inFile.map((c) => testcase(c, outcomes.get(c.id), report)),
        inFile.reduce((n, c) => n + c.durationMs, 0),
        report.run.startTime,
      ),
    );
  }
  const t = suites.reduce((a, s) => ({ tests: a.tests + s.counts.tests, failures: a.failures + s.counts.failures, errors: a.errors + s.counts.errors, skipped: a.skipped + s.counts.skipped, ms: a.ms + s.counts.ms }), { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 });
  const name = xml(options.name ?? 'Seller Connect conformance');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}" time="${seconds(t.ms)}">\n${suites.map((s) => s.xml).join('\n')}\n</testsuites>\n`;
}
