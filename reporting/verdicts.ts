/**
 * The verdict rules: from the catalog and the checks that ran to one verdict
 * per requirement. Exact blame (docs/REPORTS.md "Verdicts"):
 *
 * - Every assertion names the requirement(s) it proves, and the check's ledger
 *   (judging/verdict-ledger.ts, the `verdicts` attachment, results/records.ts) counts, per ID, the
 *   assertions that passed and failed; each failure leaves its evidence.
 * - A failure is charged to exactly the IDs its evidence names, whether or not
 *   they are in the check's title. A requirement is `failed` (severity MUST)
 *   when a MUST failure is charged to it; charged only SHOULD-level failures, it
 *   is `finding`: a SHOULD finding, kept apart, never a failure (schemaVersion 4).
 * - A requirement is `passed` only when at least one assertion naming it ran,
 *   in a check that ran to its end, and none failed; a rule of several parts
 *   only when every part was judged (reporting/rule-parts.ts).
 * - A check that failed with no failure recorded (an exception, a timeout)
 *   broke before it could judge: it is charged to no rule, the rules it did not
 *   reach are `not-exercised` [check_error] (or [timeout]) with the error as the
 *   reason, and the run lists it as a problem.
 * - A `finding` annotation makes it `finding` (a deviation from a SHOULD), a MUST rule only once judged whole.
 * - Nothing judged it: `not-testable` if the catalog says so; else, from its
 *   tied checks' skip reasons and `not-exercised` annotations (results/outcomes.ts,
 *   coded or old-style), `not-exercised` with a reason code (the target's answers
 *   prevented judging; also a check that stopped at a failure or broke) or
 *   `not-applicable` with a cause (every tied check was out of the configuration's
 *   reach); with no tied check, `suite-side` for a rule of the client,
 *   `not-applicable` [selection] in a narrowed run, else `no-check`.
 *
 * Reports from before the ledger are read the old way (`withLedger`, reporting/check-record.ts).
 */
import { idPrefix } from '../catalog/ids.js';
import type { Catalog, Requirement } from '../catalog/index.js';
import { type NotExercisedReason, type Outcome, parseOutcome } from '../results/outcomes.js';
import type { CheckResult } from '../results/check-result.js';
import { type Evidence, type Finding, failureSeverity, type Severity } from '../results/records.js';
import { brokeBeforeJudging, chargedIds, namedIds, outcomeOf, RUN_STOPPED, unassertedIds, withLedger } from './check-record.js';
import type { CheckRef, Problem, RequirementResult, RuleVerdict } from './report-types.js';
import { judgeParts, passesOf, verdictOfParts } from './rule-parts.js';

const SUITE_SIDE = 'a rule the suite itself keeps, not the target: the target cannot break it, nothing to do';

/** The assertions of one check about one requirement. */
interface Word { check: CheckResult; failures: Evidence[]; passes: number }

function wordOf(c: CheckResult, id: string): Word {
  // A rule the check ran too little of (a property's time budget) passes nothing; a check that stopped, only by its steps.
  const passes = c.notExercised?.[id] === undefined ? passesOf(c, id) : 0;
  return { check: c, failures: c.evidence.filter((e) => namedIds(e).includes(id)), passes };
}

function severityOf(e: Evidence, w: Word, req: Requirement): Severity {
  return e.severity ?? failureSeverity(req, req.id, w.check);
}

function ruleVerdictOf(w: Word, req: Requirement): RuleVerdict {
  if (w.failures.length) return w.failures.some((e) => severityOf(e, w, req) === 'MUST') ? 'failed' : 'finding';
  // A finding the check recorded about the rule (recordFinding) is its word too, as the rule's verdict says.
  return w.check.findings.some((f) => f.requirement === req.id) ? 'finding' : w.passes > 0 ? 'passed' : 'not reached';
}

function ref(c: CheckResult, w: Word, req: Requirement): CheckRef {
  return {
    id: c.id,
    title: c.title,
    file: c.file,
    line: c.line,
    status: c.status,
    rawStatus: c.rawStatus,
    durationMs: c.durationMs,
    flaky: c.flaky,
    should: c.should,
    skipReason: c.skipReason,
    errors: c.errors,
    // The evidence of this requirement; a check that broke shows its error alone.
    evidence: w.failures,
    ruleVerdict: c.status === 'skipped' && w.passes === 0 && w.failures.length === 0 ? undefined : ruleVerdictOf(w, req),
  };
}

/** Why one tied check gave no word on a rule: its state and code, and the words shown. */
interface Unjudged {
  outcome: Outcome;
  text: string;
  /** Said by the check itself (a skip reason, an annotation), not inferred here from how it ended. */
  said: boolean;
}

