/**
 * Playwright's JSON report (reporting/playwright-json.ts, the reader the
 * conformance report shares) as the teeth see it: a flat list of checks, each
 * with the rules its failures are charged to, as the conformance report would
 * charge them.
 */
import { parseTitleIds } from '../catalog/ids.js';
import { parseOutcome } from '../protocol/outcomes.js';
import { parseAttachments, parseFindingAnnotations, parseLedger } from '../reporting/evidence.js';
import {
  type PlaywrightReport,
  type ReportAnnotation,
  type ResultStatus,
  readJsonReport,
  reportEntries,
  resultErrors,
  stripAnsi,
} from '../reporting/playwright-json.js';
import { chargedIds } from '../reporting/verdicts.js';

export type { PlaywrightReport, ResultStatus };

/** One check of a run (or of a listing, where nothing ran: status is undefined). */
export interface Check {
  /** `file › describe › title`: stable across runs, used to match a check between runs. */
  key: string;
  file: string;
  /** Describe titles then the test title (no file). */
  titlePath: string[];
  title: string;
  tags: string[];
  /** Requirement IDs its title cites in its leading brackets (catalog/ids.ts). */
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
  /** Rules the check's ledger judged passed (no failed assertion on them). Empty without a ledger. */
  passedRules: string[];
  /**
   * Rules the check showed unjudged, with the text that says why: every title ID of a check skipped with a
   * `not exercised …`/`not applicable …` reason, and each rule of a per-rule `not-exercised` annotation.
   */
  unjudged: Record<string, string>;
}

/** Removes ANSI colours and keeps the first `lines` lines: enough to name a failure in a table. */
export function shortError(message: string | undefined, lines = 4): string | undefined {
  if (!message) return undefined;
  return stripAnsi(message).split('\n').filter((l) => l.trim() !== '').slice(0, lines).join('\n');
}

export function checksOf(report: PlaywrightReport): Check[] {
  return reportEntries(report).map(({ file, describes, spec, last, annotations }) => {
    const titlePath = [...describes, spec.title ?? ''];
    const ids = parseTitleIds(spec.title ?? '').ids;
    const skip = annotations.find((a) => a.type === 'skip' || a.type === 'fixme');
    const evidence = parseAttachments(last?.attachments ?? []);
    const findings = parseFindingAnnotations(annotations, { id: '', title: spec.title ?? '', ids }).map((f) => f.requirement);
    const ledger = parseLedger(last?.attachments ?? []);
    return {
      key: [file, ...titlePath].join(' › '),
      file,
      titlePath,
      title: spec.title ?? '',
      tags: spec.tags ?? [],
      ids,
      status: last?.status,
      skipReason: last?.status === 'skipped' ? skip?.description : undefined,
      error: shortError(resultErrors(last)[0]),
      charged: [...new Set([...chargedIds({ evidence }), ...findings])],
      failedRules: chargedIds({ evidence }),
      unasserted: unassertedIds(ids, last?.status, ledger, annotations),
      passedRules: Object.keys(ledger?.passed ?? {}).filter((id) => (ledger?.passed[id] ?? 0) > 0 && !(ledger?.failed[id] ?? 0)),
      unjudged: unjudgedIds(ids, last?.status === 'skipped' ? skip?.description : undefined, annotations),
    };
  });
}

function unassertedIds(ids: string[], status: ResultStatus | undefined, ledger: ReturnType<typeof parseLedger>, annotations: ReportAnnotation[]): string[] {
  if (status !== 'passed' || !ledger) return [];
  const budgeted = new Set(annotations.filter((a) => a.type === 'not-exercised').map((a) => (a.description ?? '').split(':')[0]));
  const noted = new Set(annotations.filter((a) => a.type === 'finding').map((a) => /"requirement":"([^"]+)"/.exec(a.description ?? '')?.[1]));
  return ids.filter((id) => !ledger.passed[id] && !ledger.failed[id] && !budgeted.has(id) && !noted.has(id));
}

function unjudgedIds(ids: string[], skipReason: string | undefined, annotations: ReportAnnotation[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (parseOutcome(skipReason)) for (const id of ids) out[id] = skipReason as string;
  for (const a of annotations.filter((x) => x.type === 'not-exercised')) {
    const text = a.description ?? '';
    const colon = text.indexOf(':');
    if (colon > 0) out[text.slice(0, colon).trim()] = text.slice(colon + 1).trim();
  }
  return out;
}

/** Errors outside any test: config or load errors, a web server that did not start, global setup. */
export function topLevelErrors(report: PlaywrightReport): string[] {
  return (report.errors ?? []).map((e) => shortError(e?.message, 6) ?? '(no message)');
}

/** The report a run left at `path`, or why there is none. Never throws. */
export const readReport = readJsonReport;

export const FAILED_STATUSES: readonly ResultStatus[] = ['failed', 'timedOut'];
export const isFailed = (c: Check): boolean => c.status !== undefined && FAILED_STATUSES.includes(c.status);
