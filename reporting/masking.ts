/**
 * The reports' last masking step. The harness masks evidence as it writes it;
 * the reports pass everything through here again, because a report is the
 * place a leaked secret would travel furthest (CI artifacts, mail, tickets).
 *
 * Layers: lib/secrets.ts `mask` (registered values + structural), the run's own
 * settings registered as secrets (this process never saw the workers' tokens,
 * but it does see SC_CLIENT_SECRET, SC_CONTROL_TOKEN and the passwords), a
 * free-text `Bearer …` rule, and key-aware masking of parsed objects.
 */
import { readFileSync } from 'node:fs';
import { isErrorCode, MASK, mask, maskCredential, registerSecret, SECRET_FIELDS, SECRET_HEADERS } from '../lib/secrets.js';
import { referenceCredentials } from '../reference/config.js';

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

/**
 * Passwords from SC_ACCOUNTS: inline JSON or the path of a JSON file. A value
 * that is neither is a bad setting whose error message may echo it: then the
 * whole value is the secret.
 */
function accountPasswords(raw: string | undefined): string[] {
  if (!raw) return [];
  let text = raw.trim();
  try {
    if (!text.startsWith('[') && !text.startsWith('{')) text = readFileSync(text, 'utf8');
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [raw];
    return list.map((a) => (a && typeof a === 'object' ? (a as { password?: unknown }).password : undefined)).filter((p): p is string => typeof p === 'string');
  } catch {
    return [raw];
  }
}

// The forms registered, kept here too for `maskValues`: a by-value pass that is safe on rendered HTML,
// where the structural rules (which eat a header line to its end) would tear markup apart.
const runSecrets = new Set<string>();

function remember(value: string | undefined): void {
  for (const form of registerSecret(value)) runSecrets.add(form);
}

/**
 * Registers the secrets this process can know of: the target's settings and the
 * embedded reference's credentials (its defaults, or its REFERENCE_ settings).
 * Call once before building a report.
 */
export function registerRunSecrets(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of ['SC_CLIENT_SECRET', 'SC_CONTROL_TOKEN']) remember(env[name]);
  for (const p of accountPasswords(env.SC_ACCOUNTS)) remember(p);
  const reference = referenceCredentials(env);
  remember(reference.clientSecret);
  remember(reference.controlToken);
  for (const a of reference.accounts) remember(a.password);
}

/** Replaces the registered run secrets (by value only) in a finished output. */
export function maskValues(text: string): string {
  let out = text;
  for (const s of [...runSecrets].sort((a, b) => b.length - a.length)) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

/** The target as a report may show it: origin and path, never userinfo, query or fragment. */
export function describeTarget(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SC_BASE_URL;
  if (!raw) return 'embedded reference';
  try {
    const u = new URL(raw);
    return maskText(`${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`);
  } catch {
    return '(SC_BASE_URL is not a URL)';
  }
}
