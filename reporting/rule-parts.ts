/**
 * The parts of a rule and their verdicts (issue "a rule passes only when all of it was judged"). A rule
 * speaks of many things at once: all 30 operations, every page of a list, the access and the refresh
 * token. The catalog names what a PASS must have covered (`parts`, catalog/index.ts); an assertion judging
 * one part names its key (`RULE#part`). Here:
 *
 * - a part is `passed` when an assertion naming it held in a check that ran to its end (its ledger's
 *   `finished`) and said nothing unjudged of it or of its rule;
 * - `failed` when a failure's evidence names it;
 * - else `not-applicable` or `not-exercised` with what a check said of it (a `not-exercised` annotation on the
 *   part key), or what a tied check that stopped said of the rule, or, when every check ran to its end and
 *   none judged it, not exercised [target_state]: the target's answers gave nothing to judge it on (a single
 *   page, a notification never received), or in a narrowed run not applicable [selection];
 * - the rule passes only when every part passed or cannot apply, at least one passed; it is not applicable
 *   when none can apply, and not exercised, naming each part left, otherwise. A failure charged to the
 *   rule stands whatever its parts say (reporting/verdicts.ts judges that first).
 */
import { partKey, partOfKey, ruleOfKey } from '../catalog/ids.js';
import { partsOf, type Requirement } from '../catalog/index.js';
import type { CheckResult } from '../results/check-result.js';
import type { Outcome } from '../results/outcomes.js';
import { outcomeOf } from './check-record.js';
import type { PartResult, RequirementResult } from './report-types.js';

/** The check ran to its end (its ledger's `finished`; a report from before it: as if it did). */
export function finishedCheck(c: Pick<CheckResult, 'ledger'>): boolean {
  return c.ledger?.finished ?? true;
}

/**
 * How many of the check's passes of `rule` count. A check that stopped (a hard failure, a skip) did not finish what
 * it was judging: its assertions' passes prove nothing (a create before the inactivation it was for); the passes of
 * steps complete in themselves (a set-up read, a registered response check on an exchange) stand.
 */
export function passesOf(c: Pick<CheckResult, 'ledger'>, rule: string): number {
  return finishedCheck(c) ? (c.ledger?.passed[rule] ?? 0) : (c.ledger?.steps?.[rule] ?? 0);
}

/** What the tied checks said of one part: an annotation on the part, else on its rule in a check that stopped. */
function saidOf(tied: readonly CheckResult[], rule: string, key: string): Outcome | undefined {
  const said = tied.map((c) => c.notExercised?.[key]).filter((t): t is string => t !== undefined);
  const stopped = tied.filter((c) => !finishedCheck(c) || c.notExercised?.[rule] !== undefined);
  const fromStopped = stopped.map((c) => c.notExercised?.[rule] ?? c.skipReason).filter((t): t is string => t !== undefined);
  const outcomes = (said.length ? said : fromStopped).map(outcomeOf);
  return outcomes.find((o) => o.state === 'not-exercised') ?? outcomes[0];
}

function judgePart(req: Requirement, tied: readonly CheckResult[], id: string, covers: string, narrowed: boolean): PartResult {
  const key = partKey(req.id, id);
  if (tied.some((c) => c.evidence.some((e) => e.parts?.includes(key)))) return { id, covers, verdict: 'failed' };
  const judged = tied.some((c) => finishedCheck(c) && (c.ledger?.parts?.[key] ?? 0) > 0 && c.notExercised?.[key] === undefined && c.notExercised?.[req.id] === undefined);
  if (judged) return { id, covers, verdict: 'passed' };
  const said = saidOf(tied, req.id, key);
  if (said) return { id, covers, verdict: said.state, reasonCode: said.code, reason: said.detail };
  // A narrowed run (--grep, --rule, a shard) may hold no check that judges this part: not selected, not missing.
  if (narrowed) return { id, covers, verdict: 'not-applicable', reasonCode: 'selection', reason: 'no check of this narrowed run judged this part' };
  return { id, covers, verdict: 'not-exercised', reasonCode: 'target_state', reason: 'every check ran to its end and no assertion judged this part: the target’s answers gave nothing to judge it on' };
}

/** Each part of the rule with its verdict, or undefined for a rule of one part. */
export function judgeParts(req: Requirement, tied: readonly CheckResult[], narrowed = false): PartResult[] | undefined {
  return partsOf(req)?.map((p) => judgePart(req, tied, p.id, p.covers, narrowed));
}

const MAX_NAMED = 5;

/** How the parts' verdicts make the rule's, for a rule no failure was charged to. */
export function verdictOfParts(parts: readonly PartResult[]): Pick<RequirementResult, 'verdict' | 'reason' | 'reasonCode'> {
  const open = parts.filter((p) => p.verdict === 'not-exercised' || p.verdict === 'failed');
  const passed = parts.filter((p) => p.verdict === 'passed');
  const name = (list: readonly PartResult[]) =>
    `${list.slice(0, MAX_NAMED).map((p) => `${p.covers}${p.reason ? ` (${p.reason})` : ''}`).join('; ')}${list.length > MAX_NAMED ? `; and ${list.length - MAX_NAMED} more` : ''}`;
  if (open.length === 0 && passed.length > 0) return { verdict: 'passed' };
  if (open.length === 0) {
    const first = parts[0];
    return { verdict: 'not-applicable', reasonCode: first.reasonCode, reason: `no part of the rule can apply: ${name(parts)}` };
  }
  return { verdict: 'not-exercised', reasonCode: open[0].reasonCode, reason: `${passed.length} of ${parts.length} parts judged; not judged: ${name(open)}` };
}

/** The parts one check gave a word on (a pass, a failure, an unjudged note), each `RULE#part: verdict` as the run judged the part. */
export function partsOfCheck(c: CheckResult | undefined, requirements: readonly RequirementResult[]): string[] {
  if (!c) return [];
  const keys = new Set([...Object.keys(c.ledger?.parts ?? {}), ...Object.keys(c.notExercised ?? {}), ...c.evidence.flatMap((e) => e.parts ?? [])]);
  const byId = new Map(requirements.map((r) => [r.id, r]));
  return [...keys].flatMap((key) => {
    const part = partOfKey(key);
    const judged = part === undefined ? undefined : byId.get(ruleOfKey(key))?.parts?.find((p) => p.id === part);
    return judged ? [`${key}: ${judged.verdict}${judged.reasonCode ? ` [${judged.reasonCode}]` : ''}`] : [];
  });
}
