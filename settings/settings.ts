/**
 * The settings module: every setting of the suite (docs/TARGET.md's, and the
 * suite's own optional ones, docs/SETTINGS.md), read from the environment once per
 * process, validated, and handed on as ONE typed object. With settings/run-context.ts
 * (the run's own hand-offs) it is the only module that reads `process.env`
 * (tests/lifecycle/settings-env.spec.ts enforces it).
 *
 * Global setup calls `loadSettings()` first, so a missing or malformed setting stops
 * the run before any test with ONE line per mistake naming the variable and what it
 * expects. Workers take `currentSettings()` (the `settings` fixture); the config and
 * the report builders take `readCurrentSettings()`, which never throws (a bad value
 * falls back to its default and is listed in `problems`).
 *
 * With SC_BASE_URL unset the suite targets the embedded reference server and every
 * target setting comes from reference/config.ts, the reference's own settings.
 */
import { registerSecret } from '../lib/secrets.js';
import { REFERENCE_CLIENT_ID, REFERENCE_DEFAULT_PORT, REFERENCE_REDIRECT_URI, referenceAddresses, referenceCredentials } from '../reference/config.js';
import { type Account, type Plan, parseAccounts } from './accounts.js';
import { DECLARED_REMOTE_ONLY, type Declared, readDeclared } from './declared.js';
import { DEFAULT_RECOVERY_S, type PacingSettings, pacingSettings } from './pacing-settings.js';
import { Collector, type Env, int, listen, oneOf, present, redirectUri, required, url } from './read.js';
import { RESPONSE_CHECK_NAMES } from './response-check-names.js';
import { readRetryWaitMs } from './retry-wait.js';
import { preflightAbsent } from './run-context.js';
import { type BenchSettings, type PropertySettings, type ReportSettings, type RunSettings, readBenchSettings, readPropertySettings, readReportSettings, readRunSettings } from './run-settings.js';
import { SettingsError, show } from './setting-error.js';

export { type Account, PLANS, type Plan, parseAccounts } from './accounts.js';
export type { Declared } from './declared.js';
export { type BenchSettings, DEFAULT_RUN_DEADLINE_S, DEFAULT_WORKERS, type PropertySettings, type ReportSettings, type RunSettings } from './run-settings.js';
export { SettingsError } from './setting-error.js';

export interface Settings {
  /** True when the suite targets the embedded reference (SC_BASE_URL unset). */
  embedded: boolean;
  /** REFERENCE_PORT as given: the embedded reference's port (playwright.config.ts lets the system pick one when unset). */
  referencePort?: number;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Account[];
  loginFields: { user: string; password: string };
  login: 'form' | 'browser';
  directTokenCommand?: string;
  controlUrl?: string;
  controlToken?: string;
  /** SC_PUBLIC_URL as given; global setup derives the effective one (see receiver.ts). */
  publicUrl?: string;
  listen: { host: string; port: number };
  maxItems: number;
  webhookWaitMs: number;
  /** SC_WEBHOOK_RETRY_WAIT_MS: how long a retry after a non-2xx answer is waited for (settings/retry-wait.ts). */
  webhookRetryWaitMs: number;
  /** SC_WEBHOOK_QUIET_MS: how long "no more deliveries" is watched (default 1000, never more than webhookWaitMs). */
  webhookQuietMs: number;
  /** What the target declares of its lifetimes and its image maximum (settings/declared.ts). */
  declared: Declared;
  /** SC_REVOCATION_WAIT_MS: how long a revoked access token may keep working (default 10000). */
  revocationWaitMs: number;
  /** SC_REQUEST_TIMEOUT_MS: deadline of one HTTP exchange (default 15000). */
  requestTimeoutMs: number;
  /** SC_DISABLE_CHECKS: names of registered checks switched off. */
  disabledChecks: string[];
  /** SC_CHROMIUM_PATH: the Chromium binary for SC_LOGIN=browser (default /usr/bin/chromium). */
  chromiumPath: string;
  /** SC_DIRECT_TOKEN_TIMEOUT_MS: deadline of SC_DIRECT_TOKEN_COMMAND (default 30000). */
  directTokenTimeoutMs: number;
  /**
   * SC_CLIENT_AUTH: how the suite authenticates the client at {auth_url}/token:
   * `form` (default: client_id and client_secret form fields, as the spec lists)
   * or `basic` (HTTP Basic, for a provider that accepts only that).
   */
  clientAuth: 'form' | 'basic';
  /** SC_RATE_LIMIT, SC_RATE_LIMIT_RETRIES, SC_RATE_LIMIT_RECOVERY_S (settings/pacing-settings.ts). */
  pacing: PacingSettings;
  property: PropertySettings;
  run: RunSettings;
  report: ReportSettings;
  bench: BenchSettings;
  /** Every secret value the settings hold (masked wherever they could show). */
  secrets: readonly string[];
}

