import type { DefectName } from './defects/index.js';

/**
 * Evasive behaviours (issue "A PASS is proof"): ways a server could try to turn
 * MUST rules into "not exercised" instead of failing them. Unlike a variant, an
 * evasion is no conforming choice, and unlike a defect it breaks no one rule the
 * suite could name: the teeth's evasion matrix runs the whole suite against the
 * reference with each switched on (REFERENCE_EVASIONS=name, together with
 * REFERENCE_DEFECT=withDefect when it names one, and `settings` added to the
 * run's environment) and the gate must say FAILED or INCOMPLETE, never PASSED.
 *
 * Each behaviour is read with `seam.evasion(name)` where it happens in reference/
 * (tests/reference/reference-evasions.spec.ts shows each against the reference).
 */
export interface EvasionInfo {
  /** One line: what the server does, and why a suite might fail to judge it. */
  description: string;
  /** A defect switched on together with the evasion: the MUST failure the evasion tries to hide. */
  withDefect?: DefectName;
  /** Environment overrides of the run (SC_… settings of the suite, REFERENCE_… of the embedded reference). */
  settings?: Record<string, string>;
}

export const EVASIONS = {
  // Refusals in another status (reference/refusal-evasions.ts, read by the API mount and the token endpoint).
  'refuse-401': {
    description:
      'every API call refused with a 4xx other than 401 (with a valid token) is answered 401 instead, body kept, and so is every error of the token endpoint (400 invalid_grant, …): the token stays valid, so the 401 is the answer to the input, not a dead session; together with a defect that refuses what the spec says to accept (a create beyond the quota, ITEM-QUOTA-1), answered 401 too, which a suite taking the session for dead would leave unjudged',
    // Alone it is a server the spec allows since AUTH-TOKEN-8 became a SHOULD (issue 31): every refusal it answers 401 is
    // one whose status the spec leaves open, and the whole suite judged every MUST rule and PASSED (155 of 155).
    withDefect: 'quota-refuses',
  },
  'refuse-401-token-revoked': {
    description:
      'as refuse-401, and the access token of every API call so refused is revoked from then on (a new one from its refresh token works, until its next refusal): the 401 is then true of the token, so a refusal can never be told from a dead session and must stay not exercised, never pass',
  },
  'refuse-429': {
    description:
      'every API call refused with a 4xx other than 401 (with a valid token), and every error of the token endpoint other than 401, is answered 429 with Retry-After: 1, body kept: a throttle that only ever meets refused requests. The run waits a 429 out once (SC_RATE_LIMIT_RETRIES=1): the answer never changes, and the default 4 retries make the run ~6 min instead of ~2',
    settings: { SC_RATE_LIMIT_RETRIES: '1' },
  },
  // One SHOULD refusal answered 401, before a MUST rule the same check judges later on the same item.
  'should-refusal-401': {
    description:
      'a second DELETE of an already deleted image answers 401 (ITEM-IMG-11 is a SHOULD refusal), together with a defect that breaks ITEM-IMG-8 (MUST) later in the same check: an additional image with a negative order is accepted',
    withDefect: 'image-order-negative-accepted',
  },
  'should-refusal-401-states': {
    description:
      'PUT …/activate and …/sold of a sold item answer 401 (ITEM-STATE-6 is a SHOULD refusal), together with a defect that breaks ITEM-DELETE-2 (MUST) later in the same check: a deleted item is still readable',
    withDefect: 'deleted-item-readable',
  },
  // Ids the server itself gave answered as unknown (reference/items/store.ts, webhooks/routes.ts, transactions/).
  'own-ids-404': {
    description:
      "every operation on an id the server gave answers 404 as if unknown (GET, PUT, DELETE /items/{id}, its actions and images, PUT, DELETE /webhooks/{id} and …/token, shipping requests, transactions, deliveries and disputes by id); creates and lists work: a missing resource could pass for a setup that did not give what the check needed",
    // Its webhook checks wait for notifications about items it then calls unknown: a shorter wait, same verdict.
    settings: { SC_WEBHOOK_WAIT_MS: '3000' },
  },
  // A lockout hidden behind a long Retry-After (reference/throttle.ts): the part "served again after the wait" of
  // GEN-RATE-1 cannot be waited out, and its other two parts hold.
  'rate-limit-lockout-long-retry-after': {
    description:
      'once the rate-limited account is refused, it stays refused for good, each refusal with Retry-After: 3600: longer than any check waits, so whether the account is served again can never be seen, while the refusal itself and another account served pass',
  },
  // The bearer check skipped where a probe with made-up ids cannot see it (reference/mounts.ts).
  'unknown-ids-refused-only': {
    description:
      'a write on a resource by id without a valid bearer (none, or one never issued) is served as the first account when that account holds the resource, and answered 401 when it does not (its 404 turned into the bearer refusal); reads, lists and creates without a valid bearer are refused 401: it refuses exactly what a suite probing writes with made-up ids sends, and serves writes on real resources',
  },
  // The control API switched off while the run requires it (reference/mounts.ts).
  'no-control-required': {
    description:
      "the target has no control API: every /control request answers 404 text/plain 'Not Found' (no {code, message}, the token never looked at), while the run requires the control API (SC_REQUIRE=control-api; the embedded run's settings still name /control): its dozen-odd MUST rules must not pass as not applicable",
    settings: { SC_REQUIRE: 'control-api' },
  },
} satisfies Record<string, EvasionInfo>;

/** The name of a declared evasion: `seam.evasion('typo')` does not compile. */
export type EvasionName = keyof typeof EVASIONS;

/** True when `name` is a declared evasion (REFERENCE_EVASIONS is a string from outside). */
export const isEvasionName = (name: string): name is EvasionName => Object.hasOwn(EVASIONS, name);
