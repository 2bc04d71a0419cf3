/**
 * The reference as a point of the spec's freedoms (catalog/freedoms.json, issue 39 item 2): every freedom the
 * reference can realize is a parameter, so one seed composes a whole conforming server.
 *
 *   REFERENCE_FREEDOMS=seed:1234                     every drawn freedom at a value drawn from that seed
 *   REFERENCE_FREEDOMS=page-size=40,accounts=full    those values, every other freedom at the reference's default
 *   REFERENCE_FREEDOMS=seed:1234,page-size=3         the draw, then those values over it
 *
 * One mechanism: a freedom's value is realized as a switch of the reference (a name of reference/variants.ts) or a
 * setting of it (REFERENCE_PAGE_SIZE, …). A variant is the name of one freedom value: REFERENCE_VARIANTS=page-size-1
 * reads as page-size=1 (variantFreedoms), so the kill matrix's variant runs and the fairness draws are the same
 * servers. referenceEnv folds both into the switches and settings the reference and the embedded run read.
 */
import { drawnFreedoms, FREEDOMS, type FreedomValue } from '../catalog/freedoms.js';

export type FreedomValues = Record<string, string>;

/** How a value is realized: a variant switch, or settings of the reference (given every value, for composed ones). */
type Realization = string | ((all: FreedomValues) => Record<string, string>);

const seconds = (name: string) => (v: string) => ({ [name]: String(Number(v) * 1000) });
const retries = (all: FreedomValues): Record<string, string> => {
  const first = Number(all['webhook-first-retry'] ?? 200);
  const count = Number(all['webhook-retry-count'] ?? 3);
  return { REFERENCE_WEBHOOK_RETRY_MS: Array.from({ length: count }, (_, i) => first * 2 ** i).join(',') };
};

/** Each drawn freedom's values, but its default (which needs nothing): the switch or the settings that realize it. */
const REALIZE: Record<string, Record<string, Realization> | ((value: string, all: FreedomValues) => Record<string, string>)> = {
  'page-size': { 1: 'page-size-1', 10: 'page-size-10', 20: () => ({ REFERENCE_PAGE_SIZE: '20' }), 40: () => ({ REFERENCE_PAGE_SIZE: '40' }) },
  'last-page-shape': { 'next-absent': 'page-next-absent', 'pagination-null': 'pagination-null' },
  'limits-wrapper': { 'bare-array': 'limits-bare-array' },
  'image-maximum': { 20: 'max-images-20', 30: () => ({ REFERENCE_MAX_IMAGES: '30' }), 40: 'max-images-40', 50: () => ({ REFERENCE_MAX_IMAGES: '50' }) },
  'title-length-limits': { limited: 'title-length-limited' },
  'item-op-success': { '204-empty': 'item-ops-204' },
  'record-fields': { 'shown-only': 'records-shown-only' },
  'discrete-values-place': { 'beside-options': 'values-beside-options' },
  'category-shape': { documented: 'category-shape' },
  translations: { partial: 'partial-translations', untranslatable: 'untranslatable-titles', cognate: 'cognate-titles' },
  'mandatory-attributes': { none: 'no-mandatory-attributes' },
  accounts: { empty: 'empty-accounts', seeded: 'seeded-accounts', full: 'full-accounts' },
  'item-limit': { 1000: 'large-limits', 3: () => ({ REFERENCE_ITEM_LIMIT: '3' }), 20: () => ({ REFERENCE_ITEM_LIMIT: '20' }) },
  'limit-lag': { 400: 'limit-enforced-later' },
  'create-beyond-quota-event': { 'item-inactivated': 'create-inactive-emits-event' },
  'error-codes': { generic: 'error-code-generic' },
  'activate-refusal': { 403: 'activate-refused-403', 422: 'activate-refused-422', 400: 'activate-refused-400' },
  'auth-error-bodies': { empty: 'refusal-bodies-empty', text: 'refusal-bodies-text', 'other-json': 'refusal-bodies-problem-json' },
  'access-token-lifetime': (v) => seconds('REFERENCE_ACCESS_TTL_MS')(v),
  'refresh-token-lifetime': (v) => seconds('REFERENCE_REFRESH_TTL_MS')(v),
  'code-lifetime': (v) => seconds('REFERENCE_CODE_TTL_MS')(v),
  'lifetime-order': { 'refresh-before-access': 'lifetimes-other' },
  'token-extra-fields': { extra: 'token-extra-fields' },
  'token-error-status': { 403: 'token-errors-403' },
  'oauth-error-description': { generic: 'generic-oauth-descriptions' },
  'user-agent-policy': { optional: 'user-agent-optional' },
  'authorize-redirect-status': { 303: 'redirect-303', 307: 'redirect-307' },
  'expires-in': { absent: 'token-no-expires-in' },
  latency: (v) => ({ REFERENCE_LATENCY_MS: v }),
  'callback-iss': { present: 'callback-iss' },
  'rate-limit-refusal': { '429-no-retry-after': 'rate-limit-no-retry-after', 403: 'rate-limit-403', 503: 'rate-limit-503' },
  'token-validation-leeway': { 60: 'token-leeway-60' },
  'rate-limit-general': { '36-per-s': 'throttle-36', '36-per-s-text-body': 'throttle-36-text-body' },
  'signature-encoding': { base64: 'signature-base64', base64url: 'signature-base64url' },
  'timestamp-policy': { clock: 'timestamp-from-clock' },
  'webhook-list-wrapper': { 'bare-array': 'webhook-list-bare-array' },
  // 12 s is the variant retry-late's own schedule (12, 30, 60 s): a first retry just past SC_WEBHOOK_WAIT_MS.
  'webhook-first-retry': { 1000: retries, 5000: retries, 12000: 'retry-late', 15000: retries },
  'webhook-retry-count': (_v, all) => retries(all),
  'event-delay': { 1000: 'action-events-late' },
  'transaction-success-status': { 200: 'accept-answers-200' },
  'control-refusal-status': { '404-422': 'control-refusals-404-422' },
  'control-success-status': { 200: 'control-answers-200' },
  'rate-limit-recovery': { '60-s': 'rate-limit-cooldown-60', '60-s-retry-after': 'rate-limit-cooldown-60-retry-after' },
};

