/**
 * What the embedded run declares of its drawn server (issue 39 item 3: "the matrix also draws declarations").
 * The embedded run declares the values of its reference a setting can declare (settings/declared.ts,
 * settings/retry-wait.ts), as a server team would; a remote target may declare none of them. So the fairness
 * matrix draws, for each declarable freedom, declared or undeclared, and hands the run the ones it leaves out:
 *
 *   REFERENCE_UNDECLARED=page-size,token-validation-leeway   those values undeclared (their settings unset)
 *   REFERENCE_UNDECLARED=all                                 every declarable value undeclared
 *   REFERENCE_UNDECLARED=none                                every one declared
 *   unset (or empty)                                         every one declared, as always, but the two values whose
 *                                                            variants have always stood for an undeclared one
 *
 * Undeclared, a value is the embedded run's as a remote target's default run: its setting unset, and the capability
 * it serves not required (results/require.ts). The reference itself is the same server either way.
 */
import { drawnFreedoms } from '../catalog/freedoms.js';
import { referenceEnv, seededRandom } from './freedoms.js';

/**
 * Each declarable freedom and the settings that declare its value to the checks. The rate limit declared is that of
 * the reference's rate-limited account (reference/config.ts), whatever `rate-limit-general` draws for the others.
 */
export const DECLARABLE: Readonly<Record<string, readonly string[]>> = {
  'page-size': ['SC_PAGE_SIZE'],
  'image-maximum': ['SC_MAX_IMAGES'],
  'code-lifetime': ['SC_CODE_LIFETIME_S'],
  'access-token-lifetime': ['SC_ACCESS_TOKEN_LIFETIME_S'],
  'refresh-token-lifetime': ['SC_REFRESH_TOKEN_LIFETIME_S'],
  'token-validation-leeway': ['SC_TOKEN_LEEWAY_S'],
  'rate-limit-general': ['SC_DECLARED_RATE_LIMIT', 'SC_RATE_LIMIT_ACCOUNT'],
  'webhook-first-retry': ['SC_WEBHOOK_RETRY_WAIT_MS'],
};

export const DECLARABLE_IDS = Object.keys(DECLARABLE);

/**
 * Left undeclared with REFERENCE_UNDECLARED unset: the variants max-images-40 and token-leeway-60 (image-maximum=40,
 * token-validation-leeway=60) have always stood for a team that declares neither.
 */
const UNDECLARED_BY_VARIANT: Readonly<Record<string, string>> = { 'max-images-40': 'image-maximum', 'token-leeway-60': 'token-validation-leeway' };

/** The declarable freedoms left undeclared when REFERENCE_UNDECLARED is unset, for a reference with these variants switched on. */
export const defaultUndeclared = (variants: readonly string[]): string[] => DECLARABLE_IDS.filter((id) => variants.some((v) => UNDECLARED_BY_VARIANT[v] === id));

/** Reads REFERENCE_UNDECLARED (`variants`: the reference's switches, REFERENCE_FREEDOMS folded); throws on a name no setting declares. */
export function parseUndeclared(raw: string | undefined, variants: readonly string[]): string[] {
  const text = raw?.trim() ?? '';
  if (text === '') return defaultUndeclared(variants);
  if (text === 'none') return [];
  if (text === 'all') return [...DECLARABLE_IDS];
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = ids.find((id) => !DECLARABLE[id]);
  if (bad !== undefined) throw new Error(`REFERENCE_UNDECLARED: '${bad}' is no declarable freedom (${DECLARABLE_IDS.join(', ')}; or all, or none)`);
  return DECLARABLE_IDS.filter((id) => ids.includes(id));
}

/** The settings a list of undeclared freedoms leaves unset. */
export const undeclaredSettings = (undeclared: readonly string[]): string[] => undeclared.flatMap((id) => DECLARABLE[id] ?? []);

/** A draw's declarations: each declarable freedom undeclared with even odds, from `seed` (a stream apart from drawFreedoms's, so a seed's server is unchanged). */
export function drawUndeclared(seed: number): string[] {
  const random = seededRandom(seed ^ 0xdec1a2e);
  const drawn = new Set(drawnFreedoms().map((f) => f.id));
  return DECLARABLE_IDS.filter((id) => drawn.has(id) && random() < 0.5);
}

/**
 * REFERENCE_UNDECLARED's value for a reproduction: undefined when `undeclared` is what the unset setting gives the
 * server of `variants`, else the list, or `none`.
 */
export function formatUndeclared(undeclared: readonly string[], variants: readonly string[]): string | undefined {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
  if (same(undeclared, defaultUndeclared(variants))) return undefined;
  return undeclared.length ? DECLARABLE_IDS.filter((id) => undeclared.includes(id)).join(',') : 'none';
}

/** The declarable freedoms the embedded run of `env` leaves undeclared: REFERENCE_UNDECLARED, read with REFERENCE_FREEDOMS folded. */
export function embeddedUndeclared(env: Record<string, string | undefined>): string[] {
  const variants = (referenceEnv(env).REFERENCE_VARIANTS ?? '').split(',').map((v) => v.trim());
  return parseUndeclared(env.REFERENCE_UNDECLARED, variants);
}
