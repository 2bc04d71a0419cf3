/**
 * The one place that masks secrets. Everything that writes a request, a
 * response, a header or a token anywhere (evidence, step titles, errors, logs)
 * passes the text through `mask` first.
 *
 * Two layers:
 * - by value: every secret the process has seen (client secret, passwords,
 *   control token, each token as it is obtained) is registered with
 *   `registerSecret` and replaced wherever it appears, also in its URL-encoded,
 *   form-encoded and base64 forms;
 * - by structure: `Authorization`, `Cookie` and `Set-Cookie` header values, and
 *   the fields access_token, refresh_token, id_token, token, client_secret,
 *   password, code, code_verifier in JSON, form and query text — so a token that
 *   was never registered (a server's surprise field, a token from another
 *   worker) is still hidden.
 *
 * Registration is per process: each worker registers what it obtains.
 */

import { randomBytes } from 'node:crypto';

export const MASK = '***';

/**
 * Prefix of the made-up tokens checks send on purpose (a bogus bearer, an
 * unknown refresh token). They are no secret, and a reproduce command needs
 * them, so `mask` leaves values with this prefix readable.
 */
export const BOGUS_PREFIX = 'bogus-';

/** A made-up token, unique, well-formed (base64url), that no server issued. */
export function bogusToken(): string {
  return `${BOGUS_PREFIX}${randomBytes(24).toString('base64url')}`;
}

const KEEP = new RegExp(`^(?:\\$\\{?[A-Z_][A-Z0-9_]*\\}?|${BOGUS_PREFIX}[A-Za-z0-9_-]*)$`);

/** Field names whose values are secret wherever they appear (JSON, form, query). */
export const SECRET_FIELDS = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'password',
  'code',
  'code_verifier',
] as const;

// Values shorter than this are not masked by value: masking "pro" or "1" would
// garble every report. Structural masking still covers them in secret fields.
const MIN_SECRET_LENGTH = 4;

const registered = new Set<string>();
let sortedCache: string[] | undefined;

/** The forms in which a secret may travel: as is, URL- and form-encoded, and (8 characters or more) base64. */
export function secretForms(value: string): string[] {
  const out = [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
  if (value.length >= 8) {
    const b64 = Buffer.from(value, 'utf8').toString('base64');
    out.push(b64, b64.replace(/=+$/, ''), Buffer.from(value, 'utf8').toString('base64url'));
  }
  return out;
}

/** Remembers a secret so that `mask` hides it, and returns the forms registered. Empty and very short values are ignored. */
export function registerSecret(value: string | undefined | null): string[] {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return [];
  const forms = secretForms(value).filter((v) => v.length >= MIN_SECRET_LENGTH);
  for (const v of forms) {
    if (!registered.has(v)) {
      registered.add(v);
      sortedCache = undefined;
    }
  }
  return forms;
}

// Fields whose string values are registered wherever a response carries them. Not `code` (an API error code is
// evidence, and an authorization code only arrives on a redirect) and not `code_verifier` (the suite makes those).
const REGISTERED_FIELDS = new Set(['access_token', 'refresh_token', 'id_token', 'token', 'client_secret', 'password']);

/**
 * Registers the value of every token-like field in a parsed JSON body, however
 * deep (a webhook's `token` in a list, a token answer): a check that later
 * prints such a value without its field name still prints `***`.
 */
export function registerSecretFields(value: unknown, depth = 0): void {
  if (depth > 8 || typeof value !== 'object' || value === null) return;
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string') {
      if (REGISTERED_FIELDS.has(name.toLowerCase()) && !v.startsWith(BOGUS_PREFIX)) registerSecret(v);
    } else registerSecretFields(v, depth + 1);
  }
}

/** True when the value was registered (for tests of the harness). */
export function isRegisteredSecret(value: string): boolean {
  return registered.has(value);
}

function byValue(text: string): string {
  if (registered.size === 0) return text;
  // Longest first, so a secret that contains another is replaced whole.
  sortedCache ??= [...registered].sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of sortedCache) {
    if (out.includes(secret)) out = out.split(secret).join(MASK);
  }
  return out;
}

const FIELD_ALTERNATION = SECRET_FIELDS.join('|');

// An API error code (`"code": "INVALID_IMAGE"`) is evidence, not a secret; an
// OAuth authorization code never looks like one.
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** True for a value of a `code` field that is an API error code (evidence), not an authorization code. */
export const isErrorCode = (value: string): boolean => ERROR_CODE.test(value);

/** Headers whose values are secret whole (the signature too: it is a MAC under the webhook's token). */
export const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-service-signature']);

/** A credential's value masked, its scheme kept: "Bearer ***" tells more than "***". */
export const maskCredential = (value: string): string => value.replace(/^(\S+\s+)?.*$/s, (_m, scheme?: string) => `${scheme ?? ''}${MASK}`);

// "field": "value" in JSON, also when the JSON sits escaped inside a string (\"field\":\"value\").
const JSON_FIELD = new RegExp(`(\\\\?")(${FIELD_ALTERNATION})(\\\\?"\\s*:\\s*\\\\?")((?:[^"\\\\]|\\\\(?!")|\\\\")*?)(\\\\?")`, 'gi');
// "field": 12345 (a non-string JSON value: still hidden; not `code`, which is a number only as an API error code).
const JSON_SCALAR = new RegExp(`("(?:${SECRET_FIELDS.filter((f) => f !== 'code').join('|')})"\\s*:\\s*)(-?\\d[\\d.eE+-]*)`, 'gi');
// field=value in form bodies and query strings.
const FORM_FIELD = new RegExp(`(^|[?&;\\s'"(])(${FIELD_ALTERNATION})=([^&\\s'"#;)]*)`, 'gi');
// Authorization / Proxy-Authorization / Cookie / Set-Cookie header values, in "Name: value" or JSON "name": "value" form.
const HEADER_LINE = /\b((?:proxy-)?authorization|cookie|set-cookie)(["']?\s*[:=]\s*["']?)((?:bearer|basic|digest|token)\s+)?([^"'\r\n]*)/gi;

function structural(text: string): string {
  return text
    .replace(HEADER_LINE, (_m, name: string, sep: string, scheme: string | undefined, value: string) => {
      // Keep an environment placeholder ($SC_ACCESS_TOKEN) or a made-up bogus token readable: a reproduce command needs them.
      if (KEEP.test(value.trim())) return `${name}${sep}${scheme ?? ''}${value}`;
      return `${name}${sep}${scheme ?? ''}${MASK}`;
    })
    .replace(JSON_FIELD, (m, q1: string, name: string, mid: string, value: string, q2: string) => {
      if (name.toLowerCase() === 'code' && isErrorCode(value)) return m;
      if (value === MASK || KEEP.test(value)) return m;
      return `${q1}${name}${mid}${MASK}${q2}`;
    })
    .replace(JSON_SCALAR, (_m, head: string) => `${head}"${MASK}"`)
    .replace(FORM_FIELD, (m, lead: string, name: string, value: string) => {
      if (value === '' || value === MASK || KEEP.test(value)) return m;
      return `${lead}${name}=${MASK}`;
    });
}

/** The text with every registered secret and every structurally secret value replaced by `***`. */
export function mask(text: string): string {
  if (typeof text !== 'string' || text.length === 0) return text;
  return structural(byValue(text));
}

/** At most `max` characters of the masked text, with a marker when cut. Masks before cutting so a cut never reveals half a secret. */
export function excerpt(text: string, max = 500): string {
  const masked = mask(text);
  return masked.length <= max ? masked : `${masked.slice(0, max)}… (${masked.length - max} more characters)`;
}
