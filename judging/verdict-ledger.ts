/**
 * The verdict ledger of one check (issue "exact blame"): every assertion names
 * the requirement(s) it proves and is written here as passed or failed, so a
 * failure is charged to exactly the rules its assertion names and a rule
 * passes only where an assertion naming it ran. In the spirit of the OpenID
 * conformance suite's continue-on-failure conditions:
 *
 *  - a hard assertion (`verify`, `expectStatus`, …) that fails stops the check:
 *    what follows depends on it;
 *  - a soft one (`soft.verify`, …) is recorded and the check goes on;
 *  - when the check ends, the `verdicts` attachment carries the ledger to the
 *    report, and a check holding soft MUST failures fails once, naming each.
 *
 * A failure's severity is the level of the rule it names (results/records.ts
 * `failureSeverity`). A SHOULD-level failure never turns the Playwright test red
 * (unless SC_STRICT=1): a soft one is a finding; a hard one ends the check as
 * skipped, `not exercised [stopped_at_failure]: stopped at a SHOULD finding …`,
 * its finding kept.
 */
import { type TestInfo, test } from '@playwright/test';
import { requirementById } from '../catalog/index.js';
import { parseTitleIds, partOfKey, rulesOfKeys } from '../catalog/ids.js';
import { notExercised } from '../results/outcomes.js';
import { failureSeverity, LEDGER_ATTACHMENT, type LedgerRecord, type Severity } from '../results/records.js';

export interface LedgerFailure {
  requirements: string[];
  severity: Severity;
  /** The failure's first line, as the combined error quotes it. */
  line: string;
  /** Its evidence attachment, so that a property's superseded run can be forgotten whole. */
  attachment?: TestInfo['attachments'][number];
}

export class Ledger {
  private readonly passed = new Map<string, number>();
  private readonly passedParts = new Map<string, number>();
  private readonly passedInSteps = new Map<string, number>();
  private readonly failedCount = new Map<string, number>();
  readonly failures: LedgerFailure[] = [];
  private readonly should: boolean;
  private readonly titleIds: string[];

  constructor(
    testInfo: Pick<TestInfo, 'title' | 'tags'>,
    /** SC_STRICT=1: SHOULD failures block too (the same setting the gate reads, settings.report.strict; the `_ledger` fixture hands it in). */
    readonly strict = false,
  ) {
    this.should = (testInfo.tags ?? []).includes('@should');
    this.titleIds = parseTitleIds(testInfo.title).ids;
  }

  /** The severity of a failure naming these IDs: MUST when any of them is a MUST failure here. */
  severityOf(requirements: readonly string[]): Severity {
    const check = { should: this.should, ids: this.titleIds };
    return requirements.some((id) => failureSeverity(requirementById(id), id, check) === 'MUST') ? 'MUST' : 'SHOULD';
  }

  /**
   * Rule IDs or part keys (`RULE#part`): a part key counts for its part and for its rule. `step`: the pass of a step
   * complete in itself (a set-up step, a registered response check), which stands even when the check stops.
   */
  pass(requirements: readonly string[], step = false): void {
    for (const id of rulesOfKeys(requirements)) this.passed.set(id, (this.passed.get(id) ?? 0) + 1);
    if (step) for (const id of rulesOfKeys(requirements)) this.passedInSteps.set(id, (this.passedInSteps.get(id) ?? 0) + 1);
    for (const key of new Set(requirements)) if (partOfKey(key) !== undefined) this.passedParts.set(key, (this.passedParts.get(key) ?? 0) + 1);
  }

  /** Charged to the rules of these keys, whatever part they name. */
  fail(requirements: readonly string[], line: string): LedgerFailure {
    const rules = rulesOfKeys(requirements);
    for (const id of rules) this.failedCount.set(id, (this.failedCount.get(id) ?? 0) + 1);
    const failure = { requirements: rules, severity: this.severityOf(rules), line };
    this.failures.push(failure);
    return failure;
  }

  /** Runs of a property under way: a failure inside one stops that run only (fast-check shrinks), never the check. */
  propertyDepth = 0;

  /**
   * Forgets failures recorded by a property run that a later failing run supersedes
   * (fast-check's shrinking): counts, list and evidence attachments.
   */
  forget(failures: readonly LedgerFailure[], attachments: TestInfo['attachments']): void {
    for (const f of failures) {
      const at = this.failures.indexOf(f);
      if (at >= 0) this.failures.splice(at, 1);
      for (const id of new Set(f.requirements)) {
        const n = (this.failedCount.get(id) ?? 1) - 1;
        if (n > 0) this.failedCount.set(id, n);
        else this.failedCount.delete(id);
      }
      const a = f.attachment ? attachments.indexOf(f.attachment) : -1;
      if (a >= 0) attachments.splice(a, 1);
    }
  }

  /** Failures that must turn the test red: MUST ones, and SHOULD ones too under SC_STRICT=1. */
  blocking(): LedgerFailure[] {
    return this.failures.filter((f) => f.severity === 'MUST' || this.strict);
  }

