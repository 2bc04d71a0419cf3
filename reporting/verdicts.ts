/**
 * The verdict rules: from the catalog and the checks that ran to one verdict
 * per requirement.
 *
 * - A requirement is `passed` only when every check tied to it passed and at
 *   least one ran. Skipped is never passed.
 * - A failing tied check makes it `failed` when the failure is charged to it
 *   (`chargedIds`: the rules the failure's evidence names); a check that failed
 *   on another of its rules leaves it `not-exercised`. The failure is a MUST failure
 *   only when the check is not tagged @should and the requirement is a stated
 *   MUST; otherwise it is a SHOULD finding, kept apart (severity SHOULD).
 * - A `finding` annotation naming the requirement also makes it `failed`
 *   with severity SHOULD (the check itself passed; the target deviated from a
 *   SHOULD): it is not passed, and not a MUST failure either.
 * - Nothing ran: `not-testable` if the catalog says so, `not-exercised` (with
 *   the skip reason) if a tied check was skipped, `suite-side` for a rule of
 *   the client (the suite) that no check cites, else `no-check` (a finding
 *   about the suite itself; the skip list's reason is shown if listed).
 */
import { idPrefix } from './title-ids.js';
import type { Catalog, CatalogRequirement, Check, CheckRef, Finding, Problem, RequirementResult } from './types.js';

const NOT_EXERCISED = /^not exercised:\s*/i;
const SUITE_SIDE = 'a rule the suite itself keeps, not the target: the project’s own tests (npm test) prove it';

function ref(c: Check): CheckRef {
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
    // Evidence tied to another requirement of a multi-ID check stays with that one.
    evidence: c.evidence,
  };
}

/**
 * The IDs of a failing check that its failure is charged to. A check that proves
 * several rules stops at the first broken one, and its evidence names that rule
 * (`judge.verify(…, { requirements })`): the failure is charged to the check's IDs
 * the evidence names. When the evidence names none of them (an exception, a
 * schema check naming a general rule), it is charged to every ID of the check.
 */
export function chargedIds(c: Pick<Check, 'ids' | 'status' | 'evidence'>): string[] {
  if (c.status !== 'failed' || c.evidence.length === 0) return c.ids;
  const named = new Set<string>();
  for (const e of c.evidence) {
    const ids = e.requirements?.length ? e.requirements : e.requirement ? [e.requirement] : [];
    // Evidence that names no rule could belong to any of them.
    if (ids.length === 0) return c.ids;
    for (const id of ids) named.add(id);
  }
  const charged = c.ids.filter((id) => named.has(id));
  return charged.length ? charged : c.ids;
}

/** True when a failure of this check for this requirement is a MUST failure (not a SHOULD finding). */
export function isMustFailure(check: Pick<Check, 'should'>, req: Pick<CatalogRequirement, 'level' | 'source'>): boolean {
  return !check.should && req.level === 'MUST' && req.source !== 'inferred';
}

function evidenceFor(c: Check, id: string): CheckRef['evidence'] {
  const own = c.evidence.filter((e) => {
    const named = e.requirements?.length ? e.requirements : e.requirement ? [e.requirement] : [];
    return named.length === 0 || named.includes(id) || !named.some((n) => c.ids.includes(n));
  });
  return own.length ? own : c.evidence;
}

