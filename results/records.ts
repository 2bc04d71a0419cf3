/**
 * The result protocol's records: what a check leaves in Playwright's report
 * (attachments and annotations, by the names below) and what every reader
 * (reporting/, teeth/, the JUnit and Allure outputs) reads back. Declared once
 * here (CONTRIBUTING.md "One record, many readers"): the harness writes these shapes,
 * reporting/evidence.ts and reporting/read-playwright-report.ts read them, and no
 * reader re-parses them with its own patterns.
 *
 * Reports are read back long after they were written (baselines, nightly diffs,
 * hand-made reports in the project's tests), so every field a reader sees is
 * optional: old reports lack the newer ones.
 */
import type { Requirement } from '../catalog/index.js';

/** The attachment a failing assertion writes (JSON Evidence), one per failure. */
export const EVIDENCE_ATTACHMENT = 'evidence';
/** The attachment every check ends with (JSON LedgerRecord): its assertions' word per rule. */
export const LEDGER_ATTACHMENT = 'verdicts';
/** The attachment of a failing webhook check (JSON Delivery[]): the notifications it received. */
export const DELIVERIES_ATTACHMENT = 'deliveries';
/** The annotation of a SHOULD-level observation (JSON FindingNote). */
export const FINDING_ANNOTATION = 'finding';
/** The annotation of a rule one check could not judge: `ID: <outcome>` (notExercisedNote). */
export const NOT_EXERCISED_ANNOTATION = 'not-exercised';
/** The annotation of a property's run: `seed=<n>[ path=<p>][; <note>][; replay: <command>]` (fastCheckNote). */
export const FAST_CHECK_ANNOTATION = 'fast-check';

/** MUST: the failure fails the gate; SHOULD: a finding, kept apart. */
export type Severity = 'MUST' | 'SHOULD';

/**
 * The severity of a failure of requirement `id` seen by a check: MUST when the
 * requirement is a stated MUST, unless the check is tagged @should and `id` is
 * one of its title's rules (the check judges that rule at SHOULD level). A
 * set-up step's rule outside the title keeps its own level. An ID the catalog
 * lacks is MUST: a typo must not hide a failure (the report lists it as a problem).
 * The ledger (harness) records it with each failure; the reports use it for old
 * reports whose evidence carries none.
 */
export function failureSeverity(req: Pick<Requirement, 'level' | 'source'> | undefined, id: string, check: { should: boolean; ids: readonly string[] }): Severity {
  if (!req) return 'MUST';
  if (req.level !== 'MUST' || req.source === 'inferred') return 'SHOULD';
  return check.should && check.ids.includes(id) ? 'SHOULD' : 'MUST';
}

/** The request of a piece of evidence, masked. */
export interface EvidenceRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The `evidence` attachment of one failure (the harness's ConformanceFailure). */
export interface Evidence {
  /** The first of `requirements` (reports from before `requirements` carry this alone). */
  requirement?: string;
  requirements?: string[];
  /** The parts of those rules the failed assertion judged (`RULE#part`, catalog `parts`), when it named parts. */
  parts?: string[];
  /** One line: what was checked. */
  title?: string;
  request?: EvidenceRequest;
  /** The answer's status; null: the request got no answer (a timeout, a refused connection); absent: the failure came from no exchange. */
  status?: number | null;
  bodyExcerpt?: string;
  /** Every acceptable outcome, e.g. "any 4xx". */
  expected?: string;
  actual?: string;
  /** "Reproduce with" command, every secret masked. */
  curl?: string;
  /** MUST or SHOULD, as the check's ledger judged it; absent in reports from before the ledger. */
  severity?: Severity;
  /** Recorded by a soft assertion: the check went on after it. */
  soft?: boolean;
  /** What happened on the wire when the exchange did not complete (no answer, a reset after the status line). */
  transport?: string;
  /** The body passed the suite's cap and was cut: it was not judged. */
  cut?: boolean;
  /** Set by the reader, never written: recorded by an attempt before the last (retries), its failure stands (1-based). */
  attempt?: number;
}

/** Evidence as the harness writes it: these fields are always there, and a request is whole. */
export type RecordedEvidence = Omit<Evidence, 'request'> &
  Required<Pick<Evidence, 'requirements' | 'title' | 'bodyExcerpt' | 'expected' | 'actual'>> & { request?: Required<Pick<EvidenceRequest, 'method' | 'url' | 'headers'>> & EvidenceRequest };

/** The `verdicts` attachment: per requirement ID, how many assertions naming it passed and failed. */
export interface LedgerRecord {
  passed: Record<string, number>;
  failed: Record<string, number>;
  /** Per part key (`RULE#part`), how many assertions naming that part passed; absent in reports from before parts. */
  parts?: Record<string, number>;
  /** Per rule, how many of its passes came from steps complete in themselves (set-up steps, registered response checks). */
  steps?: Record<string, number>;
  /**
   * The check ran to its end (every assertion it holds ran; soft failures allowed). A check that stopped (a
   * hard failure, a skip) did not finish the parts it was judging: its passes prove nothing
   * (reporting/verdicts.ts). Absent in reports from before it: read from the check's status.
   */
  finished?: boolean;
}

/** A `finding` annotation's description, as JSON: a SHOULD-level observation of one rule. */
export interface FindingNote {
  /** The catalog ID the finding is about, e.g. GEN-ERR-2. */
  requirement: string;
  message: string;
}

/** A finding as the reports list it: recorded by a check (`finding` annotation) or a failing SHOULD check. */
export interface Finding extends FindingNote {
  checkId: string;
  checkTitle: string;
  /** annotation: recorded by recordFinding; failure: a failing @should or SHOULD-level check. */
  kind: 'annotation' | 'failure';
}

/** The description of a `not-exercised` annotation: the rule, then the coded outcome (results/outcomes.ts). */
export function notExercisedNote(id: string, outcome: string): string {
  return `${id}: ${outcome}`;
}

// The rule, or one part of it (`RULE#part`: a part id never holds a colon).
const NOTE_ID = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?:#[^:\n]+)?):\s*(.*)$/s;

/** The rule (or part key) and outcome of a `not-exercised` annotation's description, or undefined when it names no rule. */
export function readNotExercisedNote(description: string | undefined): { id: string; outcome: string } | undefined {
  const m = NOTE_ID.exec(description ?? '');
  return m ? { id: m[1], outcome: m[2] } : undefined;
}

/** What a property's run says of itself, in its `fast-check` annotation. */
export interface FastCheckNote {
  seed: number | string;
  path?: string;
  /** What the run drew, e.g. "3 fixed examples, 12 drawn". */
  note?: string;
  /** The command that replays it. */
  replay?: string;
}

/** The one form of a `fast-check` annotation's description (a path holds digits and colons, never `;` or a space). */
export function fastCheckNote(n: FastCheckNote): string {
  return `seed=${n.seed}${n.path ? ` path=${n.path}` : ''}${n.note ? `; ${n.note}` : ''}${n.replay ? `; replay: ${n.replay}` : ''}`;
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
  /** Set by the reader: the form of X-Service-Signature (its value is masked like a credential), e.g. "64 hex characters (32 bytes)". */
  signatureForm?: string;
}
