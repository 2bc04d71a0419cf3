/**
 * A check as read from Playwright's JSON report (reporting/read-playwright-report.ts, the one reader): what the
 * verdicts, the reports, the JUnit and Allure outputs and the teeth all start from.
 */
import type { Delivery, Evidence, FastCheckFailure, Finding, LedgerRecord } from './records.js';

/** Outcome of one check (one test in one project), as this pipeline sees it. */
export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  /** Stable within a report: Playwright's spec id plus the project. */
  id: string;
  title: string;
  /** Requirement IDs from the title's leading brackets. */
  ids: string[];
  file: string;
  line: number;
  project: string;
  tags: string[];
  status: CheckStatus;
  /** Playwright's own status of the last attempt (passed, failed, timedOut, skipped, interrupted). */
  rawStatus: string;
  flaky: boolean;
  durationMs: number;
  /** Tagged @should: its failures are SHOULD findings. */
  should: boolean;
  skipReason?: string;
  /** Error messages, ANSI-stripped, masked, cut short. */
  errors: string[];
  evidence: Evidence[];
  findings: Finding[];
  /** The check's ledger; absent in reports written before the ledger (then a passed check proves its title's IDs). */
  ledger?: LedgerRecord;
  /**
   * Rules the check left unjudged while it went on (`not-exercised` annotations, "ID: <text>"): ID → the text, coded
   * (`not exercised [rate_limited]: …`, `not applicable [no_control_api]: …`) or old-style ("time budget: …"). Its passes of them do not count.
   */
  notExercised?: Record<string, string>;
  /** Retries: a failed attempt before the last one, whose named failures are kept (its evidence is in `evidence`). */
  failedAttempts?: number;
  /** A failed property: seed, path, counterexample, replay command. */
  fastCheck?: FastCheckFailure;
  /** The notifications a failing webhook check received (its `deliveries` attachment). */
  deliveries?: Delivery[];
}
