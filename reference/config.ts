import { referenceEnv } from './freedoms.js';

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

/** The reference's addresses on `port` (reference/server.ts mounts there): spelt once, for it, settings/ and teeth/. */
export function referenceAddresses(port: number): { baseUrl: string; authUrl: string; controlUrl: string } {
  const origin = `http://127.0.0.1:${port}`;
  return { baseUrl: `${origin}/api`, authUrl: `${origin}/oauth`, controlUrl: `${origin}/control` };
}

const names = (plan: Plan) => [1, 2, 3, 4].map((n) => `${plan}-${n}`);

export const REFERENCE_ACCOUNTS: ReferenceAccount[] = (['pro', 'basic'] as const).flatMap((plan) =>
  names(plan).map((username) => ({ username, password: `pw-${username}-reference`, plan })),
);

/** How long an authorization code, an access token and a refresh token live, in ms. */
export interface Lifetimes {
  codeMs: number;
  accessMs: number;
  refreshMs: number;
}

/**
 * Every account's lifetimes unless REFERENCE_CODE_TTL_MS, _ACCESS_TTL_MS, _REFRESH_TTL_MS say otherwise
 * (the spec shows none): a minute to exchange a code ("must be used at once"), an hour for an access token
 * (the common choice), 30 days for a refresh token (longer than any run, so a refused one is refused for a reason).
 */
export const DEFAULT_LIFETIMES: Lifetimes = { codeMs: 60_000, accessMs: 3_600_000, refreshMs: 30 * 24 * 3_600_000 };

/**
 * The short-lived account: its codes and tokens live seconds, whatever the settings, so a client (and the
 * suite's expiry checks, AUTH-CODE-3 and AUTH-TOKEN-4) can watch them expire without shortening anyone
 * else's. It is none of REFERENCE_ACCOUNTS: no check but those uses it, and it holds no items.
 */
export const SHORT_LIVED_USERNAME = 'short-1';
// Access and refresh tokens alike: the expiry check waits them out at once (each wait holds a worker of the run).
export const SHORT_LIFETIMES: Lifetimes = { codeMs: 2_000, accessMs: 3_000, refreshMs: 3_000 };

/** The short-lived account's lifetimes under the variant `lifetimes-other`: a refresh token that ends before its access token. */
export const OTHER_SHORT_LIFETIMES: Lifetimes = { codeMs: 5_000, accessMs: 9_000, refreshMs: 6_000 };

/** The short-lived account's lifetimes: SHORT_LIFETIMES, or OTHER_SHORT_LIFETIMES under the variant `lifetimes-other`. */
export function shortLivedLifetimes(variants: readonly string[]): Lifetimes {
  return variants.includes('lifetimes-other') ? OTHER_SHORT_LIFETIMES : SHORT_LIFETIMES;
}

/** The short-lived account with `passwordSuffix` appended to its password (as referenceAccounts). */
export function shortLivedAccount(passwordSuffix = ''): ReferenceAccount {
  return { username: SHORT_LIVED_USERNAME, password: `pw-${SHORT_LIVED_USERNAME}-reference${passwordSuffix}`, plan: 'pro' };
}

/**
 * The rate-limited account: past RATE_LIMITED_PER_SECOND API requests per second it is refused (429,
 * reference/throttle.ts), whatever the variants, so the suite's burst check (GEN-RATE-1) is judged in every
 * embedded run, which declares that rate (settings/declared.ts) for this account alone. Like the short-lived
 * account it is none of REFERENCE_ACCOUNTS: no other check sends it a request, and it holds no items.
 */
export const RATE_LIMITED_USERNAME = 'rated-1';
/** Low, so the burst (twice the rate for 2 s) is 40 requests: about a second of the run. */
export const RATE_LIMITED_PER_SECOND = 10;

/** The rate-limited account with `passwordSuffix` appended to its password (as referenceAccounts). */
export function rateLimitedAccount(passwordSuffix = ''): ReferenceAccount {
  return { username: RATE_LIMITED_USERNAME, password: `pw-${RATE_LIMITED_USERNAME}-reference${passwordSuffix}`, plan: 'pro' };
}

/** The most additional images an item holds (besides its main image) unless REFERENCE_MAX_IMAGES says otherwise. */
export const DEFAULT_MAX_IMAGES = 10;
/** The maximum of the allowed variant `max-images-20`. */
export const VARIANT_MAX_IMAGES = 20;
/** The maximum of the allowed variant `max-images-40`, inside the common range and left undeclared. */
export const UNDECLARED_MAX_IMAGES = 40;

/** The reference's accounts with `passwordSuffix` appended to every password. */
export function referenceAccounts(passwordSuffix = ''): ReferenceAccount[] {
  return REFERENCE_ACCOUNTS.map((a) => ({ ...a, password: `${a.password}${passwordSuffix}` }));
}

