/**
 * Reads Playwright's JSON report (reports/playwright.json) into checks.
 *
 * The report may be missing, empty, cut short, or hold only top-level errors
 * (a bad setting stops the run in global setup): every such case comes back as
 * `errors`, never as an exception, so the caller can still write a report that
 * says what went wrong.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parseAttachments, parseDeliveries, parseFastCheck, parseFindingAnnotations, parseLedger } from './evidence.js';
import { maskText } from './masking.js';
import { parseTitleIds } from './title-ids.js';
import type { Check, CheckStatus } from './types.js';

// Only the parts of JSONReport this module reads; everything optional because the file may be partial.
interface PwAnnotation {
  type?: string;
  description?: string;
}
interface PwResult {
  status?: string;
  duration?: number;
  errors?: { message?: string }[];
  error?: { message?: string };
  annotations?: PwAnnotation[];
  attachments?: { name?: string; contentType?: string; body?: string; path?: string }[];
}
interface PwTest {
  projectName?: string;
  status?: string;
  annotations?: PwAnnotation[];
  results?: PwResult[];
}
interface PwSpec {
  id?: string;
  title?: string;
  file?: string;
  line?: number;
  tags?: string[];
  tests?: PwTest[];
}
interface PwSuite {
  file?: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}
export interface PwReport {
  config?: { version?: string; grep?: unknown; shard?: { current: number; total: number } | null; argv?: string[] };
  suites?: PwSuite[];
  errors?: { message?: string }[];
  stats?: { startTime?: string; duration?: number };
}

export interface ReadReport {
  report?: PwReport;
  checks: Check[];
  errors: string[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters by definition.
const ANSI = /\u001b\[[0-9;]*m/g;

/** An error message as a report shows it: no colours, no source snippet, masked, at most ~1500 characters. */
export function cleanError(message: string | undefined): string {
  if (!message) return '';
  const plain = message.replace(ANSI, '');
  // Playwright appends the source around the failing line ("  12 | …"); the location is shown apart.
  const cut = plain.search(/\n\s*\n\s*>?\s*\d+ \|/);
  const text = (cut > 0 ? plain.slice(0, cut) : plain).trim();
  const masked = maskText(text);
  return masked.length > 1500 ? `${masked.slice(0, 1500)}… (cut)` : masked;
}

function statusOf(test: PwTest, last: PwResult | undefined): { status: CheckStatus; raw: string; flaky: boolean } {
  // No result at all: the run ended before the check started (a static skip still has a result).
  const raw = last?.status ?? 'not run';
  if (test.status === 'flaky') return { status: 'passed', raw, flaky: true };
  if (test.status === 'expected' && raw !== 'skipped') return { status: 'passed', raw, flaky: false };
  if (raw === 'failed' || raw === 'timedOut') return { status: 'failed', raw, flaky: false };
  if (raw === 'passed') return { status: test.status === 'unexpected' ? 'failed' : 'passed', raw, flaky: false };
  // skipped, interrupted, no result: the check did not run to an outcome.
  return { status: 'skipped', raw, flaky: false };
}

function skipReasonOf(test: PwTest, last: PwResult | undefined, raw: string): string | undefined {
  const all = [...(last?.annotations ?? []), ...(test.annotations ?? [])];
  const skip = all.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description);
  if (skip?.description) return maskText(skip.description);
  if (raw === 'interrupted') return 'interrupted: the run was stopped before this check finished';
  if (raw === 'not run') return 'not run: the run ended before this check started';
  return undefined;
}

