/**
 * reports/junit.xml, written from the same verdicts as the conformance report so
 * that a CI system's test summary and the gate agree (issue "exact blame"):
 *
 *  - a check with a MUST failure is a `<failure type="MUST">` naming the rules it
 *    was charged to, with each failure's evidence (masked, as in the report);
 *  - a check that broke (an exception, a timeout) is an `<error>`: the suite could not judge;
 *  - a skipped check is `<skipped message="…reason…">`;
 *  - a SHOULD finding is no failed testcase unless SC_STRICT=1: it stays visible in
 *    `<system-out>` and as a `finding` property;
 *  - every testcase carries its rules as properties (`requirement`), each with
 *    this check's word on it (passed, failed, finding, not reached).
 */
import type { Catalog } from '../catalog/index.js';
import type { Check, Evidence } from './types.js';
import { brokeBeforeJudging, failureSeverity, namedIds, type Severity, withLedger } from './verdicts.js';

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
  const lines = [`[${namedIds(e).join('][')}] ${e.title ?? ''}`, `  expected: ${e.expected ?? '?'}`, `  actual:   ${e.actual ?? '?'}`];
  if (e.request?.method) lines.push(`  exchange: ${e.request.method} ${e.request.url ?? ''} → ${e.status === null ? 'no answer' : (e.status ?? '-')}`);
  if (e.transport) lines.push(`  on the wire: ${e.transport}`);
  if (e.cut) lines.push('  body cut at the suite\'s cap (4 MiB): not judged');
  if (e.bodyExcerpt) lines.push(`  body:     ${e.bodyExcerpt.replace(/\s*\n\s*/g, ' ')}`);
  if (e.curl) lines.push('  Reproduce with:', `    ${e.curl}`);
  return lines.join('\n');
}

interface Judged {
  /** Failures that fail the testcase: MUST ones, and SHOULD ones under SC_STRICT=1. */
  must: Evidence[];
  /** True when one of them is a MUST failure (else they fail only by SC_STRICT). */
  anyMust: boolean;
  should: Evidence[];
  broke: boolean;
}

function judgeCheck(asRead: Check, catalog: Catalog, strict: boolean): Judged {
  const c = withLedger(asRead);
  const byId = new Map(catalog.requirements.map((r) => [r.id, r]));
  const severity = (e: Evidence): Severity => {
    if (e.severity) return e.severity;
    return namedIds(e).some((id) => failureSeverity(byId.get(id), id, c) === 'MUST') ? 'MUST' : 'SHOULD';
  };
  const named = c.evidence.filter((e) => namedIds(e).length > 0);
  const must = named.filter((e) => severity(e) === 'MUST' || strict);
  const should = named.filter((e) => !must.includes(e));
  return { must, anyMust: named.some((e) => severity(e) === 'MUST'), should, broke: asRead.ledger !== undefined && brokeBeforeJudging(asRead) };
}

function testcase(c: Check, catalog: Catalog, strict: boolean): { xml: string; failure: boolean; error: boolean; skipped: boolean } {
  const { must, anyMust, should, broke } = judgeCheck(c, catalog, strict);
  const ledgered = withLedger(c);
  const props: string[] = [];
  for (const id of c.ids) {
    const word = must.some((e) => namedIds(e).includes(id))
      ? 'failed'
      : should.some((e) => namedIds(e).includes(id))
        ? 'finding'
        : (ledgered.ledger?.passed[id] ?? 0) > 0
          ? 'passed'
          : 'not reached';
    props.push(`<property name="requirement" value="${xml(`${id}: ${word}`)}"/>`);
  }
  const findings = [...should.map(evidenceText), ...c.findings.map((f) => `[${f.requirement}] ${f.message}`)];
  for (const f of findings) props.push(`<property name="finding" value="${xml(f.split('\n')[0])}"/>`);
  const body: string[] = [];
  if (props.length) body.push(`<properties>${props.join('')}</properties>`);
  const failure = must.length > 0;
  const error = !failure && broke;
  const skipped = !failure && !error && c.status === 'skipped';
  if (failure) {
    const ids = [...new Set(must.flatMap(namedIds))];
    body.push(`<failure type="${anyMust ? 'MUST' : 'SHOULD (SC_STRICT=1)'}" message="${xml(`${ids.length} rule${ids.length === 1 ? '' : 's'} failed: ${ids.join(', ')}`)}">${xml(must.map(evidenceText).join('\n\n'))}</failure>`);
  } else if (error) {
    body.push(`<error type="${xml(c.rawStatus)}" message="${xml(`the check broke before it could judge: ${(c.errors[0] ?? c.rawStatus).split('\n')[0]}`)}">${xml(c.errors.join('\n\n'))}</error>`);
  } else if (skipped) {
    body.push(`<skipped message="${xml(c.skipReason ?? 'skipped')}"/>`);
  }
  if (findings.length) body.push(`<system-out>${xml(`SHOULD findings (not failures${strict ? '' : ' unless SC_STRICT=1'}):\n${findings.join('\n\n')}`)}</system-out>`);
  const name = `<testcase name="${xml(c.title)}" classname="${xml(c.file)}" time="${seconds(c.durationMs)}"`;
  return { xml: body.length ? `${name}>${body.join('')}</testcase>` : `${name}/>`, failure, error, skipped };
}

/** The JUnit XML of a run: one testsuite per spec file, one testcase per check. */
export function renderJunit(checks: readonly Check[], catalog: Catalog, options: { strict: boolean; name?: string; timestamp?: string }): string {
  const files = [...new Set(checks.map((c) => c.file))];
  let totals = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 };
  const suites = files.map((file) => {
    const inFile = checks.filter((c) => c.file === file);
    const cases = inFile.map((c) => testcase(c, catalog, options.strict));
    const counts = {
      tests: cases.length,
      failures: cases.filter((c) => c.failure).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped).length,
      ms: inFile.reduce((n, c) => n + c.durationMs, 0),
    };
    totals = { tests: totals.tests + counts.tests, failures: totals.failures + counts.failures, errors: totals.errors + counts.errors, skipped: totals.skipped + counts.skipped, ms: totals.ms + counts.ms };
    const stamp = options.timestamp ? ` timestamp="${xml(options.timestamp)}"` : '';
    return `  <testsuite name="${xml(file)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(counts.ms)}"${stamp}>\n${cases.map((c) => `    ${c.xml}`).join('\n')}\n  </testsuite>`;
  });
  const name = xml(options.name ?? 'Seller Connect conformance');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(totals.ms)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
