/**
 * Playwright's JSON report as the teeth see it: the checks the conformance
 * report reads (reporting/read-playwright-report.ts `listedChecks`, the one reader),
 * each with the rules its failures are charged to, as the conformance report
 * charges them (reporting/check-record.ts). Nothing here parses an attachment or an
 * annotation again.
 */
import { parseOutcome } from '../results/outcomes.js';
import { type PlaywrightReport, type ResultStatus, readJsonReport, stripAnsi } from '../reporting/playwright-json.js';
import { type ListedCheck, listedChecks } from '../reporting/read-playwright-report.js';
import { chargedIds, unassertedIds } from '../reporting/check-record.js';

export type { PlaywrightReport, ResultStatus };

/** One check of a run (or of a listing, where nothing ran: status is undefined), as the teeth compare it: a view of the protocol's Check (results/check-result.ts). */
export interface TeethCheck {
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
   * evidence names (reporting/check-record.ts chargedIds), plus the rules of its
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

export function checksOf(report: PlaywrightReport): TeethCheck[] {
  return listedChecks(report).map(teethCheck);
}

function teethCheck({ check: c, titlePath, lastStatus }: ListedCheck): TeethCheck {
  const failedRules = chargedIds(c);
  const ledger = c.ledger;
  const skipReason = lastStatus === 'skipped' ? c.skipReason : undefined;
  return {
    key: [c.file, ...titlePath].join(' › '),
    file: c.file,
    titlePath,
    title: titlePath.at(-1) ?? '',
    tags: c.tags,
    ids: c.ids,
    status: lastStatus,
    skipReason,
    error: shortError(c.errors[0]),
    charged: [...new Set([...failedRules, ...c.findings.map((f) => f.requirement)])],
    failedRules,
    unasserted: unassertedIds(c),
    passedRules: Object.keys(ledger?.passed ?? {}).filter((id) => (ledger?.passed[id] ?? 0) > 0 && !(ledger?.failed[id] ?? 0)),
    // A coded skip leaves every title rule unjudged; a per-rule annotation says it of its own rule.
    unjudged: { ...(parseOutcome(skipReason) ? Object.fromEntries(c.ids.map((id) => [id, skipReason as string])) : {}), ...c.notExercised },
  };
}

/** Errors outside any test: config or load errors, a web server that did not start, global setup. */
export function topLevelErrors(report: PlaywrightReport): string[] {
  return (report.errors ?? []).map((e) => shortError(e?.message, 6) ?? '(no message)');
}

/** The report a run left at `path`, or why there is none. Never throws. */
export const readReport = readJsonReport;

export const FAILED_STATUSES: readonly ResultStatus[] = ['failed', 'timedOut'];
export const isFailed = (c: TeethCheck): boolean => c.status !== undefined && FAILED_STATUSES.includes(c.status);