function judge(req: CatalogRequirement, tied: Check[], findings: Finding[], skipReason: string | undefined): RequirementResult {
  const base: RequirementResult = {
    id: req.id,
    section: req.section,
    group: req.group || idPrefix(req.id),
    level: req.level,
    source: req.source,
    statement: req.statement,
    quote: req.quote,
    decision: req.decision,
    reasoning: req.reasoning,
    verdict: 'no-check',
    checks: tied.map((c) => ({ ...ref(c), evidence: c.status === 'failed' ? evidenceFor(c, req.id) : [] })),
    findings: [],
  };
  const ran = tied.filter((c) => c.status !== 'skipped');
  // A check that failed on another of its rules stopped before it proved this one: not passed, not blamed.
  const stopped = ran.filter((c) => c.status === 'failed' && !chargedIds(c).includes(req.id));
  const failing = ran.filter((c) => c.status === 'failed' && !stopped.includes(c));
  const failureFindings: Finding[] = failing
    .filter((c) => !isMustFailure(c, req))
    .map((c) => ({ requirement: req.id, message: c.errors[0] ?? 'the check failed', checkId: c.id, checkTitle: c.title, kind: 'failure' }));
  base.findings = [...failureFindings, ...findings];

  if (ran.length === 0 && findings.length === 0) {
    if (req.testable === false) return { ...base, verdict: 'not-testable', reason: req.why ?? 'the catalog marks it not testable' };
    // A rule of the client (PKCE derivation, the receiver, the verifier) is the suite's to keep: the target
    // cannot break it, so no check against the target is missing; the project's own tests prove it.
    if (req.needs?.includes('client-side') && tied.length === 0) return { ...base, verdict: 'suite-side', reason: SUITE_SIDE };
    const skipped = tied.filter((c) => c.status === 'skipped');
    if (skipped.length) {
      const reasons = skipped.map((c) => c.skipReason ?? 'skipped without a reason');
      const chosen = reasons.find((r) => NOT_EXERCISED.test(r)) ?? reasons[0];
      return { ...base, verdict: 'not-exercised', reason: chosen.replace(NOT_EXERCISED, '') };
    }
    return { ...base, verdict: 'no-check', reason: skipReason, onSkipList: skipReason !== undefined };
  }
  if (failing.length || findings.length) {
    const must = failing.some((c) => isMustFailure(c, req));
    return { ...base, verdict: 'failed', severity: must ? 'MUST' : 'SHOULD' };
  }
  if (stopped.length) {
    const at = stopped.map((c) => `"${c.title}" stopped at a failure of ${chargedIds(c).join(', ')}`).join('; ');
    return { ...base, verdict: 'not-exercised', reason: `a check proving it failed earlier on another rule before it got here: ${at}` };
  }
  return { ...base, verdict: 'passed' };
}

export interface Judged {
  requirements: RequirementResult[];
  findings: Finding[];
  problems: Problem[];
}

/** One result per catalog requirement, in catalog order, plus the findings and the problems found on the way. */
export function judgeAll(catalog: Catalog, checks: Check[]): Judged {
  const known = new Map(catalog.requirements.map((r) => [r.id, r]));
  const skipList = new Map(catalog.skipList.map((s) => [s.id, s.reason]));
  const byId = new Map<string, Check[]>();
  const findingsById = new Map<string, Finding[]>();
  const problems: Problem[] = catalog.problems.map((message) => ({ kind: 'catalog' as const, message }));
  const add = <T>(map: Map<string, T[]>, id: string, v: T) => map.set(id, [...(map.get(id) ?? []), v]);

  for (const c of checks) {
    if (c.ids.length === 0) problems.push({ kind: 'no-id', message: 'the title names no requirement ID in leading brackets', checkTitle: c.title });
    for (const id of c.ids) {
      if (known.has(id)) add(byId, id, c);
      else problems.push({ kind: 'unknown-id', message: `${id} is not in the catalog`, checkTitle: c.title });
    }
    if (c.status === 'skipped' && !c.skipReason) {
      problems.push({ kind: 'skip-reason', message: 'skipped without a reason (expected "not exercised: needs …")', checkTitle: c.title });
    } else if (c.status === 'skipped' && c.skipReason && !NOT_EXERCISED.test(c.skipReason) && !/^(interrupted|not run):/.test(c.skipReason)) {
      problems.push({ kind: 'skip-reason', message: `skip reason does not begin with "not exercised:": ${c.skipReason}`, checkTitle: c.title });
    }
    if (c.status === 'failed' && !c.ids.some((id) => known.has(id))) {
      problems.push({ kind: 'unattributed-failure', message: 'a failing check names no catalog requirement, so no verdict carries it', checkTitle: c.title });
    }
    for (const f of c.findings) {
      if (!known.has(f.requirement)) {
        problems.push({ kind: 'unknown-id', message: `a finding names ${f.requirement}, which is not in the catalog`, checkTitle: c.title });
        continue;
      }
      add(findingsById, f.requirement, f);
      // The check that recorded the finding exercised the requirement: list it there too.
      if (!c.ids.includes(f.requirement)) add(byId, f.requirement, c);
    }
  }
  for (const id of skipList.keys()) {
    if (!known.has(id)) problems.push({ kind: 'catalog', message: `the skip list names ${id}, which is not in the catalog` });
  }

  const requirements = catalog.requirements.map((r) => judge(r, byId.get(r.id) ?? [], findingsById.get(r.id) ?? [], skipList.get(r.id)));
  const findings = requirements.flatMap((r) => r.findings);
  return { requirements, findings, problems };
}