  /** True when a failure of this severity stops the check as a test failure (not as a SHOULD skip). */
  failsTest(failure: LedgerFailure): boolean {
    return this.propertyDepth > 0 || failure.severity === 'MUST' || this.strict || this.blocking().length > 0;
  }

  /** `finished`: the check ran to its end (closeLedger); a check that stopped did not finish what it was judging. */
  record(finished?: boolean): LedgerRecord {
    const parts = this.passedParts.size ? { parts: Object.fromEntries(this.passedParts) } : {};
    const steps = this.passedInSteps.size ? { steps: Object.fromEntries(this.passedInSteps) } : {};
    return { passed: Object.fromEntries(this.passed), failed: Object.fromEntries(this.failedCount), ...parts, ...steps, ...(finished === undefined ? {} : { finished }) };
  }

  /** One error naming every blocking failure, for a check that ends with soft failures. */
  combinedError(): Error {
    const blocking = this.blocking();
    const ids = [...new Set(blocking.flatMap((f) => f.requirements))];
    const lines = [`${blocking.length} assertion${blocking.length === 1 ? '' : 's'} failed, on ${ids.join(', ')}:`, ...blocking.map((f) => `  ${f.line}`)];
    const error = new Error(lines.join('\n'));
    error.name = 'ConformanceFailures';
    // The evidence of each failure is attached already; no stack from the harness.
    error.stack = `${error.name}: ${error.message}`;
    return error;
  }
}

const ledgers = new WeakMap<TestInfo, Ledger>();

/** The ledger of the running test (created on first use). */
/** Opens the check's ledger with the target's SC_STRICT (the `_ledger` fixture, before the check runs). */
export function openLedger(testInfo: TestInfo, strict: boolean): void {
  ledgers.set(testInfo, new Ledger(testInfo, strict));
}

export function ledgerOf(testInfo: TestInfo): Ledger {
  let ledger = ledgers.get(testInfo);
  if (!ledger) {
    ledger = new Ledger(testInfo);
    ledgers.set(testInfo, ledger);
  }
  return ledger;
}

/**
 * A property whose failing runs leave only the last one's failures in the ledger:
 * fast-check runs a failing case again and again while it shrinks, and the check is
 * charged once, for the counterexample it reports (issue "exact blame").
 */
export function lastFailureOnly<P extends { run(value: never): unknown }>(property: P, testInfo: TestInfo = test.info()): P {
  const ledger = ledgerOf(testInfo);
  let previous: LedgerFailure[] = [];
  const scoped: P = Object.create(property);
  // fast-check's properties may hold private fields: every other method runs on the property itself.
  for (const name of ['isAsync', 'generate', 'shrink', 'runBeforeEach', 'runAfterEach'] as const) {
    const own = (property as unknown as Record<string, unknown>)[name];
    if (typeof own === 'function') (scoped as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => own.apply(property, a);
  }
  scoped.run = ((value: never) => {
    const before = new Set(ledger.failures);
    ledger.propertyDepth++;
    const settle = () => {
      ledger.propertyDepth--;
      const mine = ledger.failures.filter((f) => !before.has(f));
      if (mine.length === 0) return;
      ledger.forget(previous, testInfo.attachments);
      previous = mine;
    };
    const outcome = property.run(value);
    if (outcome instanceof Promise) return outcome.finally(settle);
    settle();
    return outcome;
  }) as P['run'];
  return scoped;
}

/**
 * After a property failed: a check whose failures are all SHOULD-level ends skipped
 * with its finding (as a hard SHOULD failure does); otherwise the error stands.
 */
export function stopAfterProperty(error: Error, testInfo: TestInfo = test.info()): never {
  const ledger = ledgerOf(testInfo);
  const last = ledger.failures.at(-1);
  if (last && ledger.blocking().length === 0) testInfo.skip(true, notExercised('stopped_at_failure', `stopped at a SHOULD finding of ${last.requirements.join(', ')}: ${last.line}`));
  throw error;
}

/** Records that assertions naming these requirements ran and held. */
export function recordPass(testInfo: TestInfo | undefined, requirements: readonly string[], step = false): void {
  if (testInfo && requirements.length) ledgerOf(testInfo).pass(requirements, step);
}

/**
 * Ends a check: attaches the ledger for the report and, when soft MUST failures
 * were recorded in a check that otherwise ran to its end, fails it once naming them.
 */
export async function closeLedger(testInfo: TestInfo): Promise<void> {
  const ledger = ledgers.get(testInfo);
  const ranToItsEnd = testInfo.status === 'passed' && testInfo.errors.length === 0;
  const record = ledger?.record(ranToItsEnd) ?? { passed: {}, failed: {}, finished: ranToItsEnd };
  await testInfo.attach(LEDGER_ATTACHMENT, { body: JSON.stringify(record), contentType: 'application/json' });
  if (!ledger) return;
  if (ranToItsEnd && ledger.blocking().length > 0) throw ledger.combinedError();
}
