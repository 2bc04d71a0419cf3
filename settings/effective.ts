/**
 * The effective settings of a run as environment variables, secrets masked: what
 * conformance.json keeps (`run.settings`) so that a failed nightly run can be run
 * again with the same settings (put the secrets back). Defaults are written out;
 * a setting with no value (unset, no default) is left out. Against the embedded
 * reference the target settings are the reference's own and are left out too.
 */
import { MASK, mask } from '../lib/secrets.js';
import type { Settings } from './settings.js';

/**
 * Every setting the suite reads, in the order of docs/SETTINGS.md (tests/lifecycle/settings-readme.spec.ts
 * holds this list, the tables of docs/SETTINGS.md and the README, and the settings module's sources together).
 */
export const SETTING_NAMES = [
  // docs/TARGET.md
  'SC_BASE_URL', 'SC_AUTH_URL', 'SC_CLIENT_ID', 'SC_CLIENT_SECRET', 'SC_REDIRECT_URI', 'SC_ACCOUNTS', 'SC_LOGIN_FIELDS', 'SC_LOGIN',
  'SC_DIRECT_TOKEN_COMMAND', 'SC_CONTROL_URL', 'SC_CONTROL_TOKEN', 'SC_PUBLIC_URL', 'SC_LISTEN', 'SC_MAX_ITEMS', 'SC_WEBHOOK_WAIT_MS', 'SC_WEBHOOK_RETRY_WAIT_MS',
  'SC_CODE_LIFETIME_S', 'SC_ACCESS_TOKEN_LIFETIME_S', 'SC_REFRESH_TOKEN_LIFETIME_S', 'SC_TOKEN_LEEWAY_S', 'SC_LIFETIME_ACCOUNT', 'SC_MAX_IMAGES', 'SC_PAGE_SIZE',
  'SC_DECLARED_RATE_LIMIT', 'SC_RATE_LIMIT_ACCOUNT',
  // the suite's own
  'SC_REQUEST_TIMEOUT_MS', 'SC_DISABLE_CHECKS', 'SC_CLIENT_AUTH', 'SC_CHROMIUM_PATH', 'SC_DIRECT_TOKEN_TIMEOUT_MS', 'SC_REVOCATION_WAIT_MS',
  'SC_WEBHOOK_QUIET_MS', 'SC_RATE_LIMIT', 'SC_TOKEN_BUDGET', 'SC_RATE_LIMIT_RETRIES', 'SC_RATE_LIMIT_RECOVERY_S', 'SC_WORKERS', 'SC_RUN_DEADLINE_S', 'SC_RULE', 'SC_CONSOLE_REPORTER',
  'SC_PREFLIGHT', 'SC_TARGET_HEALTH', 'SC_RUN_ID', 'SC_REPORTS', 'SC_BUDGET_DIR', 'SC_STRICT', 'SC_BASELINE', 'SC_WRITE_BASELINE', 'SC_REQUIRE',
  'SC_PACED_RERUN', 'SC_PREVIOUS_REPORT', 'SC_HISTORY', 'SC_ALLURE', 'SC_VIEWER_REPORTS', 'FC_SEED', 'FC_PATH', 'FC_REPLAY_PATH', 'FC_BASE_SEED',
  'SC_FC_SEED', 'SC_FC_PATH', 'SC_FC_RUNS', 'BENCH_SECONDS', 'BENCH_CONNECTIONS',
  // the embedded reference's port, read by the suite too (docs/SANDBOX.md, README "The reference server as a sandbox")
  'REFERENCE_PORT',
] as const;

export type SettingName = (typeof SETTING_NAMES)[number];

const onOff = (on: boolean): string => (on ? '1' : '0');
const hostPort = (l: { host: string; port: number }): string => `${l.host.includes(':') ? `[${l.host}]` : l.host}:${l.port}`;

