/**
 * Which rules the gate and the headline count: the server's testable MUST rules.
 * The suite's own client-side rules (PKCE, its receiver, its verifier: the
 * target cannot break them) and the catalog's not-testable entries are shown
 * apart, never in the server's MUST figures (issue "A PASS is proof").
 */
import type { RequirementResult } from './report-types.js';

type Scoped = Pick<RequirementResult, 'level' | 'source' | 'needs' | 'testable' | 'verdict'>;

/** A rule of the suite's own client side (catalog `needs: client-side`). */
export const isClientSide = (r: Pick<RequirementResult, 'needs'>): boolean => (r.needs ?? []).includes('client-side');

/** The catalog marks it not testable (reports before schemaVersion 2 carry only the verdict). */
export const isNotTestable = (r: Pick<RequirementResult, 'testable' | 'verdict'>): boolean => r.testable === false || r.verdict === 'not-testable';

/** A stated MUST (inferred requirements are findings, never MUST failures: verdicts.ts). */
export const isStatedMust = (r: Pick<RequirementResult, 'level' | 'source'>): boolean => r.level === 'MUST' && r.source !== 'inferred';

/** A testable rule of the server: the target can keep or break it. */
export const isServerTestable = (r: Scoped): boolean => !isClientSide(r) && !isNotTestable(r);

/** What the gate's MUST counts and the headline count. */
export const isServerMust = (r: Scoped): boolean => isStatedMust(r) && isServerTestable(r);
