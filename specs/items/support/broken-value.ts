/**
 * One generated broken payload: a case of the catalogue, the category and the
 * valid draft it breaks (a proven base, support/proven.ts), and the pick among
 * its choices. Printed rule first, so a shrunk counterexample names the rule
 * the target let through.
 */
import fc from 'fast-check';
import { applyBreak, type BrokenCase, describeCase, type TreeFacts } from './broken.js';
import type { CategoryFacts, Draft } from '../../shared/items/generators.js';
import type { Base } from './proven.js';

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

/** A case and the proven base it breaks (support/proven.ts): one base per plan and category, shared by the cases. */
export interface OnBase {
  rule: BrokenCase;
  base: Base;
}

/** Random broken payloads over the given (case, base) pairs: the base's draft, a drawn pick among the case's choices. */
export function brokenPayloads(pairs: readonly OnBase[]): fc.Arbitrary<BrokenPayload> {
  return fc
    .tuple(fc.constantFrom(...pairs), fc.nat({ max: 1000 }))
    .map(([pair, pick]) => new BrokenPayload(pair.rule, pair.base.category, pair.base.draft, pick));
}

/** One example per case (its first choice), run before the random ones: every case is exercised on every run. */
export function oneOfEachCase(pairs: readonly OnBase[]): [BrokenPayload][] {
  return pairs.map((p) => [new BrokenPayload(p.rule, p.base.category, p.base.draft, 0)]);
}
