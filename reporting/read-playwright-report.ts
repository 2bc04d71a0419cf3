/**
 * Reads Playwright's JSON report (reports/playwright.json) into checks.
 *
 * The report may be missing, empty, cut short, or hold only top-level errors
 * (a bad setting stops the run in global setup): every such case comes back as
 * `errors`, never as an exception, so the caller can still write a report that
 * says what went wrong.
 */
import { parseTitleIds } from '../catalog/ids.js';
import { parseAttachments, parseDeliveries, parseFastCheck, parseFindingAnnotations, parseLedger } from './evidence.js';
import { maskText } from './masking.js';
import { SELECTED_RULES } from '../settings/rule-selection.js';
import {
  type PlaywrightReport,
  type ReportEntry,
  type ReportResult,
  type ReportTest,
  type ResultStatus,
  readJsonReport,
  reportEntries,
  resultErrors,
  stripAnsi,
} from './playwright-json.js';
import type { CheckResult, CheckStatus } from '../results/check-result.js';
import { type Evidence, type LedgerRecord, NOT_EXERCISED_ANNOTATION, readNotExercisedNote } from '../results/records.js';
import { namedIds } from './check-record.js';

export interface ReadReport {
  report?: PlaywrightReport;
  checks: CheckResult[];
  errors: string[];
}

/** An error message as a report shows it: no colours, no source snippet, masked, at most ~1500 characters. */
export function cleanError(message: string | undefined): string {
  if (!message) return '';
  const plain = stripAnsi(message);
  // Playwright appends the source around the failing line ("  12 | …"); the location is shown apart.
  const cut = plain.search(/\n\s*\n\s*>?\s*\d+ \|/);
  const text = (cut > 0 ? plain.slice(0, cut) : plain).trim();
  const masked = maskText(text);
  return masked.length > 1500 ? `${masked.slice(0, 1500)}… (cut)` : masked;
}

/** A skip the check (or its file) asked for always leaves a `skip` or `fixme` annotation, with or without words. */
const askedToSkip = (test: ReportTest, last: ReportResult | undefined) =>
  [...(last?.annotations ?? []), ...(test.annotations ?? [])].some((a) => a.type === 'skip' || a.type === 'fixme');

function statusOf(test: ReportTest, last: ReportResult | undefined): { status: CheckStatus; raw: string; flaky: boolean } {
  // No result at all: the run ended before the check started (a static skip still has a result). Skipped with no skip
  // annotation: Playwright was about to start it when the run stopped (a target found gone, Ctrl-C): not run either.
  const raw: string = !last?.status || (last.status === 'skipped' && !askedToSkip(test, last)) ? 'not run' : last.status;
  if (test.status === 'flaky') return { status: 'passed', raw, flaky: true };
  if (test.status === 'expected' && raw !== 'skipped') return { status: 'passed', raw, flaky: false };
  if (raw === 'failed' || raw === 'timedOut') return { status: 'failed', raw, flaky: false };
  if (raw === 'passed') return { status: test.status === 'unexpected' ? 'failed' : 'passed', raw, flaky: false };
  // skipped, interrupted, no result: the check did not run to an outcome.
  return { status: 'skipped', raw, flaky: false };
}

function skipReasonOf(test: ReportTest, last: ReportResult | undefined, raw: string): string | undefined {
  const all = [...(last?.annotations ?? []), ...(test.annotations ?? [])];
  const skip = all.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description);
  if (skip?.description) return maskText(skip.description);
  if (raw === 'interrupted') return 'interrupted: the run was stopped before this check finished';
  if (raw === 'not run') return 'not run: the run ended before this check started';
  return undefined;
}

/**
 * What the attempts before the last one failed (issue "A PASS is proof": retries never pass a MUST): their
 * evidence naming rules, marked with the attempt, their ledger failures and error lines. An attempt that
 * broke without naming a rule (an exception) leaves nothing: the retry judged in its place.
 */
