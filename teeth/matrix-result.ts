/**
 * What the kill matrix (teeth/matrix.ts) is asked to run, and what it answers: a row
 * per defect, whole-suite run, evasion and real-service defect, and the totals that
 * say whether the suite has its teeth.
 */
import type { DefectInfo } from '../reference/defects/index.js';
import type { EvasionInfo } from '../reference/evasions.js';
import type { ReferenceHost } from './reference-host.js';
import type { EvasionResult } from './evasion-runs.js';
import type { Listing } from './list-checks.js';
import type { RealServiceResult } from './real-service.js';
import type { DefectVerdictResult, SuiteVerdictResult } from './matrix-verdicts.js';

export interface MatrixOptions {
  /** The defects to run, by name, with their declarations. */
  defects: Record<string, DefectInfo>;
  /** Allowed variants to run the whole suite with, one run each. */
  variants: string[];
  /**
   * One whole-suite run with every selected variant switched on at once, instead of
   * one run each: a conforming server may make all these choices together, so any
   * failure is still a false failure; `--variants` alone then tells which variant.
   */
  variantsTogether?: boolean;
  /** Also run the whole suite against the clean reference (and confirm the kills with it). */
  clean: boolean;
  /** Evasions to run the suite against, one run each (reference/evasions.ts). */
  evasions?: Record<string, EvasionPlan>;
  /** Defects to run in the real-service configuration (real-service.ts). */
  realService?: Record<string, DefectInfo>;
  /** Catalog IDs, to flag `breaks` IDs the catalog lacks; undefined when there is no catalog. */
  catalogIds: ReadonlySet<string> | undefined;
  /** Whole-suite runs at a time. */
  jobs: number;
  /** Defects at a time in a batch (its Playwright workers); default 2 × jobs: a defect's checks wait on timers much of the time. */
  workers?: number;
  /** A new worker after every failed check, as Playwright does (default: the worker goes on with the defect's next check). */
  freshWorkers?: boolean;
  /** Limit per check of a defect run (at most the config's own per-check limit), and per defect of a batch. */
  defectTimeoutMs: number;
  suiteTimeoutMs: number;
  /** Passed to every run as FC_SEED, so a property check replays the same inputs. */
  seed?: string;
  /** A fresh folder: one sub-folder per run (its report and log). */
  workDir: string;
  /** Stops the runs still going and leaves the rest unrun (deadline, Ctrl-C). */
  signal?: AbortSignal;
  /** One line per finished run, as it finishes. */
  onProgress?: (line: string) => void;
  /** Listing of the conformance checks; listed once if not given. */
  listing?: Listing;
  /** Playwright config and working directory of the runs (default: the conformance run, project root). */
  config?: string;
  cwd?: string;
  /**
   * Seconds each run took last time, to start the longest first: by the defect's name, `real:<defect>` in the
   * real-service configuration, `suite:<name>` for a whole-suite or evasion run.
   */
  previousSeconds?: Record<string, number>;
  /** Starts the batches' references (default: reference/teeth-host.ts); the teeth's own tests pass a fake. */
  startHost?: (logPath: string) => Promise<ReferenceHost>;
}

/** One defect's line of the matrix: its declaration, its run's verdict (verdicts.ts) and where the run's log is. */
export interface DefectRow extends DefectVerdictResult {
  name: string;
  group: string;
  description: string;
  breaks: string[];
  /** `breaks` IDs the catalog does not have: a matrix failure of their own. */
  unknownIds: string[];
  /** From its first check's start to its last check's end. */
  seconds: number;
  logPath?: string;
  /**
   * It survived in the batch and was run again in a run of its own (a fresh reference process, as every
   * defect ran before the batch): the verdict is that run's; `batchVerdict` is what the batch said.
   */
  rerunAlone?: { batchVerdict: string; seconds: number };
}

export interface SuiteRow extends SuiteVerdictResult {
  /** `clean`, or the variant's name. */
  name: string;
  seconds: number;
  logPath?: string;
}

export interface EvasionRow extends EvasionResult {
  name: string;
  description: string;
  withDefect?: string;
  seconds: number;
  logPath?: string;
}

export interface RealServiceRow extends RealServiceResult {
  name: string;
  group: string;
  breaks: string[];
  seconds: number;
}

export interface MatrixResult {
  defects: DefectRow[];
  suites: SuiteRow[];
  evasions: EvasionRow[];
  realService: RealServiceRow[];
  /** Problems outside any one run: no catalog, specs that do not load. */
  problems: string[];
  /** Checks the listing found, when the run needed one (an evasion's selection). */
  listedChecks?: number;
  jobs: number;
  workers: number;
  seed?: string;
  wallSeconds: number;
  /** Wall time of the defect batch alone (0 when no defect ran). */
  defectsWallSeconds: number;
  killed: number;
  /** Blame precision: charged rules the defects declare ÷ all charged rules. */
  precision: { inside: number; charged: number; ratio: number };
  ok: boolean;
}

/** Name of the one whole-suite run with every variant on (variantsTogether). */
export const ALL_VARIANTS = 'all-variants';

/** An evasion's declaration, with the rules of the defect it hides (to select the checks that judge them). */
export type EvasionPlan = EvasionInfo & { withDefectBreaks?: readonly string[] };