export interface Capabilities {
  hasControlApi: boolean;
  /** SC_DIRECT_TOKEN_COMMAND or the control API's POST /direct-sessions. */
  hasDirectSessions: boolean;
  hasProAndBasic: boolean;
}

/** The target settings the embedded reference gives itself: set only together with SC_BASE_URL. */
const REMOTE_ONLY = ['SC_AUTH_URL', 'SC_CLIENT_ID', 'SC_CLIENT_SECRET', 'SC_ACCOUNTS', 'SC_CONTROL_URL', ...DECLARED_REMOTE_ONLY];

/**
 * Reads every setting, never throwing: a bad value falls back to its default and
 * its one line is in `problems`. `absent`: capabilities the preflight found
 * missing (the run context's hand-off); their settings read as unset.
 */
export function readSettings(env: Env, absent: readonly string[] = []): { settings: Settings; problems: SettingsError[] } {
  const c = new Collector();
  const run = readRunSettings(env, c);
  const report = readReportSettings(env, c);
  const property = readPropertySettings(env, c);
  const pacing = c.take(() => pacingSettings(env), { rateLimit: undefined, tokenBudget: undefined, retries: 4, recoveryS: DEFAULT_RECOVERY_S });

  const embedded = present(env, 'SC_BASE_URL') === undefined;
  if (embedded) {
    for (const name of REMOTE_ONLY) {
      if (present(env, name) !== undefined) c.errors.push(new SettingsError(name, 'set only together with SC_BASE_URL (unset every target setting to test the embedded reference)'));
    }
  }
  const port = c.take(() => int(env, 'REFERENCE_PORT', REFERENCE_DEFAULT_PORT, 1), REFERENCE_DEFAULT_PORT);
  const at = referenceAddresses(port);

  const fields = c.take(() => {
    const raw = present(env, 'SC_LOGIN_FIELDS') ?? 'username,password';
    const list = raw.split(',').map((s) => s.trim());
    if (list.length !== 2 || list.some((f) => f === '')) throw new SettingsError('SC_LOGIN_FIELDS', 'expected two comma-separated field names: user,password', show(raw));
    return list;
  }, ['username', 'password']);

  const controlUrl = embedded ? at.controlUrl : present(env, 'SC_CONTROL_URL') && c.take(() => url(env, 'SC_CONTROL_URL'), undefined);
  // The embedded reference reads the same REFERENCE_ settings (reference/config.ts).
  const reference = embedded ? referenceCredentials(env) : undefined;
  const controlToken = reference ? reference.controlToken : present(env, 'SC_CONTROL_TOKEN');
  if (present(env, 'SC_CONTROL_URL') && !controlToken) c.errors.push(new SettingsError('SC_CONTROL_TOKEN', 'required when SC_CONTROL_URL is set'));
  // No control API where SC_CONTROL_URL points (the preflight found none, transport/control-probe.ts): as if unset.
  const control = controlUrl && !absent.includes('control-api');

  const disabledChecks = (present(env, 'SC_DISABLE_CHECKS') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of disabledChecks) {
    if (!(RESPONSE_CHECK_NAMES as readonly string[]).includes(name)) {
      c.errors.push(new SettingsError('SC_DISABLE_CHECKS', `expected comma-separated check names among ${RESPONSE_CHECK_NAMES.join(', ')}`, show(name)));
    }
  }
  // SC_REQUIRE (results/require.ts): the gate reads it at the end; a bad value stops the run here, before any check.
  if ('error' in report.required) c.errors.push(new SettingsError('SC_REQUIRE', report.required.expected, show(report.required.got)));

  const rawAccounts = present(env, 'SC_ACCOUNTS');
  const webhookWaitMs = c.take(() => int(env, 'SC_WEBHOOK_WAIT_MS', 10_000, 1), 10_000);
  const settings: Settings = {
    embedded,
    referencePort: present(env, 'REFERENCE_PORT') === undefined ? undefined : port,
    baseUrl: embedded ? at.baseUrl : c.take(() => url(env, 'SC_BASE_URL'), ''),
    authUrl: embedded ? at.authUrl : c.take(() => url(env, 'SC_AUTH_URL'), ''),
    clientId: embedded ? REFERENCE_CLIENT_ID : c.take(() => required(env, 'SC_CLIENT_ID'), ''),
    clientSecret: reference ? reference.clientSecret : c.take(() => required(env, 'SC_CLIENT_SECRET'), ''),
    redirectUri: c.take(() => redirectUri(env, REFERENCE_REDIRECT_URI), REFERENCE_REDIRECT_URI),
    accounts: reference ? reference.accounts : c.take(() => parseAccounts(rawAccounts ?? required(env, 'SC_ACCOUNTS')), []),
    loginFields: { user: fields[0], password: fields[1] },
    login: c.take(() => oneOf(env, 'SC_LOGIN', ['form', 'browser'], 'form'), 'form'),
    directTokenCommand: present(env, 'SC_DIRECT_TOKEN_COMMAND'),
    controlUrl: control ? controlUrl : undefined,
    controlToken: control ? controlToken : undefined,
    publicUrl: present(env, 'SC_PUBLIC_URL') && c.take(() => url(env, 'SC_PUBLIC_URL'), undefined),
    listen: c.take(() => listen(env), { host: '127.0.0.1', port: 0 }),
    maxItems: c.take(() => int(env, 'SC_MAX_ITEMS', 50, 1), 50),
    webhookWaitMs,
    webhookRetryWaitMs: readRetryWaitMs(env, c, embedded, webhookWaitMs),
    webhookQuietMs: Math.min(c.take(() => int(env, 'SC_WEBHOOK_QUIET_MS', 1000, 0), 1000), webhookWaitMs),
    declared: readDeclared(env, c, embedded),
    revocationWaitMs: c.take(() => int(env, 'SC_REVOCATION_WAIT_MS', 10_000, 1), 10_000),
    requestTimeoutMs: c.take(() => int(env, 'SC_REQUEST_TIMEOUT_MS', 15_000, 100), 15_000),
    disabledChecks,
    chromiumPath: present(env, 'SC_CHROMIUM_PATH') ?? '/usr/bin/chromium',
    directTokenTimeoutMs: c.take(() => int(env, 'SC_DIRECT_TOKEN_TIMEOUT_MS', 30_000, 100), 30_000),
    clientAuth: c.take(() => oneOf(env, 'SC_CLIENT_AUTH', ['form', 'basic'], 'form'), 'form'),
    pacing,
    property,
    run,
    report,
    bench: readBenchSettings(env, c),
    secrets: [],
  };
  // Values given but not used (target settings beside the embedded reference, an unreadable SC_ACCOUNTS) are secrets too:
  // a message about them may echo them.
  const given = [present(env, 'SC_CLIENT_SECRET'), present(env, 'SC_CONTROL_TOKEN'), ...accountSecrets(rawAccounts)];
  settings.secrets = settingsSecrets(settings, given.filter((v): v is string => v !== undefined));
  // Secrets first: a message about another setting must never carry one.
  for (const secret of settings.secrets) registerSecret(secret);
  return { settings, problems: c.errors };
}

