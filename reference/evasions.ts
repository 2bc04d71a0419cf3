/**
 * Evasive behaviours (issue "A PASS is proof"): ways a server could try to turn
 * MUST rules into "not exercised" instead of failing them. Unlike a variant, an
 * evasion is no conforming choice, and unlike a defect it breaks no one rule the
 * suite could name: the teeth's evasion matrix runs the whole suite against the
 * reference with each switched on (REFERENCE_EVASIONS=name, optionally together
 * with REFERENCE_DEFECT) and the gate must say FAILED or INCOMPLETE, never PASSED.
 */
export const EVASIONS = {
  // Filled by reference/ where each behaviour lives.
} satisfies Record<string, { description: string }>;

/** The name of a declared evasion: `seam.evasion('typo')` does not compile. */
export type EvasionName = keyof typeof EVASIONS;

/** True when `name` is a declared evasion (REFERENCE_EVASIONS is a string from outside). */
export const isEvasionName = (name: string): name is EvasionName => Object.hasOwn(EVASIONS, name);
