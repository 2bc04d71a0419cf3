/**
 * The reports' last masking step. The harness masks evidence as it writes it;
 * the reports pass everything through here again, because a report is the
 * place a leaked secret would travel furthest (CI artifacts, mail, tickets).
 *
 * Layers: lib/secrets.ts `mask` (registered values + structural), the run's own
 * settings' secrets (`settings.secrets`: this process never saw the workers' tokens,
 * but it does see the client secret, the control token and the passwords, the
 * embedded reference's included), a free-text `Bearer …` rule, and key-aware
 * masking of parsed objects.
 */
import { isErrorCode, MASK, mask, maskCredential, registerSecret, SECRET_FIELDS, SECRET_HEADERS } from '../lib/secrets.js';
import type { Settings } from '../settings/settings.js';

export { MASK };

// "Bearer <token>" anywhere in prose (an assertion message, a step title), not only in header lines.
const BEARER = /\b(bearer\s+)(?!\*\*\*)(?!\$\{?[A-Z_][A-Z0-9_]*\}?)([A-Za-z0-9\-._~+/]{4,}=*)/gi;
const SECRET_KEYS = new Set<string>(SECRET_FIELDS.map((f) => f.toLowerCase()));

/** Masks a text for a report. */
export function maskText(text: string): string {
  if (typeof text !== 'string' || text === '') return text;
  return mask(text).replace(BEARER, (_m, scheme: string) => `${scheme}${MASK}`);
}

/** Masks every string in a parsed value, and whole values under secret keys. */
export function maskDeep<T>(value: T, key?: string): T {
  const k = key?.toLowerCase();
  if (k && (SECRET_HEADERS.has(k) || (SECRET_KEYS.has(k) && !(k === 'code' && typeof value === 'string' && isErrorCode(value))))) {
    if (value !== undefined && value !== null && value !== '') {
      if (typeof value === 'string' && k === 'authorization') return maskCredential(value) as T;
      return MASK as T;
    }
  }
  if (typeof value === 'string') return maskText(value) as T;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value)) out[name] = maskDeep(v, name);
    return out as T;
  }
  return value;
}

// The forms registered, kept here too for `maskValues`: a by-value pass that is safe on rendered HTML,
// where the structural rules (which eat a header line to its end) would tear markup apart.
const runSecrets = new Set<string>();

function remember(value: string | undefined): void {
  for (const form of registerSecret(value)) runSecrets.add(form);
}

/** Registers the secrets of the run's settings (`settings.secrets`). Call once before building a report. */
export function registerRunSecrets(secrets: readonly string[]): void {
  for (const secret of secrets) remember(secret);
}

/** Replaces the registered run secrets (by value only) in a finished output. */
export function maskValues(text: string): string {
  let out = text;
  for (const s of [...runSecrets].sort((a, b) => b.length - a.length)) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

/** The target as a report may show it: origin and path, never userinfo, query or fragment. */
export function describeTarget(settings: Pick<Settings, 'embedded' | 'baseUrl'>): string {
  const raw = settings.baseUrl;
  if (settings.embedded) return 'embedded reference';
  try {
    const u = new URL(raw);
    return maskText(`${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`);
  } catch {
    return '(SC_BASE_URL is not a URL)';
  }
}
