/**
 * Controls proven once per run, for refusal checks that break a valid payload
 * (validation.spec.ts). One reason per refusal asks that the payload unbroken
 * is accepted (201); every control is an item on the account, so instead of one
 * control per case, each (account plan, category) has one base draft, drawn once
 * per run, whose control is sent once: every broken payload of every check in
 * that plan and category is that base broken in exactly one named way, with its
 * own external_id tag, image URL and title marker, as any two creates differ
 * (docs/FIXTURES.md, "Footprint").
 *
 * The base is drawn from FC_BASE_SEED, else the run id (SC_RUN_ID): new every
 * run, the same in every worker, printed with a failure so it replays. Only an
 * accepted control is remembered: a refused one is tried again by the next
 * check (a refusal creates nothing), and its checks judge nothing. What a worker
 * has proven is a worker fact: the `proofs` worker fixture (support/fixtures.ts)
 * holds one `Proofs` per worker, never module state.
 */
import fc from 'fast-check';
import { type CategoryFacts, type Draft, draftFor } from '../../shared/items/generators.js';
import { runId } from '../../../settings/run-context.js';
import type { Settings } from '../../../settings/settings.js';

/** What proving a base answered: 201 (accepted), else why not. */
export type Proof = { accepted: true } | { accepted: false; why: string };

export interface Base {
  plan: 'pro' | 'basic';
  category: CategoryFacts;
  draft: Draft;
}

/** FC_BASE_SEED when set, else the run id: the source every base of the run is drawn from. */
export function baseSeedSource(settings: Pick<Settings, 'property'>): string {
  return settings.property.baseSeed || runId() || 'scc-local';
}

/** A 32-bit seed from text (FNV-1a), so a base is the same in every worker and on replay. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) as number), 0x01000193);
  return h | 0;
}

/** The run's base draft for a plan and category: a generated valid draft, never a fixed friendly one. */
export function baseFor(plan: 'pro' | 'basic', category: CategoryFacts, source: string): Base {
  const seed = seedOf(`${source}:${plan}:${category.id}`);
  return { plan, category, draft: fc.sample(draftFor(category, { pro: false }), { numRuns: 1, seed })[0] };
}

const keyOf = (plan: string, category: CategoryFacts) => `${plan}:${category.id}`;

/** The bases one worker has proven (accepted unbroken), by plan and category. */
export class Proofs {
  private readonly accepted = new Map<string, Base>();

  /** `source`: what every base of the run is drawn from (baseSeedSource of the target's settings). */
  constructor(readonly source: string) {}

  /**
   * The base of a plan and category, its control sent once per worker: `prove`
   * sends the base unbroken and answers how it went. Accepted proofs are kept.
   */
  async provenBase(plan: 'pro' | 'basic', category: CategoryFacts, prove: (base: Base) => Promise<Proof>): Promise<{ base: Base; proof: Proof; reused: boolean }> {
    const key = keyOf(plan, category);
    const known = this.accepted.get(key);
    if (known) return { base: known, proof: { accepted: true }, reused: true };
    const base = baseFor(plan, category, this.source);
    const proof = await prove(base);
    if (proof.accepted) this.accepted.set(key, base);
    return { base, proof, reused: false };
  }

  /** Keeps a base the caller's own create of it (201) has just proven, e.g. a check whose rule is that create. */
  remember(base: Base): void {
    this.accepted.set(keyOf(base.plan, base.category), base);
  }
}

/**
 * The leaves ordered by how many of `all` the cases they offer what is needed
 * for, most first (ties keep the order given): every check that prefers them in
 * this order lands on the same few categories, and so on the same bases.
 */
export function mostCasesFirst<C>(leaves: readonly CategoryFacts[], all: readonly C[], applies: (c: C, leaf: CategoryFacts) => boolean): CategoryFacts[] {
  const count = new Map(leaves.map((l) => [l, all.filter((c) => applies(c, l)).length]));
  return [...leaves].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0));
}

/**
 * The fewest categories that together offer what every case needs, preferring
 * the earlier ones of `leaves` (the same preference for every check, so checks
 * share their bases): each case with the category it is sent in.
 */
export function coverCases<C>(cases: readonly C[], leaves: readonly CategoryFacts[], applies: (c: C, leaf: CategoryFacts) => boolean): { rule: C; category: CategoryFacts }[] {
  const left = new Set(cases);
  const out: { rule: C; category: CategoryFacts }[] = [];
  while (left.size > 0) {
    let best: CategoryFacts | undefined;
    let bestCount = 0;
    for (const leaf of leaves) {
      const n = [...left].filter((c) => applies(c, leaf)).length;
      if (n > bestCount) [best, bestCount] = [leaf, n];
    }
    if (!best) break;
    for (const c of [...left]) {
      if (!applies(c, best)) continue;
      out.push({ rule: c, category: best });
      left.delete(c);
    }
  }
  return out;
}