export function earlierFailures(results: readonly ReportResult[]): { evidence: Evidence[]; failed: Record<string, number>; errors: string[]; attempts: number } {
  const out = { evidence: [] as Evidence[], failed: {} as Record<string, number>, errors: [] as string[], attempts: 0 };
  for (const [i, r] of results.slice(0, -1).entries()) {
    const named = parseAttachments(r.attachments ?? []).filter((e) => namedIds(e).length > 0);
    if (named.length === 0) continue;
    out.attempts++;
    out.evidence.push(...named.map((e) => ({ ...e, attempt: i + 1 })));
    for (const [id, n] of Object.entries(parseLedger(r.attachments ?? [])?.failed ?? {})) out.failed[id] = (out.failed[id] ?? 0) + n;
    out.errors.push(...resultErrors(r).map((m) => `attempt ${i + 1} of ${results.length}: ${cleanError(m)}`).filter(Boolean));
  }
  return out;
}

/** A check whose earlier attempt failed a rule: that failure stands in every report, the check shown flaky. */
function withEarlierFailures(check: CheckResult, results: readonly ReportResult[]): CheckResult {
  const earlier = earlierFailures(results);
  if (earlier.attempts === 0) return check;
  const ledger: LedgerRecord = { passed: { ...check.ledger?.passed }, failed: { ...check.ledger?.failed } };
  for (const [id, n] of Object.entries(earlier.failed)) ledger.failed[id] = (ledger.failed[id] ?? 0) + n;
  // A SHOULD-level failure stays a finding of a passed check; any other named failure fails the check.
  const fails = earlier.evidence.some((e) => e.severity !== 'SHOULD');
  const lastFailed = check.status === 'failed';
  return {
    ...check,
    status: fails || lastFailed ? 'failed' : check.status,
    flaky: !lastFailed,
    skipReason: fails ? undefined : check.skipReason,
    evidence: [...earlier.evidence, ...check.evidence],
    errors: [...earlier.errors, ...(lastFailed ? check.errors : [])],
    ledger: check.ledger || Object.keys(ledger.failed).length ? ledger : undefined,
    failedAttempts: earlier.attempts,
  };
}

function toCheck({ spec, test, last, file, annotations }: ReportEntry): CheckResult {
  const title = maskText(spec.title ?? '(untitled)');
  const results = test.results ?? [];
  const { status, raw, flaky } = statusOf(test, last);
  const tags = (spec.tags ?? []).map((t) => (t.startsWith('@') ? t : `@${t}`));
  const project = test.projectName ?? '';
  const id = `${spec.id ?? `${file}:${spec.line}:${title}`}${project ? `@${project}` : ''}`;
  const messages = resultErrors(last);
  const check: CheckResult = {
    id,
    title: project ? `${title} (${project})` : title,
    ids: parseTitleIds(spec.title ?? '').ids,
    file,
    line: spec.line ?? 0,
    project,
    tags,
    status,
    rawStatus: raw,
    flaky,
    durationMs: results.reduce((sum, r) => sum + (r.duration ?? 0), 0),
    should: tags.includes('@should'),
    skipReason: status === 'skipped' ? skipReasonOf(test, last, raw) : undefined,
    errors: status === 'failed' ? messages.map(cleanError).filter(Boolean) : [],
    evidence: parseAttachments(last?.attachments ?? []),
    findings: [],
    ledger: parseLedger(last?.attachments ?? []),
  };
  // Annotations pushed at run time show up on the test and on the result: both are parsed, deduplicated inside.
  check.findings = parseFindingAnnotations(annotations, check);
  // `not-exercised` annotations ("ID: why", judging/time-budget.ts): the check ran too little of that rule to judge it.
  for (const a of annotations) {
    const note = a.type === NOT_EXERCISED_ANNOTATION ? readNotExercisedNote(a.description) : undefined;
    if (note) check.notExercised = { ...check.notExercised, [note.id]: maskText(note.outcome) };
  }
  // What a reader needs to see a failure without another file: a property's replay, the notifications received.
  if (status === 'failed') check.fastCheck = parseFastCheck(messages, annotations);
  check.deliveries = parseDeliveries(last?.attachments ?? []);
  return withEarlierFailures(check, results);
}

