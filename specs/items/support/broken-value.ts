/**
 * One generated broken payload: a case of the catalogue, the category and the
 * valid draft it breaks, and the pick among its choices. Printed rule first,
 * so a shrunk counterexample names the rule the target let through.
 */
import fc from 'fast-check';
import { applyBreak, type BrokenCase, describeCase, type TreeFacts } from './broken.js';
import type { CategoryFacts, Draft } from './generators.js';
import { draftFor, sampleDraft } from './generators.js';

export class BrokenPayload {
  constructor(
    readonly rule: BrokenCase,
    readonly category: CategoryFacts,
    readonly draft: Draft,
    readonly pick: number,
  ) {}

  /** The payload to send: the valid one broken in exactly the case's way. */
  payload(valid: Record<string, unknown>, tree: TreeFacts): Record<string, unknown> {
    return applyBreak(valid, this.rule, this.category, tree, this.pick);
  }

  [fc.toStringMethod](): string {
    return `${describeCase(this.rule)} (pick ${this.pick}) on a valid payload in category ${this.category.id}: ${JSON.stringify(this.draft)}`;
  }

  toString(): string {
    return this[fc.toStringMethod]();
  }
}

export interface Applicable {
  rule: BrokenCase;
  category: CategoryFacts;
}

/** Random broken payloads over every (case, category) pair given. */
export function brokenPayloads(pairs: readonly Applicable[]): fc.Arbitrary<BrokenPayload> {
  return fc
    .tuple(fc.constantFrom(...pairs), fc.nat({ max: 1000 }))
    .chain(([pair, pick]) => draftFor(pair.category, { pro: false }).map((draft) => new BrokenPayload(pair.rule, pair.category, draft, pick)));
}

/** One example per case (its first category, a fixed minimal draft, so an unshrunk example still reads short), run before the random ones: every case is exercised on every run. */
export function oneOfEachCase(pairs: readonly Applicable[]): [BrokenPayload][] {
  const seen = new Set<BrokenCase>();
  return pairs
    .filter((p) => !seen.has(p.rule) && seen.add(p.rule))
    .map((p) => [new BrokenPayload(p.rule, p.category, sampleDraft(p.category, { pro: false, minimal: true }), 0)]);
}
