/**
 * Set-up steps keep their own blame (issue 31, item 5). A set-up step is a read
 * a check needs before it can judge its own rules: a list walked back to see
 * that a refused create left nothing, the category tree, the limits. Its
 * failure proves that the step's own rule is broken (ITEM-PAGE-2 for a list
 * that never ends), not the check's: a server whose list ignores the page token
 * was charged ITEM-VALID-1 … ITEM-VALID-20 as well, 19 MUST rules it keeps.
 *
 * So a failed set-up step
 *  - is charged to the rules its assertion names, as any failure (the
 *    step's own rules, which the step, not its caller, chooses);
 *  - leaves every other rule of the check's title not exercised
 *    [setup_failed], naming the step: those rules cannot be judged past it,
 *    and their passes so far in this check no longer count
 *    (reporting/verdicts.ts `wordOf`), so a rule judged in half (a refusal
 *    seen, the read-back never done) never passes ("A PASS is proof"). A
 *    failure already charged to such a rule stands.
 *
 * The step's own rules are MUST rules of the catalog, so a server cannot trade
 * a check's rule for a broken set-up and pass: the run is FAILED on the step's
 * rule, or (a SHOULD-level step) INCOMPLETE on the rules it left unjudged.
 * Inside a property's case the annotation is written all the same (it never
 * throws there, unlike `recordNotExercised`): the failure goes on to
 * fast-check, which shrinks it, and the check fails on the step's rule.
 */
import type { TestInfo } from '@playwright/test';
import { parseTitleIds, rulesOfKeys } from '../catalog/ids.js';
import { mask } from '../lib/secrets.js';
import { notExercised } from '../results/outcomes.js';
import { NOT_EXERCISED_ANNOTATION, notExercisedNote, readNotExercisedNote } from '../results/records.js';
import { type FailureFacts, fail } from './failure.js';

/** The outcome of a title rule that a failed set-up step left unjudged: the step, the rules it was charged to, what it saw. */
export function setUpOutcome(facts: Pick<FailureFacts, 'title' | 'requirements' | 'actual'>): string {
  const charged = facts.requirements.length > 0 ? facts.requirements.join(', ') : 'no rule';
  return notExercised('setup_failed', mask(`the set-up step "${facts.title}" failed (charged to ${charged}): ${facts.actual}`));
}

/** Marks the check's title rules the step does not name as not exercised [setup_failed]; a rule already marked keeps its first cause. */
export function leaveDependentsUnjudged(testInfo: Pick<TestInfo, 'title' | 'annotations'>, facts: Pick<FailureFacts, 'title' | 'requirements' | 'actual'>): string[] {
  const own = new Set(rulesOfKeys(facts.requirements));
  const marked = new Set(testInfo.annotations.filter((a) => a.type === NOT_EXERCISED_ANNOTATION).map((a) => readNotExercisedNote(a.description)?.id));
  const dependents = parseTitleIds(testInfo.title).ids.filter((id) => !own.has(id) && !marked.has(id));
  const outcome = setUpOutcome(facts);
  for (const id of dependents) testInfo.annotations.push({ type: NOT_EXERCISED_ANNOTATION, description: notExercisedNote(id, outcome) });
  return dependents;
}

/** A set-up step's failure: the check's other title rules are left unjudged, then the failure is charged to the step's rules and stops the check. */
export async function failSetUp(testInfo: TestInfo, facts: FailureFacts): Promise<never> {
  leaveDependentsUnjudged(testInfo, facts);
  return fail(testInfo, facts);
}