/** Why a tied check gave no word on the requirement. */
function whyNotReached(c: CheckResult, id: string): Unjudged {
  const derived = (code: NotExercisedReason, text: string): Unjudged => ({ outcome: { state: 'not-exercised', code, detail: text }, text, said: false });
  const annotated = c.notExercised?.[id];
  if (annotated !== undefined) {
    const outcome = outcomeOf(annotated);
    return { outcome, text: `"${c.title}": ${outcome.detail}`, said: true };
  }
  if (c.status === 'skipped') {
    if (!c.skipReason) return derived('setup_failed', `"${c.title}" was skipped without a reason`);
    const outcome = outcomeOf(c.skipReason);
    return { outcome, text: outcome.code === 'not_run' ? c.skipReason : outcome.detail, said: true };
  }
  if (brokeBeforeJudging(c)) return derived(c.rawStatus === 'timedOut' ? 'timeout' : 'check_error', `"${c.title}" broke before it judged this rule: ${(c.errors[0] ?? c.rawStatus).split('\n')[0]}`);
  if (c.status === 'failed') return derived('stopped_at_failure', `"${c.title}" stopped at a failure of ${chargedIds(c).join(', ')} before it got here`);
  // A suite defect (the `unasserted` problem), never the target's doing: still not a pass.
  return derived('check_error', `"${c.title}" ran no assertion naming it`);
}

/**
 * The state of a rule no assertion gave a word on, from its tied checks: not exercised when any check that
 * reached it could not judge it (the configuration reaches it), not applicable when every check was out of
 * reach of the configuration. The code is the first one a check said itself, else the first inferred.
 */
function unjudgedState(tied: CheckResult[], id: string): Pick<RequirementResult, 'verdict' | 'reason' | 'reasonCode'> {
  const all = tied.map((c) => whyNotReached(c, id));
  const exercised = all.filter((u) => u.outcome.state === 'not-exercised');
  const pool = exercised.length ? exercised : all;
  const chosen = pool.find((u) => u.said) ?? pool[0];
  const texts = [...new Set([chosen.text, ...all.map((u) => u.text)])];
  return { verdict: chosen.outcome.state, reasonCode: chosen.outcome.code, reason: texts.join('; ') };
}

/** How the run as a whole bears on a rule no check names. */
interface RunScope {
  /** The run selected only some checks (--grep, --rule, files, a shard). */
  narrowed: boolean;
  /** No check ran at all (no report, a run stopped before its first check): nothing is a gap of the suite. */
  nothingRan: boolean;
}

function judge(req: Requirement, tied: CheckResult[], findings: Finding[], skipReason: string | undefined, scope: RunScope): RequirementResult {
  const words = tied.map((c) => wordOf(c, req.id));
  const parts = tied.length ? judgeParts(req, tied, scope.narrowed) : undefined;
  const base: RequirementResult = {
    id: req.id,
    section: req.section,
    group: req.group || idPrefix(req.id),
    level: req.level,
    kind: req.kind,
    source: req.source,
    statement: req.statement,
    quote: req.quote,
    decision: req.decision,
    reasoning: req.reasoning,
    needs: req.needs,
    testable: req.testable === false ? false : undefined,
    verdict: 'no-check',
    checks: words.map((w) => ref(w.check, w, req)),
    findings: [],
    ...(parts && { parts }),
  };
  const failing = words.filter((w) => w.failures.length > 0);
  const failureFindings: Finding[] = failing.flatMap((w) =>
    w.failures
      .filter((e) => severityOf(e, w, req) === 'SHOULD')
      .map((e) => ({ requirement: req.id, message: `${e.title ?? 'the check failed'}: expected ${e.expected ?? '?'}; got ${e.actual ?? '?'}`, checkId: w.check.id, checkTitle: w.check.title, kind: 'failure' as const })),
  );
  base.findings = [...failureFindings, ...findings];

  // An open point or a description asks nothing of a server: no check judges it, whatever cites it.
  if (req.kind) return { ...base, verdict: req.kind, reason: req.kind_reason };
  // One verdict in every output: SHOULD findings alone never make a rule `failed` (JUnit and the gate agree).
  if (failing.some((w) => w.failures.some((e) => severityOf(e, w, req) === 'MUST'))) return { ...base, verdict: 'failed', severity: 'MUST' };
  // A rule of several parts passes only when all of them were judged (reporting/rule-parts.ts); a MUST rule's
  // recorded finding is an observation beside its judgement, never one: a finding once the rule was judged whole.
  const whole = parts ? verdictOfParts(parts) : words.some((w) => w.passes > 0) ? { verdict: 'passed' as const } : undefined;
  if (failing.length || (findings.length && (req.level !== 'MUST' || whole?.verdict === 'passed'))) return { ...base, verdict: 'finding' };
  if (whole) return { ...base, ...whole };

  if (req.testable === false && tied.every((c) => c.status === 'skipped')) return { ...base, verdict: 'not-testable', reason: req.why ?? 'the catalog marks it not testable' };
  if (tied.length === 0) {
    if (req.testable === false) return { ...base, verdict: 'not-testable', reason: req.why ?? 'the catalog marks it not testable' };
    // A rule of the client (PKCE derivation, the receiver, the verifier) is the suite's to keep: the target
    // cannot break it, so no check against the target is missing; the project's own tests prove it.
    if (req.needs?.includes('client-side')) return { ...base, verdict: 'suite-side', reason: SUITE_SIDE };
    // A narrowed run (--grep, --rule, files, a shard) holds only some checks: the others were not selected, not missing.
    if (scope.nothingRan) return { ...base, verdict: 'not-exercised', reasonCode: 'not_run', reason: 'not run: the run ran no check (see the run errors)' };
    if (scope.narrowed) return { ...base, verdict: 'not-applicable', reasonCode: 'selection', reason: 'no check of this narrowed run names it' };
    return { ...base, verdict: 'no-check', reason: skipReason, onSkipList: skipReason !== undefined };
  }
  // Ran or not, no assertion naming it gave a word: not exercised or not applicable, with the code.
  return { ...base, ...unjudgedState(tied, req.id) };
}