/** Reads and validates every setting: one SettingsError with a line per mistake (`problems`). */
export function loadSettings(env: Env, absent: readonly string[] = []): Settings {
  const { settings, problems } = readSettings(env, absent);
  if (problems.length) throw SettingsError.all(problems);
  return settings;
}

/** The client secret (also as HTTP Basic credentials), the control token, the passwords. */
function settingsSecrets(s: Settings, more: string[]): string[] {
  const basic = s.clientSecret ? Buffer.from(`${s.clientId}:${s.clientSecret}`).toString('base64') : undefined;
  return [...new Set([s.clientSecret, basic, s.controlToken, ...s.accounts.map((a) => a.password), s.declared.lifetimeAccount?.password, s.declared.rateLimitAccount?.password, ...more].filter((v): v is string => !!v))];
}

/** The passwords of SC_ACCOUNTS as given; a value that cannot be read is a secret whole (its error may echo it). */
function accountSecrets(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  try {
    return parseAccounts(raw).map((a) => a.password);
  } catch {
    return [raw];
  }
}

let current: { settings: Settings; problems: SettingsError[] } | undefined;

/** This process's settings, read once from its environment; never throws (see `problems`). */
export function readCurrentSettings(): { settings: Settings; problems: SettingsError[] } {
  current ??= readSettings(process.env, preflightAbsent());
  return current;
}

/** This process's settings, read once; throws the SettingsError of every mistake. */
export function currentSettings(): Settings {
  const { settings, problems } = readCurrentSettings();
  if (problems.length) throw SettingsError.all(problems);
  return settings;
}

/** Reads the environment again at the next call (tests that change process.env). */
export function forgetCurrentSettings(): void {
  current = undefined;
}

/**
 * The settings of a child run (`npm run conformance` passes its flags on as settings):
 * this process's environment with `changes` applied, read and validated as the child will.
 */
export function readSettingsWith(changes: Env): { settings: Settings; problems: SettingsError[] } {
  return readSettings({ ...process.env, ...changes });
}

export function capabilities(s: Settings): Capabilities {
  const plans = new Set(s.accounts.map((a) => a.plan));
  return {
    hasControlApi: s.controlUrl !== undefined,
    hasDirectSessions: s.directTokenCommand !== undefined || s.controlUrl !== undefined,
    hasProAndBasic: plans.has('pro') && plans.has('basic'),
  };
}

/** The accounts of a plan, in the order given. */
export function accountsOf(s: Settings, plan: Plan): Account[] {
  return s.accounts.filter((a) => a.plan === plan);
}