function toCheck(spec: PwSpec, test: PwTest, suiteFile: string): Check {
  const title = maskText(spec.title ?? '(untitled)');
  const results = test.results ?? [];
  const last = results[results.length - 1];
  const { status, raw, flaky } = statusOf(test, last);
  const tags = (spec.tags ?? []).map((t) => (t.startsWith('@') ? t : `@${t}`));
  const project = test.projectName ?? '';
  const id = `${spec.id ?? `${suiteFile}:${spec.line}:${title}`}${project ? `@${project}` : ''}`;
  const errors = status === 'failed' ? (last?.errors?.length ? last.errors : last?.error ? [last.error] : []).map((e) => cleanError(e.message)).filter(Boolean) : [];
  const check: Check = {
    id,
    title: project ? `${title} (${project})` : title,
    ids: parseTitleIds(spec.title ?? '').ids,
    file: spec.file ?? suiteFile,
    line: spec.line ?? 0,
    project,
    tags,
    status,
    rawStatus: raw,
    flaky,
    durationMs: results.reduce((sum, r) => sum + (r.duration ?? 0), 0),
    should: tags.includes('@should'),
    skipReason: status === 'skipped' ? skipReasonOf(test, last, raw) : undefined,
    errors,
    evidence: parseAttachments(last?.attachments ?? []),
    findings: [],
    ledger: parseLedger(last?.attachments ?? []),
  };
  // Annotations pushed at run time show up on the test and on the result: parse both, deduplicate inside.
  const annotations = [...(test.annotations ?? []), ...(last?.annotations ?? [])];
  check.findings = parseFindingAnnotations(annotations, check);
  // `not-exercised` annotations ("ID: why", fixtures/time-budget.ts): the check ran too little of that rule to judge it.
  for (const a of annotations) {
    const m = a.type === 'not-exercised' ? /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+):\s*(.*)$/s.exec(a.description ?? '') : null;
    if (m) check.notExercised = { ...check.notExercised, [m[1]]: maskText(m[2]) };
  }
  // What a reader needs to see a failure without another file: a property's replay, the notifications received.
  if (status === 'failed') {
    const raw = (last?.errors?.length ? last.errors : last?.error ? [last.error] : []).map((e) => e.message ?? '');
    check.fastCheck = parseFastCheck(raw, annotations);
  }
  check.deliveries = parseDeliveries(last?.attachments ?? []);
  return check;
}

function walk(suite: PwSuite, out: Check[], file: string): void {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) out.push(toCheck(spec, test, here));
  for (const child of suite.suites ?? []) walk(child, out, here);
}

/** Checks from an already parsed report object. */
export function checksFromReport(report: PwReport): ReadReport {
  const checks: Check[] = [];
  for (const suite of report.suites ?? []) walk(suite, checks, suite.file ?? '');
  // "Error: " adds nothing in front of a run error.
  const errors = (report.errors ?? []).map((e) => cleanError(e.message).replace(/^Error: /, '')).filter(Boolean);
  if (checks.length === 0 && errors.length === 0) errors.push('the JSON report lists no checks: nothing ran (a --grep or file filter that matches nothing?)');
  const unfinished = checks.filter((c) => c.rawStatus === 'interrupted' || c.rawStatus === 'not run').length;
  if (unfinished) errors.push(`the run was stopped: ${unfinished} check${unfinished === 1 ? '' : 's'} did not run or did not finish`);
  return { report, checks, errors };
}

/** Reads and parses the JSON report at `path`. Never throws. */
export function readPlaywrightReport(path: string): ReadReport {
  if (!existsSync(path)) return { checks: [], errors: [`no JSON report at ${path}: the run did not finish (see the output above)`] };
  if (statSync(path).size === 0) return { checks: [], errors: [`the JSON report at ${path} is empty: the run did not finish`] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { checks: [], errors: [`the JSON report at ${path} is unreadable (cut short?): ${(e as Error).message}`] };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { checks: [], errors: [`the JSON report at ${path} is not a Playwright JSON report`] };
  return checksFromReport(parsed as PwReport);
}

/** Describes how the run was narrowed (--grep, --shard, file arguments), or undefined for a full run. */
export function describeFilter(report: PwReport | undefined): string | undefined {
  const cfg = report?.config;
  if (!cfg) return undefined;
  const parts: string[] = [];
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
