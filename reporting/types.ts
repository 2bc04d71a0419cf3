/**
 * The shapes the reporting pipeline reads and writes. `ConformanceReport` is
 * the contract of reports/conformance.json: nightly diffs read an earlier one
 * back, so fields are only ever added, never renamed.
 */

import type { RequirementLevel, RequirementSource } from '../catalog/index.js';
import type { BudgetTotals } from '../fixtures/budget.js';
import type { Footprint } from '../lib/footprint.js';

// The catalog's own shapes (Requirement, SkipEntry, Catalog) are declared once, in catalog/index.ts.

/** The `evidence` attachment the checked API client writes for a failing exchange. */
export interface Evidence {
  requirement?: string;
  requirements?: string[];
  /** One line: what was checked. */
  title?: string;
  request?: { method?: string; url?: string; headers?: Record<string, string>; body?: unknown };
  /** null: no answer (a timeout, a refused connection); absent: the failure came from no exchange. */
  status?: number | null;
  bodyExcerpt?: string;
  expected?: string;
  actual?: string;
  curl?: string;
  /** MUST or SHOULD, as the check's ledger judged it; absent in reports from before the ledger. */
  severity?: 'MUST' | 'SHOULD';
  /** Recorded by a soft assertion: the check went on after it. */
  soft?: boolean;
  /** What happened on the wire when the exchange did not complete. */
  transport?: string;
  /** The body passed the suite's cap and was cut, not judged. */
  cut?: boolean;
}

/** The `verdicts` attachment of a check (fixtures/ledger.ts): per requirement ID, the assertions naming it that passed and failed. */
export interface Ledger {
  passed: Record<string, number>;
  failed: Record<string, number>;
}

/** A SHOULD-level observation recorded by a check (`finding` annotation) or a failing SHOULD check. */
export interface Finding {
  requirement: string;
  message: string;
  checkId: string;
  checkTitle: string;
  /** annotation: recorded by recordFinding; failure: a failing @should or SHOULD-level check. */
  kind: 'annotation' | 'failure';
}

/** What fast-check reported for a failed property (its error message, the `fast-check` annotations): enough to replay it. */
export interface FastCheckFailure {
  seed?: string;
  /** The path of the failing run (FC_PATH). */
  path?: string;
  /** The shrunk counterexample, as fast-check prints it (masked, cut short). */
  counterexample?: string;
  /** How many times fast-check shrank it. */
  shrunk?: number;
  /** "Property failed after N tests". */
  afterRuns?: number;
  /** The replay path of a commands run (FC_REPLAY_PATH). */
  replayPath?: string;
  /** The command that replays it, as the check printed it. */
  replay?: string;
}

/** One notification the suite's receiver got, as the `deliveries` attachment holds it (masked). */
export interface Delivery {
  /** Epoch ms at which the receiver got it. */
  at?: number;
  method?: string;
  /** The request target: path and query. */
  url?: string;
  headers?: Record<string, string>;
  /** The raw body, as text (cut short). */
  body?: string;
  /** The form of X-Service-Signature (its value is masked like a credential): e.g. "64 hex characters (32 bytes)". */
  signatureForm?: string;
}

/** Outcome of one check (one test in one project), as this pipeline sees it. */
export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface Check {
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
  ledger?: Ledger;
  /** Rules the check ran too little of to judge (a property below its minimum cases): ID → why. Its passes of them do not count. */
  notExercised?: Record<string, string>;
  /** A failed property: seed, path, counterexample, replay command. */
  fastCheck?: FastCheckFailure;
  /** The notifications a failing webhook check received (its `deliveries` attachment). */
  deliveries?: Delivery[];
}

/** `suite-side`: a rule the suite itself keeps (a client-side rule of the spec) that no check against the target exercised; `npm test` proves it. */
export type Verdict = 'passed' | 'failed' | 'not-exercised' | 'not-testable' | 'suite-side' | 'no-check';

/** A check as listed under a requirement. */
export interface CheckRef {
  id: string;
  title: string;
  file: string;
  line: number;
  status: CheckStatus;
  rawStatus: string;
  durationMs: number;
  flaky: boolean;
  should: boolean;
  skipReason?: string;
  errors: string[];
  evidence: Evidence[];
  /** What this check's assertions said of the requirement it is listed under (a check may pass one rule and fail another). */
  ruleVerdict?: RuleVerdict;
  /** From the check (see Check): shown with a failure, so the report needs no other file. */
  fastCheck?: FastCheckFailure;
  deliveries?: Delivery[];
}

/** One check's word on one requirement: its assertions naming it passed, failed (MUST or SHOULD), or none ran. */
export type RuleVerdict = 'passed' | 'failed' | 'finding' | 'not reached';

export interface RequirementResult {
  id: string;
  section: string;
  group: string;
  level: RequirementLevel;
  source: RequirementSource;
  statement: string;
  quote: string;
  decision?: string;
  reasoning?: string;
  verdict: Verdict;
  /** For `failed`: MUST when a MUST-level check failed, else SHOULD (a finding, apart from MUST failures). */
  severity?: 'MUST' | 'SHOULD';
  /** not-exercised: the skip reason; not-testable: the catalog's why; suite-side: why the target is not judged; no-check: the skip list's reason, if listed. */
  reason?: string;
  onSkipList?: boolean;
  /** Set when the baseline lists this requirement as an expected failure. */
  baseline?: string;
  checks: CheckRef[];
  findings: Finding[];
}

export interface Problem {
  kind: 'unknown-id' | 'no-id' | 'skip-reason' | 'unattributed-failure' | 'broken-check' | 'unasserted' | 'catalog' | 'baseline' | 'previous';
  message: string;
  checkTitle?: string;
}

export interface GateResult {
  passed: boolean;
  /** 0 pass; 1 a blocking failure; 2 the run itself is broken (no usable report, run errors). */
  exitCode: 0 | 1 | 2;
  strict: boolean;
  reasons: string[];
  blocking: string[];
  baseline?: { file: string; suppressed: string[]; fixed: string[]; notExercised: string[] };
}

export interface RunDiff {
  previousFile: string;
  previousTime?: string;
  newlyFailing: string[];
  newlyPassing: string[];
  noLongerExercised: string[];
}

export interface Summary {
  requirements: number;
  byVerdict: Record<Verdict, number>;
  must: { total: number; exercised: number; passed: number; failed: number; rate: number | null };
  shouldFindings: number;
  exercised: number;
  exercisedShare: number;
  checks: { total: number; passed: number; failed: number; skipped: number; flaky: number };
}

export interface RunInfo {
  /** Base URL (credentials stripped) or "embedded reference". */
  target: string;
  startTime?: string;
  durationMs?: number;
  generatedAt: string;
  playwrightVersion?: string;
  /** The run selected only some checks (--grep, files, --shard): no-check may mean "outside the selection". */
  filtered?: string;
  /** Errors that stopped or spoiled the run (bad setting, missing or unreadable JSON report). */
  errors: string[];
  /** What the run spent at the target: token requests by grant type, logins, API requests, the peak per account, 429s (fixtures/budget.ts). */
  budget?: BudgetTotals;
  /** What the run created on the accounts (lib/footprint.ts); each check removes what it created. */
  footprint?: Footprint;
}

export interface ConformanceReport {
  schemaVersion: 1;
  run: RunInfo;
  summary: Summary;
  gate: GateResult;
  diff?: RunDiff;
  requirements: RequirementResult[];
  findings: Finding[];
  problems: Problem[];
}