/** A check with where Playwright lists it (describe titles, then its own title, as written) and its last attempt's raw status. */
export interface ListedCheck {
  check: CheckResult;
  titlePath: string[];
  /** Undefined when the test never ran (a listing, a run stopped before it). */
  lastStatus?: ResultStatus;
}

/** Every check of the report, read once: the conformance report and the teeth (teeth/job-checks.ts) both start here. */
export function listedChecks(report: PlaywrightReport): ListedCheck[] {
  return reportEntries(report).map((entry) => ({ check: toCheck(entry), titlePath: [...entry.describes, entry.spec.title ?? ''], lastStatus: entry.last?.status }));
}

/** Checks from an already parsed report object. */
export function checksFromReport(report: PlaywrightReport): ReadReport {
  const checks = listedChecks(report).map((l) => l.check);
  // "Error: " adds nothing in front of a run error.
  const errors = (report.errors ?? []).map((e) => cleanError(e.message).replace(/^Error: /, '')).filter(Boolean);
  if (checks.length === 0 && errors.length === 0) errors.push('the JSON report lists no checks: nothing ran (a --grep or file filter that matches nothing?)');
  const unfinished = checks.filter((c) => c.rawStatus === 'interrupted' || c.rawStatus === 'not run').length;
  if (unfinished) errors.push(`the run was stopped: ${unfinished} check${unfinished === 1 ? '' : 's'} did not run or did not finish`);
  return { report, checks, errors };
}

/** Reads and parses the JSON report at `path`. Never throws. */
export function readPlaywrightReport(path: string): ReadReport {
  const { report, error, missing } = readJsonReport(path);
  if (!report) return { checks: [], errors: [missing ? `${error}: the run did not finish${error?.startsWith('no ') ? ' (see the output above)' : ''}` : (error ?? '')] };
  return checksFromReport(report);
}

/** Describes how the run was narrowed (--rule, --grep, --shard, file arguments), or undefined for a full run. */
export function describeFilter(report: PlaywrightReport | undefined): string | undefined {
  const cfg = report?.config;
  if (!cfg) return undefined;
  const parts: string[] = [];
  // SC_RULE / --rule (playwright.config.ts): its RegExp is not in the JSON report, the rules are in the metadata.
  const rules = (cfg.metadata as Record<string, unknown> | undefined)?.[SELECTED_RULES];
  if (Array.isArray(rules) && rules.length) parts.push(`--rule ${rules.join(',')}`);
  const grep = cfg.grep as { source?: string } | undefined;
  if (grep && typeof grep === 'object' && grep.source && grep.source !== '.*') parts.push(`--grep ${grep.source}`);
  if (cfg.shard) parts.push(`--shard ${cfg.shard.current}/${cfg.shard.total}`);
  const argv = cfg.argv ?? [];
  const testIdx = argv.indexOf('test');
  if (testIdx >= 0) {
    const rest = argv.slice(testIdx + 1);
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i];
      if (a === '--grep' || a === '-g' || a === '--grep-invert' || a === '--project') parts.push(`${a} ${rest[++i] ?? ''}`);
      else if (/^(--grep|-g|--grep-invert|--project)=/.test(a)) parts.push(a);
      else if (!a.startsWith('-') && !/^\d/.test(a) && (i === 0 || !rest[i - 1].startsWith('-') || rest[i - 1].includes('='))) parts.push(a);
    }
  }
  const unique = [...new Set(parts)];
  return unique.length ? maskText(unique.join(' ')) : undefined;
}
