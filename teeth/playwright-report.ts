/**
 * Reads Playwright's JSON report (the `json` reporter, also `--list --reporter=json`)
 * into a flat list of checks. Only the fields the teeth need are typed; the rest
 * of the report is ignored so a Playwright upgrade that adds fields changes nothing.
 */
import { readFileSync } from 'node:fs';
import { parseAttachments, parseFindingAnnotations, parseLedger } from '../reporting/evidence.js';
import { parseTitleIds } from '../reporting/title-ids.js';
import { chargedIds } from '../reporting/verdicts.js';
import { idsInTitlePath } from './ids.js';

export type ResultStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

interface JsonAnnotation {
  type: string;
  description?: string;
}
interface JsonResult {
  status: ResultStatus;
  duration?: number;
  error?: { message?: string };
  errors?: { message?: string }[];
  annotations?: JsonAnnotation[];
  attachments?: { name?: string; contentType?: string; body?: string; path?: string }[];
}
interface JsonTest {
  annotations?: JsonAnnotation[];
  results: JsonResult[];
  projectName?: string;
}
interface JsonSpec {
  title: string;
  tags?: string[];
  tests: JsonTest[];
  file: string;
  line?: number;
}
interface JsonSuite {
  title: string;
  file?: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
export interface JsonReport {
  suites?: JsonSuite[];
  errors?: { message?: string }[];
  stats?: { expected?: number; unexpected?: number; skipped?: number; flaky?: number };
}

/** One check of a run (or of a listing, where nothing ran: status is undefined). */
export interface Check {
  /** `file › describe › title`: stable across runs, used to match a check between runs. */
  key: string;
  file: string;
  /** Describe titles then the test title (no file). */
  titlePath: string[];
  title: string;
  tags: string[];
  /** Requirement IDs cited in brackets anywhere along the title path. */
  ids: string[];
  /** The last attempt's status; undefined when the test never ran (listing). */
  status?: ResultStatus;
  /** The skip reason, when the check was skipped with one. */
  skipReason?: string;
  /** First error message, ANSI colours removed, at most a few lines. */
  error?: string;
  /**
   * The rules this check's recorded failures are charged to, exactly those their
   * evidence names (reporting/verdicts.ts chargedIds), plus the rules of its
   * findings: what the conformance report would blame. Any status: a check
   * stopped at a SHOULD finding ends skipped with its failure recorded.
   */
  charged: string[];
  /** Of those, the rules a failed assertion named (not a recordFinding observation). */
  failedRules: string[];
  /**
   * Title IDs of a passed check that no assertion named (its ledger has no word on them, nor a
   * not-exercised annotation): the title claims a rule the check does not prove. Empty without a ledger.
   */
  unasserted: string[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Removes ANSI colours and keeps the first `lines` lines: enough to name a failure in a table. */
export function shortError(message: string | undefined, lines = 4): string | undefined {
  if (!message) return undefined;
  return message.replace(ANSI, '').split('\n').filter((l) => l.trim() !== '').slice(0, lines).join('\n');
}

export function checksOf(report: JsonReport): Check[] {
  const out: Check[] = [];
  const walk = (suite: JsonSuite, describes: string[], file: string): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const titlePath = [...describes, spec.title];
        const last = test.results.at(-1);
        const annotations = [...(test.annotations ?? []), ...(last?.annotations ?? [])];
        const skip = annotations.find((a) => a.type === 'skip' || a.type === 'fixme');
        const ids = idsInTitlePath([spec.file || file, ...titlePath]);
        const evidence = parseAttachments(last?.attachments ?? []);
        const findings = parseFindingAnnotations(annotations, { id: '', title: spec.title, ids }).map((f) => f.requirement);
        out.push({
          key: [spec.file || file, ...titlePath].join(' › '),
          file: spec.file || file,
          titlePath,
          title: spec.title,
          tags: spec.tags ?? [],
          ids,
          status: last?.status,
          skipReason: last?.status === 'skipped' ? skip?.description : undefined,
          error: shortError(last?.error?.message ?? last?.errors?.[0]?.message),
          charged: [...new Set([...chargedIds({ evidence }), ...findings])],
          failedRules: chargedIds({ evidence }),
          // The title's leading IDs, as the report reads them (reporting/title-ids.ts).
          unasserted: unassertedIds(parseTitleIds(spec.title).ids, last?.status, parseLedger(last?.attachments ?? []), annotations),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...describes, child.title], child.file ?? file);
  };
  // Top-level suites are files: their title is the file path, not a describe.
  for (const fileSuite of report.suites ?? []) walk(fileSuite, [], fileSuite.file ?? fileSuite.title);
  return out;
}

function unassertedIds(ids: string[], status: ResultStatus | undefined, ledger: ReturnType<typeof parseLedger>, annotations: JsonAnnotation[]): string[] {
  if (status !== 'passed' || !ledger) return [];
  const budgeted = new Set(annotations.filter((a) => a.type === 'not-exercised').map((a) => (a.description ?? '').split(':')[0]));
  const noted = new Set(annotations.filter((a) => a.type === 'finding').map((a) => /"requirement":"([^"]+)"/.exec(a.description ?? '')?.[1]));
  return ids.filter((id) => !ledger.passed[id] && !ledger.failed[id] && !budgeted.has(id) && !noted.has(id));
}

/** Errors outside any test: config or load errors, a web server that did not start, global setup. */
export function topLevelErrors(report: JsonReport): string[] {
  return (report.errors ?? []).map((e) => shortError(e.message, 6) ?? '(no message)');
}

export function readReport(path: string): JsonReport {
  return JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
}

export const FAILED_STATUSES: readonly ResultStatus[] = ['failed', 'timedOut'];
export const isFailed = (c: Check): boolean => c.status !== undefined && FAILED_STATUSES.includes(c.status);
