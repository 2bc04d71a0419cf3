import { expect, test } from '@playwright/test';
import type { FreedomValues } from '../../reference/freedoms.js';
import { dependentRules, runFairness } from '../../teeth/fairness.js';
import { formatFairness } from '../../teeth/fairness-format.js';
import { rotatingDraw } from '../../teeth/fairness-known.js';

/**
 * npm test's draws of the fairness matrix (docs/TEETH.md "Fairness"): two fixed servers, each off the reference's
 * defaults in values no variant realizes (settings: page size, image maximum, limits, lifetimes, retries), and one
 * rotating seed, printed, varying four freedoms and drawing which values the run declares. Bounded: each runs only the rules whose checks depend on the
 * freedoms it sets (catalog/freedoms.json `depends`), two at a time. `npm run fairness` runs whole-suite draws.
 */

// Each holds a server the matrix once found unfair, mended since (teeth/fairness-known.ts): a first retry later than
// SC_WEBHOOK_WAIT_MS (15 s), and every account throttled with a 403 and a text body.
const FIXED: FreedomValues[] = [
  { 'page-size': '40', 'item-limit': '20', 'image-maximum': '50', 'webhook-first-retry': '15000', 'webhook-retry-count': '5' },
  {
    'access-token-lifetime': '300',
    'code-lifetime': '600',
    'refresh-token-lifetime': '86400',
    'lifetime-order': 'refresh-before-access',
    accounts: 'empty',
    'item-limit': '3',
    'rate-limit-refusal': '403',
    'rate-limit-general': '36-per-s-text-body',
  },
];

test('fixed draws and one rotating seed get the verdicts honest servers deserve', { tag: '@draws' }, async () => {
  test.setTimeout(600_000);
  const seed = Number(process.env.FAIRNESS_SEED ?? Date.now() % 1_000_000);
  const rotating = rotatingDraw(seed, 4);
  console.log(`fairness: rotating seed ${seed} (replay: FAIRNESS_SEED=${seed}); varies ${Object.entries(rotating.values).map(([k, v]) => `${k}=${v}`).join(', ')}; undeclared: ${rotating.undeclared?.join(', ') || 'none'}${rotating.leftAtDefault.length ? `; left at default (known unfair, or too slow for npm test): ${rotating.leftAtDefault.join(', ')}` : ''}`);
  const draws = [...FIXED.map((values, i) => ({ label: `fixed:${i + 1}`, values, rules: dependentRules(values) })), rotating];
  const result = await runFairness({ draws, jobs: 2, suiteTimeoutS: 300, shrink: false, onProgress: (line) => console.log(line) });
  console.log(formatFairness(result));
  expect(result.rows.map((r) => `${r.label}: ${r.judgement.verdict}${r.judgement.detail ? ` ${r.judgement.detail}` : ''}`)).toEqual(draws.map((d) => `${d.label}: FAIR`));
});