export interface Judged {
  requirements: RequirementResult[];
  findings: Finding[];
  problems: Problem[];
}

/** The IDs a check gave a word on: its title's, those its failures name, those its ledger counts. */
function idsOf(c: CheckResult): string[] {
  return [...new Set([...c.ids, ...chargedIds(c), ...Object.keys(c.ledger?.passed ?? {}), ...Object.keys(c.ledger?.failed ?? {})])];
}

/**
 * One result per catalog requirement, in catalog order, plus the findings and the problems found on the way.
 * `narrowed`: the run selected only some checks (describeFilter): a rule no check names is not applicable [selection].
 */
export function judgeAll(catalog: Catalog, checksAsRead: CheckResult[], narrowed = false): Judged {
  const checks = checksAsRead.map(withLedger);
  const known = new Map(catalog.requirements.map((r) => [r.id, r]));
  const skipList = new Map(catalog.skipList.map((s) => [s.id, s.reason]));
  const byId = new Map<string, CheckResult[]>();
  const findingsById = new Map<string, Finding[]>();
  const problems: Problem[] = catalog.problems.map((message) => ({ kind: 'catalog' as const, message }));
  const add = <T>(map: Map<string, T[]>, id: string, v: T) => {
    const list = map.get(id) ?? [];
    if (!list.includes(v)) map.set(id, [...list, v]);
  };

  for (const [i, c] of checks.entries()) {
    if (c.ids.length === 0) problems.push({ kind: 'no-id', message: 'the title names no requirement ID in leading brackets', checkTitle: c.title });
    for (const id of idsOf(c)) {
      if (known.has(id)) add(byId, id, c);
      else problems.push({ kind: 'unknown-id', message: `${id} is not in the catalog`, checkTitle: c.title });
    }
    if (c.status === 'skipped' && !c.skipReason) {
      problems.push({ kind: 'skip-reason', message: 'skipped without a reason (expected "not exercised [reason]: …" or "not applicable [cause]: …")', checkTitle: c.title });
    } else if (c.status === 'skipped' && c.skipReason && parseOutcome(c.skipReason) === undefined && !RUN_STOPPED.test(c.skipReason)) {
      problems.push({ kind: 'skip-reason', message: `skip reason is neither "not exercised [reason]: …" nor "not applicable [cause]: …": ${c.skipReason}`, checkTitle: c.title });
    }
    const charged = chargedIds(c);
    if (c.status === 'failed' && charged.length > 0 && !charged.some((id) => known.has(id))) {
      problems.push({ kind: 'unattributed-failure', message: `a failure names ${charged.join(', ')}, none of it in the catalog, so no verdict carries it`, checkTitle: c.title });
    }
    // A report from before the ledger charged a timed-out check to its title: only a ledger tells a check broke.
    if (checksAsRead[i].ledger && brokeBeforeJudging(c)) {
      problems.push({ kind: 'broken-check', message: `the check broke before it could judge (${c.rawStatus}): ${(c.errors[0] ?? 'no error message').split('\n')[0]}`, checkTitle: c.title });
    }
    if (c.status === 'passed' && c.ledger) {
      const silent = unassertedIds(c).filter((id) => known.has(id));
      if (silent.length) problems.push({ kind: 'unasserted', message: `the title names ${silent.join(', ')}, but no assertion naming ${silent.length === 1 ? 'it' : 'them'} ran`, checkTitle: c.title });
    }
    for (const f of c.findings) {
      if (!known.has(f.requirement)) {
        problems.push({ kind: 'unknown-id', message: `a finding names ${f.requirement}, which is not in the catalog`, checkTitle: c.title });
        continue;
      }
      add(findingsById, f.requirement, f);
      // The check that recorded the finding exercised the requirement: list it there too.
      add(byId, f.requirement, c);
    }
  }
  for (const id of skipList.keys()) {
    if (!known.has(id)) problems.push({ kind: 'catalog', message: `the skip list names ${id}, which is not in the catalog` });
  }

  const scope: RunScope = { narrowed, nothingRan: checks.length === 0 };
  const requirements = catalog.requirements.map((r) => judge(r, byId.get(r.id) ?? [], findingsById.get(r.id) ?? [], skipList.get(r.id), scope));
  const findings = requirements.flatMap((r) => r.findings);
  return { requirements, findings, problems };
}
