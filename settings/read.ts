/**
 * The readers of one setting from an environment-like record: each returns the
 * value or throws a SettingsError naming the variable and what it expects. The
 * settings module (settings/settings.ts) gathers their errors with a Collector.
 */
import { SettingsError, show } from './setting-error.js';

export type Env = Record<string, string | undefined>;

/** The trimmed value, or undefined when unset or blank. */
export const present = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

/** A switch that is off by default: `1`, `true`, `yes` turn it on; `0`, `false`, `no` or unset leave it off. */
export function flag(env: Env, name: string): boolean {
  const raw = (present(env, name) ?? '').toLowerCase();
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['', '0', 'false', 'no'].includes(raw)) return false;
  throw new SettingsError(name, "expected '1' (on) or '0' (off)", show(raw));
}

/** On unless set to `0` (the settings that switch a default behaviour off). */
export const notOff = (env: Env, name: string): boolean => present(env, name) !== '0';

export function url(env: Env, name: string, fallback?: string): string {
  const raw = present(env, name) ?? fallback;
  if (raw === undefined) throw new SettingsError(name, 'required when SC_BASE_URL is set (an absolute http(s) URL)');
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new SettingsError(name, 'expected an absolute http(s) URL', show(raw));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SettingsError(name, 'expected an absolute http(s) URL', show(raw));
  }
  if (parsed.search || parsed.hash) throw new SettingsError(name, 'expected a URL without query or fragment', show(raw));
  return raw.replace(/\/+$/, '');
}

/** Kept exactly as given (no trailing-slash trimming): it must match the registered redirect URI byte for byte. */
export function redirectUri(env: Env, fallback: string): string {
  const raw = present(env, 'SC_REDIRECT_URI') ?? fallback;
  try {
    new URL(raw);
  } catch {
    throw new SettingsError('SC_REDIRECT_URI', 'expected an absolute URI (the redirect URI registered for the client)', show(raw));
  }
  return raw;
}

export function int(env: Env, name: string, fallback: number, min: number, what?: string): number {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new SettingsError(name, `expected ${what ?? `an integer >= ${min}`}`, show(raw));
  }
  return value;
}

/** An integer seed (FC_SEED and its kin), or undefined when unset. */
export function seed(env: Env, name: string): number | undefined {
  const raw = present(env, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,10}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new SettingsError(name, 'expected an integer seed (printed by a failing property)', show(raw));
  return Number(raw);
}

export function required(env: Env, name: string): string {
  const raw = present(env, name);
  if (raw === undefined) throw new SettingsError(name, 'required when SC_BASE_URL is set');
  return raw;
}

/** One of the words `allowed`, `fallback` when unset. */
export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = present(env, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new SettingsError(name, `expected ${allowed.map((a) => `'${a}'`).join(' or ')}`, show(raw));
  return raw as T;
}

export function listen(env: Env): { host: string; port: number } {
  const raw = present(env, 'SC_LISTEN') ?? '127.0.0.1:0';
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})$/.exec(raw);
  const port = m ? Number(m[2]) : Number.NaN;
  if (!m || port > 65535) throw new SettingsError('SC_LISTEN', 'expected host:port (port 0 picks a free one), e.g. 127.0.0.1:0', show(raw));
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

/** Collects one SettingsError per mistake; `take` returns the fallback for a bad value so reading goes on. */
export class Collector {
  readonly errors: SettingsError[] = [];
  take<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      this.errors.push(error);
      return fallback;
    }
  }
}