/** The embedded reference's credentials: its REFERENCE_CLIENT_SECRET, _CONTROL_TOKEN and _PASSWORD_SUFFIX settings, or the defaults. */
export interface ReferenceCredentials {
  clientSecret: string;
  controlToken: string;
  accounts: ReferenceAccount[];
  /** The short-lived account (SHORT_LIVED_USERNAME), apart from `accounts`. */
  shortLived: ReferenceAccount;
  /** The rate-limited account (RATE_LIMITED_USERNAME), apart from `accounts`. */
  rateLimited: ReferenceAccount;
}

/** The one reading of those settings, shared by the reference, the suite's settings and the report's masking. */
export function referenceCredentials(env: NodeJS.ProcessEnv = process.env): ReferenceCredentials {
  return {
    clientSecret: env.REFERENCE_CLIENT_SECRET || REFERENCE_CLIENT_SECRET,
    controlToken: env.REFERENCE_CONTROL_TOKEN || REFERENCE_CONTROL_TOKEN,
    accounts: referenceAccounts(env.REFERENCE_PASSWORD_SUFFIX),
    shortLived: shortLivedAccount(env.REFERENCE_PASSWORD_SUFFIX),
    rateLimited: rateLimitedAccount(env.REFERENCE_PASSWORD_SUFFIX),
  };
}

/**
 * The maximum number of additional images the reference these settings start holds to: the variant
 * `max-images-40`'s or `max-images-20`'s, else REFERENCE_MAX_IMAGES, else DEFAULT_MAX_IMAGES. The embedded run
 * declares it to its checks (SC_MAX_IMAGES), as a server team would (settings/declared.ts), but for
 * `max-images-40`'s: that one the check finds itself, as with a team that declares none.
 */
export function maxImagesOf(maxImages: number, variants: readonly string[]): number {
  if (variants.includes('max-images-40')) return UNDECLARED_MAX_IMAGES;
  return variants.includes('max-images-20') ? VARIANT_MAX_IMAGES : maxImages;
}

/** The reference's default page size of GET /items and GET /items/inactive (REFERENCE_PAGE_SIZE). */
export const DEFAULT_PAGE_SIZE = 3;
/** The page size of the variant `page-size-10`: as real services, larger than the list check's lists on the reference's accounts. */
export const LARGE_PAGE_SIZE = 10;
/**
 * The page size of the defect `page-8-drops-boundary-item`: more than the 6 entries the undeclared list check lists on
 * a Pro account, and within the items the check adds to cross a declared page (specs/shared/items/page-crossing.ts).
 */
export const DEFECT_PAGE_SIZE = 8;

/**
 * The page size the reference these settings start serves: 1 with the variant `page-size-1`, LARGE_PAGE_SIZE with
 * the variant `page-size-10`, DEFECT_PAGE_SIZE with the defect `page-8-drops-boundary-item`, else REFERENCE_PAGE_SIZE. The embedded run
 * declares it to its checks (SC_PAGE_SIZE), as a server team would (settings/declared.ts).
 */
export function pageSizeOf(pageSize: number, variants: readonly string[], defect: string | undefined): number {
  if (variants.includes('page-size-1')) return 1;
  if (defect === 'page-8-drops-boundary-item') return DEFECT_PAGE_SIZE;
  if (variants.includes('page-size-10') || defect === 'inactive-page-token-ignored-pages-of-10') return LARGE_PAGE_SIZE;
  return pageSize;
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
  /** Every account's lifetimes but the short-lived one's (REFERENCE_CODE_TTL_MS, _ACCESS_TTL_MS, _REFRESH_TTL_MS). */
  lifetimes?: Lifetimes;
  /** The most additional images an item holds (REFERENCE_MAX_IMAGES; the variant `max-images-20` makes it 20). */
  maxImages?: number;
  /** Added to every answer, in ms (REFERENCE_LATENCY_MS): a server across a real network (reference/latency.ts). */
  latencyMs?: number;
}

/** Reads the reference's own settings from the environment (see docs/ARCHITECTURE.md). */
export function optionsFromEnv(given: NodeJS.ProcessEnv = process.env): ReferenceOptions {
  const env = referenceEnv(given); // REFERENCE_FREEDOMS folded into the switches and settings below (reference/freedoms.ts)
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
    pageSize: int('REFERENCE_PAGE_SIZE', DEFAULT_PAGE_SIZE, 1),
    clientSecret: credentials.clientSecret,
    controlToken: credentials.controlToken,
    passwordSuffix: env.REFERENCE_PASSWORD_SUFFIX ?? '',
    tokenPrefix,
    lifetimes: {
      codeMs: int('REFERENCE_CODE_TTL_MS', DEFAULT_LIFETIMES.codeMs, 1),
      accessMs: int('REFERENCE_ACCESS_TTL_MS', DEFAULT_LIFETIMES.accessMs, 1),
      refreshMs: int('REFERENCE_REFRESH_TTL_MS', DEFAULT_LIFETIMES.refreshMs, 1),
    },
    maxImages: int('REFERENCE_MAX_IMAGES', DEFAULT_MAX_IMAGES, 1),
    latencyMs: int('REFERENCE_LATENCY_MS', 0, 0),
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
