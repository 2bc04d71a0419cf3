/**
 * Fixed defaults of the embedded reference server. The fixtures use them when
 * SC_BASE_URL is unset, so they are part of the suite's contract, not secrets
 * of any real system (they are still masked in reports like any secret).
 */
export type Plan = 'pro' | 'basic';

export interface ReferenceAccount {
  username: string;
  password: string;
  plan: Plan;
}

export const REFERENCE_CLIENT_ID = 'conformance-suite';
export const REFERENCE_CLIENT_SECRET = 'reference-client-secret-8c1f';
export const REFERENCE_CONTROL_TOKEN = 'reference-control-token-5d2e';
export const REFERENCE_REDIRECT_URI = 'http://127.0.0.1/callback';
export const REFERENCE_DEFAULT_PORT = 4010;

const names = (plan: Plan) => [1, 2, 3, 4].map((n) => `${plan}-${n}`);

export const REFERENCE_ACCOUNTS: ReferenceAccount[] = (['pro', 'basic'] as const).flatMap((plan) =>
  names(plan).map((username) => ({ username, password: `pw-${username}-reference`, plan })),
);

/** The reference's accounts with `passwordSuffix` appended to every password. */
export function referenceAccounts(passwordSuffix = ''): ReferenceAccount[] {
  return REFERENCE_ACCOUNTS.map((a) => ({ ...a, password: `${a.password}${passwordSuffix}` }));
}

/** The embedded reference's credentials: its REFERENCE_CLIENT_SECRET, _CONTROL_TOKEN and _PASSWORD_SUFFIX settings, or the defaults. */
export interface ReferenceCredentials {
  clientSecret: string;
  controlToken: string;
  accounts: ReferenceAccount[];
}

/** The one reading of those settings, shared by the reference, the suite's settings and the report's masking. */
export function referenceCredentials(env: NodeJS.ProcessEnv = process.env): ReferenceCredentials {
  return {
    clientSecret: env.REFERENCE_CLIENT_SECRET || REFERENCE_CLIENT_SECRET,
    controlToken: env.REFERENCE_CONTROL_TOKEN || REFERENCE_CONTROL_TOKEN,
    accounts: referenceAccounts(env.REFERENCE_PASSWORD_SUFFIX),
  };
}

export interface ReferenceOptions {
  /** 0 picks a free port. */
  port: number;
  /** One defect name from reference/defects, or undefined for the faithful server. */
  defect?: string;
  /** Allowed variants switched on (reference/variants.ts). */
  variants: string[];
  /** Evasive behaviours switched on (reference/evasions.ts), for the teeth's evasion matrix. */
  evasions?: string[];
  /** Delays in ms before each webhook retry after a non-2xx answer. */
  webhookRetryMs: number[];
  /** Active-item limit of every account at start. */
  itemLimit: number;
  /** Page size of GET /items and GET /items/inactive. */
  pageSize: number;
  /** The client secret; default REFERENCE_CLIENT_SECRET. */
  clientSecret?: string;
  /** The control API's bearer token; default REFERENCE_CONTROL_TOKEN. */
  controlToken?: string;
  /** Appended to every account's password (recognisable secrets for the secret scan); default none. */
  passwordSuffix?: string;
  /** Put before every access, refresh and webhook token and authorization code minted; default none. */
  tokenPrefix?: string;
}

/** Reads the reference's own settings from the environment (see docs/ARCHITECTURE.md). */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ReferenceOptions {
  const int = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
    }
    return value;
  };
  const list = (name: string): string[] =>
    (env[name] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const retry = list('REFERENCE_WEBHOOK_RETRY_MS').map(Number);
  if (retry.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new Error(`REFERENCE_WEBHOOK_RETRY_MS must be comma-separated integers, got '${env.REFERENCE_WEBHOOK_RETRY_MS}'`);
  }
  const tokenPrefix = env.REFERENCE_TOKEN_PREFIX ?? '';
  // Tokens stay opaque base64url strings, whatever the prefix.
  if (!/^[A-Za-z0-9_-]*$/.test(tokenPrefix)) {
    throw new Error(`REFERENCE_TOKEN_PREFIX must be letters, digits, '-' or '_', got '${tokenPrefix}'`);
  }
  const credentials = referenceCredentials(env);
  return {
    port: int('REFERENCE_PORT', REFERENCE_DEFAULT_PORT, 0),
    defect: env.REFERENCE_DEFECT || undefined,
    variants: list('REFERENCE_VARIANTS'),
    evasions: list('REFERENCE_EVASIONS'),
    webhookRetryMs: retry.length > 0 ? retry : [200, 400, 800],
    itemLimit: int('REFERENCE_ITEM_LIMIT', 5, 1),
    pageSize: int('REFERENCE_PAGE_SIZE', 3, 1),
    clientSecret: credentials.clientSecret,
    controlToken: credentials.controlToken,
    passwordSuffix: env.REFERENCE_PASSWORD_SUFFIX ?? '',
    tokenPrefix,
  };
}

/** REFERENCE_IMAGE_TIMEOUT_MS: the deadline of one image fetch, when set to a positive integer. */
export function imageTimeoutSetting(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = Number(env.REFERENCE_IMAGE_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** REFERENCE_DEBUG=1: an unexpected error's stack is printed with its line. */
export const referenceDebug = (): boolean => !!process.env.REFERENCE_DEBUG;

/**
 * What the mutation run (teeth/mutation/) hands the teeth host it forks, never a
 * user's setting: where the host writes its mutants' coverage when it ends
 * (TEETH_MUTATION_REPORT), and the one mutant a host runs that acts at import
 * (TEETH_STATIC_MUTANT).
 */
export const teethMutationHandOff = (): { reportFile?: string; staticMutant?: string } => ({
  reportFile: process.env.TEETH_MUTATION_REPORT || undefined,
  staticMutant: process.env.TEETH_STATIC_MUTANT || undefined,
});
