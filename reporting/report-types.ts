/**
 * The shapes the reporting pipeline reads and writes. `ConformanceReport` is
 * the contract of reports/conformance.json: nightly diffs read an earlier one
 * back, so fields are only ever added, never renamed.
 */

import type { EntryKind, RequirementLevel, RequirementNeed, RequirementSource } from '../catalog/index.js';
import type { NotApplicableCause, NotExercisedReason } from '../results/outcomes.js';
import type { BudgetTotals } from '../results/budget-files.js';
import type { CheckStatus } from '../results/check-result.js';
import type { Delivery, Evidence, FastCheckFailure, Finding, Severity } from '../results/records.js';
import type { Footprint } from '../lib/footprint-count.js';

// The catalog's own shapes (Requirement, SkipEntry, Catalog) are declared once, in catalog/index.ts; what a check
// writes and a check as read (Evidence, Finding, LedgerRecord, Check…) in results/records.ts and results/check-result.ts.

/**
 * The state of one rule (docs/REPORTS.md "Verdicts"):
 *  - `failed`: a MUST failure was charged to it (severity MUST);
 *  - `finding`: judged, no MUST failure, and the target deviated from a SHOULD (a SHOULD-level failure or a recorded
 *    finding): kept apart, never a failure, the same word in every output (schemaVersion 4; before, `failed` with severity SHOULD);
 *  - `not-exercised`: the target's answers prevented judging (`reasonCode`: a NotExercisedReason);
 *  - `not-applicable`: the run's configuration cannot reach it (`reasonCode`: a NotApplicableCause), e.g. no control API, a --grep;
 *  - `suite-side`: a rule the suite itself keeps (a client-side rule of the spec) that no check against the target exercised: nothing for the target to do.
 */
export type Verdict = 'passed' | 'failed' | 'finding' | 'not-exercised' | 'not-applicable' | 'not-testable' | 'suite-side' | 'no-check' | 'open' | 'description';

/** Why a rule is not-exercised (a reason) or not-applicable (a cause): results/outcomes.ts. */
export type ReasonCode = NotExercisedReason | NotApplicableCause;

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
  /** A rule's level; absent on an open point or a description of the spec (`kind`). */
  level?: RequirementLevel;
  /** From the catalog: an open point of the spec or a description, not a rule (verdict `open` or `description`). */
  kind?: EntryKind;
  source: RequirementSource;
  statement: string;
  quote: string;
  decision?: string;
  reasoning?: string;
  verdict: Verdict;
  /** For `failed`: MUST. (Reports before schemaVersion 4 wrote a finding as `failed` with severity SHOULD.) */
  severity?: Severity;
  /** not-exercised / not-applicable: why, in words; not-testable: the catalog's why; suite-side: why the target is not judged; no-check: the skip list's reason, if listed. */
  reason?: string;
  /** not-exercised: the reason code; not-applicable: the cause (results/outcomes.ts). */
  reasonCode?: ReasonCode;
  /** From the catalog: what a target must offer (`client-side`: a rule of the suite's own client, apart from the server's counts). */
  needs?: RequirementNeed[];
  /** From the catalog: false when the spec leaves the facts needed to judge it "not shown". */
  testable?: boolean;
  onSkipList?: boolean;
  /** Set when the baseline lists this requirement (a known failure, or accepted as not exercised with its code): the entry's reason. */
  baseline?: string;
  checks: CheckRef[];
  findings: Finding[];
  /** A rule of several parts (catalog `parts`): each part with its verdict (reporting/rule-parts.ts). */
  parts?: PartResult[];
}

/** One part of a rule as the run judged it. */
export interface PartResult {
  id: string;
  covers: string;
  verdict: 'passed' | 'failed' | 'not-exercised' | 'not-applicable';
  reason?: string;
  reasonCode?: ReasonCode;
}

export interface Problem {
  kind: 'unknown-id' | 'no-id' | 'skip-reason' | 'unattributed-failure' | 'broken-check' | 'unasserted' | 'catalog' | 'baseline' | 'previous';
  message: string;
  checkTitle?: string;
}

/** PASSED 0 · FAILED 1 · BROKEN 2 · INCOMPLETE 3 (docs/REPORTS.md "The gate"). */
export type GateState = 'PASSED' | 'FAILED' | 'BROKEN' | 'INCOMPLETE';

