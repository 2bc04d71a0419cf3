/**
 * Cases drawn once for a check that judges them all on one event (one item
 * provoked, one hook per case): the fixed examples, then `count` values of the
 * generator from FC_SEED (else a new seed). The seed and the command that draws
 * the same cases again are annotated on the check, and each failure quotes its
 * case and the seed (`replayNote`).
 */
import { test } from '@playwright/test';
import fc from 'fast-check';
import { FAST_CHECK_ANNOTATION, fastCheckNote } from '../../../fixtures/index.js';
import { fcSeed } from '../../items/support/fc-options.js';

export interface Drawn<T> {
  cases: T[];
  seed: number;
  /** "FC_SEED=… npx playwright test specs/webhooks --grep '…'". */
  replay: string;
}

export function drawCases<T>(arbitrary: fc.Arbitrary<T>, examples: readonly T[], count: number, grep: string): Drawn<T> {
  const seed = fcSeed();
  const cases = [...examples, ...fc.sample(arbitrary, { numRuns: count, seed })];
  const replay = `FC_SEED=${seed} npx playwright test specs/webhooks --grep '${grep.replace(/[[\]]/g, '\\$&')}'`;
  test.info().annotations.push({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote({ seed, note: `${examples.length} fixed examples, ${count} drawn`, replay }) });
  return { cases, seed, replay };
}
