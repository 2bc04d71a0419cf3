/**
 * Servers the fairness matrix found unfair, each shrunk to the fewest freedoms that give the false verdict, whose
 * checks are being mended (issue 39 item 5): npm test's rotating draw never composes one of them whole, so a known
 * false verdict does not fail an unrelated change, and it says what it left out. `npm run fairness` draws them as
 * any other server: it reports them until they are mended. Remove an entry with the mend that makes it fair.
 */
import { drawnFreedoms } from '../catalog/freedoms.js';
import { drawFreedoms, type FreedomValues, seededRandom } from '../reference/freedoms.js';
import { drawUndeclared } from '../reference/undeclared.js';
import { type Draw, dependentRules } from './fairness.js';

// Both servers the matrix found (issue 39) are mended: webhook-first-retry=15000 (the embedded run waits a drawn
// late first retry out, settings/retry-wait.ts) and rate-limit-refusal=403 with rate-limit-general=36-per-s-text-body
// (a throttle answering no 429 is paced, settings/pacing-settings.ts). Each is kept as a fixed draw of npm test.
export const KNOWN_UNFAIR: readonly { values: FreedomValues; why: string }[] = [];

/**
 * Values too slow for npm test's time budget: a latency of 250 ms makes a run of every rule of the server (latency
 * meets them all) about 7 minutes at one worker. The rotating draw leaves them at their defaults and names them;
 * `npm run fairness` draws them (its bound widens with the latency, teeth/fairness.ts drawBoundS).
 */
export const TOO_SLOW_FOR_NPM_TEST: FreedomValues = { latency: '250' };

/** True when `values` hold every value of a known unfair server. */
const composesKnown = (values: FreedomValues): boolean => KNOWN_UNFAIR.some((k) => Object.entries(k.values).every(([id, v]) => values[id] === v));

/**
 * npm test's rotating draw: `count` freedoms of seed's draw off their defaults (the first in a seeded order), never
 * composing a known unfair server whole nor taking a value too slow for npm test (a freedom that would is left at its
 * default, and named); the seed's drawn
 * declarations (reference/undeclared.ts); the rules whose checks depend on the freedoms varied, so the run stays bounded.
 */
export function rotatingDraw(seed: number, count: number): Draw & { leftAtDefault: string[] } {
  const all = drawFreedoms(seed);
  const defaults = new Map(drawnFreedoms().map((f) => [f.id, String(f.default)]));
  const random = seededRandom(seed ^ 0x5eed);
  // A seeded order of the freedoms drawn off their defaults: the seed picks which `count` of them this draw varies.
  const order = Object.keys(all)
    .filter((id) => all[id] !== defaults.get(id))
    .map((id) => ({ id, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.id);
  const values: FreedomValues = {};
  const leftAtDefault: string[] = [];
  for (const id of order) {
    if (Object.keys(values).length === count) break;
    if (composesKnown({ ...values, [id]: all[id] }) || TOO_SLOW_FOR_NPM_TEST[id] === all[id]) leftAtDefault.push(`${id}=${all[id]}`);
    else values[id] = all[id];
  }
  return { label: `seed:${seed} (${count} freedoms)`, values, undeclared: drawUndeclared(seed), rules: dependentRules(values), leftAtDefault };
}