const byId = new Map(FREEDOMS.map((f) => [f.id, f]));
const defaultOf = (id: string): string => String(byId.get(id)?.default);

/** The variant names that are freedom values, each with its freedom and value (REFERENCE_VARIANTS as an alias). */
export const VARIANT_ALIASES: ReadonlyMap<string, { freedom: string; value: string }> = new Map(
  Object.entries(REALIZE).flatMap(([freedom, r]) => (typeof r === 'function' ? [] : Object.entries(r).flatMap(([value, how]) => (typeof how === 'string' ? [[how, { freedom, value }] as const] : [])))),
);

/** The freedom values a list of variants names (a variant that is no freedom value names none). */
export function variantFreedoms(variants: readonly string[]): FreedomValues {
  return Object.fromEntries(variants.flatMap((v) => {
    const alias = VARIANT_ALIASES.get(v);
    return alias ? [[alias.freedom, alias.value]] : [];
  }));
}

/** A 32-bit seeded generator (mulberry32): the same seed draws the same server on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One drawn server: every drawn freedom at a value drawn from `seed`, uniformly among the values the reference realizes. */
export function drawFreedoms(seed: number): FreedomValues {
  const random = seededRandom(seed);
  return Object.fromEntries(drawnFreedoms().map((f) => [f.id, String((f.realized as FreedomValue[])[Math.floor(random() * (f.realized as FreedomValue[]).length)])]));
}

/** Reads REFERENCE_FREEDOMS (`seed:N`, `name=value`, comma-separated): the values named or drawn; throws on an unknown name or value. */
export function parseFreedoms(raw: string): FreedomValues {
  const values: FreedomValues = {};
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const seed = /^seed:(\d+)$/.exec(part);
    if (seed) {
      Object.assign(values, drawFreedoms(Number(seed[1])));
      continue;
    }
    const [name, value] = part.split('=').map((s) => s.trim());
    const freedom = byId.get(name);
    if (!freedom || value === undefined) throw new Error(`REFERENCE_FREEDOMS: '${part}' is neither seed:N nor a freedom=value of catalog/freedoms.json`);
    const realized = (freedom.realized ?? [freedom.default]).map(String);
    if (!realized.includes(value)) throw new Error(`REFERENCE_FREEDOMS: the reference cannot realize ${name}=${value} (it realizes ${realized.join(', ')})`);
    values[name] = value;
  }
  return values;
}

/** The values that differ from the reference's defaults, as `name=value,…` in the file's order: a draw's reproduction. */
export function formatFreedoms(values: FreedomValues): string {
  return FREEDOMS.filter((f) => values[f.id] !== undefined && values[f.id] !== defaultOf(f.id))
    .map((f) => `${f.id}=${values[f.id]}`)
    .join(',');
}

/** The switches and settings that realize `values`: the variant names to switch on, the REFERENCE_… settings to set. */
export function realize(values: FreedomValues): { variants: string[]; settings: Record<string, string> } {
  const variants: string[] = [];
  const settings: Record<string, string> = {};
  for (const [id, value] of Object.entries(values)) {
    if (value === defaultOf(id)) continue;
    const how = REALIZE[id];
    if (typeof how === 'function') Object.assign(settings, how(value, values));
    else if (typeof how?.[value] === 'string') variants.push(how[value] as string);
    else if (typeof how?.[value] === 'function') Object.assign(settings, (how[value] as (all: FreedomValues) => Record<string, string>)(values));
    else throw new Error(`REFERENCE_FREEDOMS: no realization of ${id}=${value} (reference/freedoms.ts)`);
  }
  return { variants, settings };
}

/**
 * The reference's settings with REFERENCE_FREEDOMS folded in: its values' switches join REFERENCE_VARIANTS and its
 * settings replace the REFERENCE_… ones. Without REFERENCE_FREEDOMS, `env` itself. Read by the reference
 * (reference/config.ts) and by the embedded run's declarations and pacing (settings/), so both see one server.
 */
export function referenceEnv<E extends Record<string, string | undefined>>(env: E): E {
  const raw = env.REFERENCE_FREEDOMS?.trim();
  if (!raw) return env;
  const values = parseFreedoms(raw);
  const listed = (env.REFERENCE_VARIANTS ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  // A variant is a freedom's value: one naming another value of a freedom REFERENCE_FREEDOMS sets is two servers at once.
  const clash = Object.entries(variantFreedoms(listed)).filter(([id, v]) => values[id] !== undefined && values[id] !== v);
  if (clash.length) throw new Error(`REFERENCE_VARIANTS and REFERENCE_FREEDOMS disagree on ${clash.map(([id, v]) => `${id} (${v} / ${values[id]})`).join(', ')}`);
  const { variants, settings } = realize(values);
  return { ...env, ...settings, REFERENCE_VARIANTS: [...new Set([...listed, ...variants])].join(',') };
}