export interface GateResult {
  /** True exactly when `state` is PASSED. */
  passed: boolean;
  /** 0 passed; 1 a blocking failure; 2 the run itself is broken (no usable report, run errors); 3 incomplete (reachable MUST rules not judged). */
  exitCode: 0 | 1 | 2 | 3;
  state: GateState;
  strict: boolean;
  reasons: string[];
  /** Failing rules that fail the gate (MUST failures outside the baseline; SHOULD ones too under SC_STRICT=1). */
  blocking: string[];
  /** Rules that keep the run from PASSED without failing it: reachable server MUST rules not exercised (and not accepted by the baseline), rules not applicable for a required capability, stale baseline entries. */
  incomplete: string[];
  /** The capabilities the run had to reach (SC_REQUIRE, or its default) and what is missing. */
  required: { capabilities: string[]; source: string; missing: string[] };
  baseline?: {
    file: string;
    /** Known failures that still fail: not blocking. */
    suppressed: string[];
    /** Known failures that now pass: stale entries (INCOMPLETE until removed). */
    fixed: string[];
    /** Known failures that ended not exercised (judged by the not-exercised rule, not accepted). */
    notExercised: string[];
    /** Rules accepted as not exercised with their code, that ended so: they do not make the run INCOMPLETE. */
    accepted: string[];
    /** Entries the run contradicts (fixed, or not exercised listed but passed, failed or not exercised for another reason): INCOMPLETE. */
    stale: string[];
  };
}

export interface RunDiff {
  previousFile: string;
  previousTime?: string;
  newlyFailing: string[];
  newlyPassing: string[];
  noLongerExercised: string[];
}

/** Counts by reason or cause code. */
export type CodeCounts = Partial<Record<ReasonCode, number>>;

/**
 * The honest headline (issue "A PASS is proof"): the server's testable MUST rules only (stated MUST, not
 * client-side, not marked not testable), judged or not, with why not. `text` is what every report prints.
 */
export interface Headline {
  testable: number;
  judged: number;
  passed: number;
  failed: number;
  notExercised: { total: number; byReason: CodeCounts };
  notApplicable: { total: number; byCause: CodeCounts };
  /** Testable and no check covers it (a gap in the suite), or outside the selection's checks. */
  noCheck: number;
  /** "judged N of M testable: P passed · F failed · X not exercised (by reason) · A not applicable (by cause)". */
  text: string;
  /** Apart: the suite's own client-side rules, and the catalog's stated MUST duties that cannot be judged. */
  clientSide: { total: number; passed: number; failed: number; other: number };
  notTestable: number;
  /** Apart, and no duty at all (catalog `kind`, schemaVersion 3): the points the spec leaves "not shown", and its descriptions. */
  openPoints: number;
  descriptions: number;
}

export interface Summary {
  /** The catalog's rules (entries with a level); its open points and descriptions are `byVerdict.open` and `byVerdict.description` (schemaVersion 3). */
  requirements: number;
  byVerdict: Record<Verdict, number>;
  /**
   * The server's testable MUST rules (schemaVersion 2; before: every stated MUST, client-side and not-testable ones included).
   * `exercised` = judged; `rate` = passed ÷ judged: never the headline, which is `headline`.
   */
  must: { total: number; exercised: number; passed: number; failed: number; rate: number | null; notExercised: number; notApplicable: number; noCheck: number };
  headline: Headline;
  /** The SHOULD findings, each once (a rule may have several): "SHOULD findings"; the rules they touch are `byVerdict.finding`, "rules with SHOULD findings". */
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
  /** The suite's version (package.json). */
  suiteVersion?: string;
  /** SHA-256 (hex) of the spec text the catalog was built from (catalog/spec-source.json). */
  specSha256?: string;
  /** The run selected only some checks (--grep, files, --shard): no-check may mean "outside the selection". */
  filtered?: string;
  /** Errors that stopped or spoiled the run (bad setting, missing or unreadable JSON report). */
  errors: string[];
  /** The run's id (SC_RUN_ID): its budget figures are this run's only. */
  runId?: string;
  /** The effective settings as environment variables, secrets masked (settings/effective.ts): to replay the run. */
  settings?: Record<string, string>;
  /** What the run spent at the target: token requests by grant type, logins, API requests, the peak per account, 429s (transport/spending.ts). */
  budget?: BudgetTotals;
  /** What the run created on the accounts (lib/footprint-count.ts); each check removes what it created. */
  footprint?: Footprint;
}

export const SCHEMA_VERSION = 4;

export interface ConformanceReport {
  /**
   * 2: rule states not-applicable and reason codes, the gate's state and exit 3, the headline. 3: the catalog's open points and
   * descriptions (`kind`, verdicts `open` and `description`, no level), counted apart in the headline (results/conformance-report.schema.json).
   * 4: the verdict `finding` (a rule with SHOULD findings and no MUST failure), once `failed` with severity SHOULD.
   */
  schemaVersion: typeof SCHEMA_VERSION;
  run: RunInfo;
  summary: Summary;
  gate: GateResult;
  diff?: RunDiff;
  requirements: RequirementResult[];
  findings: Finding[];
  problems: Problem[];
}