/** The effective value of each setting, as the variable would be set to replay the run; secrets are `***`. */
export function effectiveSettings(s: Settings, runId?: string): Partial<Record<SettingName, string>> {
  const secret = (v: string | undefined) => (v ? MASK : undefined);
  const target: Partial<Record<SettingName, string | undefined>> = s.embedded
    ? {}
    : {
        SC_BASE_URL: s.baseUrl,
        SC_AUTH_URL: s.authUrl,
        SC_CLIENT_ID: s.clientId,
        SC_CLIENT_SECRET: secret(s.clientSecret),
        SC_ACCOUNTS: JSON.stringify(s.accounts.map((a) => ({ ...a, password: MASK }))),
        SC_CONTROL_URL: s.controlUrl,
        SC_CONTROL_TOKEN: secret(s.controlToken),
        SC_CODE_LIFETIME_S: s.declared.codeLifetimeS?.toString(),
        SC_ACCESS_TOKEN_LIFETIME_S: s.declared.accessTokenLifetimeS?.toString(),
        SC_REFRESH_TOKEN_LIFETIME_S: s.declared.refreshTokenLifetimeS?.toString(),
        SC_TOKEN_LEEWAY_S: s.declared.tokenLeewayS?.toString(),
        SC_LIFETIME_ACCOUNT: s.declared.lifetimeAccount && JSON.stringify({ ...s.declared.lifetimeAccount, password: MASK }),
        SC_MAX_IMAGES: s.declared.maxImages?.toString(),
        SC_DECLARED_RATE_LIMIT: s.declared.rateLimitPerS?.toString(),
        SC_RATE_LIMIT_ACCOUNT: s.declared.rateLimitAccount && JSON.stringify({ ...s.declared.rateLimitAccount, password: MASK }),
        SC_PAGE_SIZE: s.declared.pageSize?.toString(),
      };
  const all: Partial<Record<SettingName, string | undefined>> = {
    ...target,
    SC_REDIRECT_URI: s.redirectUri,
    SC_LOGIN_FIELDS: `${s.loginFields.user},${s.loginFields.password}`,
    SC_LOGIN: s.login,
    // A command line often carries a credential: only whether one was set.
    SC_DIRECT_TOKEN_COMMAND: secret(s.directTokenCommand),
    SC_PUBLIC_URL: s.publicUrl,
    SC_LISTEN: hostPort(s.listen),
    SC_MAX_ITEMS: String(s.maxItems),
    SC_WEBHOOK_WAIT_MS: String(s.webhookWaitMs),
    SC_WEBHOOK_RETRY_WAIT_MS: String(s.webhookRetryWaitMs),
    SC_REQUEST_TIMEOUT_MS: String(s.requestTimeoutMs),
    SC_DISABLE_CHECKS: s.disabledChecks.join(',') || undefined,
    SC_CLIENT_AUTH: s.clientAuth,
    SC_CHROMIUM_PATH: s.chromiumPath,
    SC_DIRECT_TOKEN_TIMEOUT_MS: String(s.directTokenTimeoutMs),
    SC_REVOCATION_WAIT_MS: String(s.revocationWaitMs),
    SC_WEBHOOK_QUIET_MS: String(s.webhookQuietMs),
    SC_RATE_LIMIT: s.pacing.rateLimit === undefined ? 'off' : String(s.pacing.rateLimit),
    SC_TOKEN_BUDGET: s.pacing.tokenBudget === undefined ? 'off' : String(s.pacing.tokenBudget),
    SC_RATE_LIMIT_RETRIES: String(s.pacing.retries),
    SC_RATE_LIMIT_RECOVERY_S: String(s.pacing.recoveryS),
    SC_WORKERS: String(s.run.workers),
    SC_RUN_DEADLINE_S: String(s.run.runDeadlineS),
    SC_RULE: s.run.rules.join(',') || undefined,
    SC_CONSOLE_REPORTER: s.run.consoleReporters?.join(','),
    SC_PREFLIGHT: onOff(s.run.preflight),
    SC_TARGET_HEALTH: onOff(s.run.targetHealth),
    SC_RUN_ID: runId ?? s.run.runId,
    SC_REPORTS: s.run.reports,
    SC_BUDGET_DIR: s.run.budgetDir,
    SC_STRICT: onOff(s.report.strict),
    SC_BASELINE: s.report.baseline,
    SC_WRITE_BASELINE: s.report.writeBaseline,
    SC_REQUIRE: 'error' in s.report.required ? undefined : s.report.required.capabilities.join(',') || 'none',
    SC_PACED_RERUN: onOff(s.run.pacedRerun),
    SC_PREVIOUS_REPORT: s.report.previousReport,
    SC_HISTORY: s.report.history,
    SC_ALLURE: onOff(s.report.allure),
    SC_VIEWER_REPORTS: onOff(s.run.viewerReports),
    FC_SEED: s.property.seed === undefined ? undefined : String(s.property.seed),
    FC_PATH: s.property.path,
    FC_REPLAY_PATH: s.property.replayPath,
    FC_BASE_SEED: s.property.baseSeed,
    SC_FC_RUNS: String(s.property.pkceRuns),
  };
  const out: Partial<Record<SettingName, string>> = {};
  // Registered secrets are masked inside any other value too (a password in a URL's userinfo).
  for (const [name, value] of Object.entries(all) as [SettingName, string | undefined][]) if (value !== undefined) out[name] = value === MASK ? value : mask(value);
  return out;
}
