/**
 * What the target declares of the values the spec leaves "not shown" and the
 * expiry and maximum checks need (docs/SETTINGS.md): how long its codes and
 * tokens live (AUTH-CODE-3, AUTH-TOKEN-4) and the leeway past an access token's
 * lifetime its API allows (undeclared, a token still accepted after its lifetime
 * leaves that part not applicable [leeway_undeclared]), how many images an item holds
 * (ITEM-IMG-12), how many items a page of a list holds (the list check then
 * crosses a real page boundary), and the rate limit per account the burst check
 * holds it to (GEN-RATE-1; SC_DECLARED_RATE_LIMIT, undeclared: not applicable
 * [rate_limit_undeclared]). Each is optional: a lifetime not declared leaves its
 * rule not applicable [lifetime_undeclared] (an access token's `expires_in`
 * declares its own), a maximum not declared is looked for
 * (specs/items/image-maximum.spec.ts), a page size not declared leaves the list
 * check judging on whatever pages its few items fill (specs/items/lists.spec.ts).
 *
 * The embedded reference declares its own (reference/config.ts): the short-lived
 * account and its lifetimes of seconds, its image maximum, its page size, and its
 * rate-limited account and that account's rate; but those REFERENCE_UNDECLARED
 * names (reference/undeclared.ts), left unset as a remote target may leave them.
 */
import { DEFAULT_MAX_IMAGES, DEFAULT_PAGE_SIZE, maxImagesOf, pageSizeOf, RATE_LIMITED_PER_SECOND, referenceCredentials, shortLivedLifetimes } from '../reference/config.js';
import { referenceEnv } from '../reference/freedoms.js';
import { embeddedUndeclared } from '../reference/undeclared.js';
import { type Account, parseAccounts } from './accounts.js';
import { type Collector, type Env, int, present } from './read.js';
import { SettingsError } from './setting-error.js';

export interface Declared {
  /** SC_CODE_LIFETIME_S: how long an authorization code can be exchanged, in seconds. */
  codeLifetimeS?: number;
  /** SC_ACCESS_TOKEN_LIFETIME_S: how long an access token works, in seconds (else its `expires_in`). */
  accessTokenLifetimeS?: number;
  /** SC_REFRESH_TOKEN_LIFETIME_S: how long an unused refresh token can be exchanged, in seconds. */
  refreshTokenLifetimeS?: number;
  /** SC_TOKEN_LEEWAY_S: how long past its lifetime the API still accepts an access token (a clock-skew leeway, RFC 7519 §4.1.4), in seconds. */
  tokenLeewayS?: number;
  /** SC_LIFETIME_ACCOUNT: the account whose codes and tokens live these lifetimes, kept apart from SC_ACCOUNTS (else any of those). */
  lifetimeAccount?: Account;
  /** SC_MAX_IMAGES: the most additional images (besides the main image) an item holds. */
  maxImages?: number;
  /** SC_DECLARED_RATE_LIMIT: the API requests per second per account past which the target refuses. */
  rateLimitPerS?: number;
  /** SC_RATE_LIMIT_ACCOUNT: the account the burst check sends its burst on, kept apart from SC_ACCOUNTS (else a leased one of those). */
  rateLimitAccount?: Account;
  /** SC_PAGE_SIZE: how many items a page of GET /items and GET /items/inactive holds while more follow. */
  pageSize?: number;
}

/** The declarations that exist only beside SC_BASE_URL: the embedded reference makes its own. */
export const DECLARED_REMOTE_ONLY = ['SC_CODE_LIFETIME_S', 'SC_ACCESS_TOKEN_LIFETIME_S', 'SC_REFRESH_TOKEN_LIFETIME_S', 'SC_TOKEN_LEEWAY_S', 'SC_LIFETIME_ACCOUNT', 'SC_MAX_IMAGES', 'SC_DECLARED_RATE_LIMIT', 'SC_RATE_LIMIT_ACCOUNT', 'SC_PAGE_SIZE'];

/** The declarable freedoms the embedded run leaves undeclared (REFERENCE_UNDECLARED); a bad value reads as unset here, and is reported by readDeclared. */
export function undeclaredOf(env: Env): string[] {
  try {
    return embeddedUndeclared(env);
  } catch {
    return embeddedUndeclared({ ...env, REFERENCE_UNDECLARED: undefined });
  }
}

/** The embedded reference's declarations: its short-lived account and lifetimes, its image maximum and its page size (its variant's and defect's too), but those left undeclared. */
function embeddedDeclared(given: Env, c: Collector): Declared {
  const env = referenceEnv(given); // the drawn server's values (REFERENCE_FREEDOMS), as the reference reads them
  const variants = (env.REFERENCE_VARIANTS ?? '').split(',').map((v) => v.trim());
  const undeclared = c.take(() => {
    try {
      return embeddedUndeclared(given);
    } catch (error) {
      throw new SettingsError('REFERENCE_UNDECLARED', (error as Error).message.replace(/^REFERENCE_UNDECLARED: /, ''));
    }
  }, undeclaredOf(given));
  // A value of the drawn server, or undefined where the run leaves it undeclared, as a remote target may.
  const when = <T>(freedom: string, value: T): T | undefined => (undeclared.includes(freedom) ? undefined : value);
  // The reference validates its own settings as it starts (reference/config.ts); a value it would refuse reads as its default here.
  const positive = (raw: string | undefined, fallback: number) => (Number.isInteger(Number(raw)) && Number(raw) > 0 ? Number(raw) : fallback);
  const lives = shortLivedLifetimes(variants);
  const seconds = (ms: number) => Math.ceil(ms / 1000);
  const lifetimes = ['code-lifetime', 'access-token-lifetime', 'refresh-token-lifetime', 'token-validation-leeway'];
  return {
    codeLifetimeS: when('code-lifetime', seconds(lives.codeMs)),
    accessTokenLifetimeS: when('access-token-lifetime', seconds(lives.accessMs)),
    refreshTokenLifetimeS: when('refresh-token-lifetime', seconds(lives.refreshMs)),
    // The reference validates to the millisecond, or allows 60 s past the lifetime under token-leeway-60 (reference/oauth/sessions.ts).
    tokenLeewayS: when('token-validation-leeway', variants.includes('token-leeway-60') ? 60 : 0),
    // The account whose lifetimes are declared: with none declared, the expiry checks take one of SC_ACCOUNTS, as a remote run would.
    lifetimeAccount: lifetimes.every((id) => undeclared.includes(id)) ? undefined : referenceCredentials(env).shortLived,
    maxImages: when('image-maximum', maxImagesOf(positive(env.REFERENCE_MAX_IMAGES, DEFAULT_MAX_IMAGES), variants)),
    rateLimitPerS: when('rate-limit-general', RATE_LIMITED_PER_SECOND),
    rateLimitAccount: when('rate-limit-general', referenceCredentials(env).rateLimited),
    pageSize: when('page-size', pageSizeOf(positive(env.REFERENCE_PAGE_SIZE, DEFAULT_PAGE_SIZE), variants, env.REFERENCE_DEFECT || undefined)),
  };
}

/** One account, in the form of an SC_ACCOUNTS entry. */
function oneAccount(env: Env, name: string): Account | undefined {
  const raw = present(env, name);
  if (raw === undefined) return undefined;
  if (!raw.startsWith('{')) throw new SettingsError(name, 'expected one JSON object {"username","password","plan":"pro"|"basic"}, as an entry of SC_ACCOUNTS');
  return parseAccounts(`[${raw}]`, name)[0];
}

export function readDeclared(env: Env, c: Collector, embedded: boolean): Declared {
  if (embedded) return embeddedDeclared(env, c);
  const seconds = (name: string) => c.take(() => (present(env, name) === undefined ? undefined : int(env, name, 0, 1, 'a whole number of seconds >= 1')), undefined);
  return {
    codeLifetimeS: seconds('SC_CODE_LIFETIME_S'),
    accessTokenLifetimeS: seconds('SC_ACCESS_TOKEN_LIFETIME_S'),
    refreshTokenLifetimeS: seconds('SC_REFRESH_TOKEN_LIFETIME_S'),
    tokenLeewayS: c.take(() => (present(env, 'SC_TOKEN_LEEWAY_S') === undefined ? undefined : int(env, 'SC_TOKEN_LEEWAY_S', 0, 0, 'a whole number of seconds >= 0')), undefined),
    lifetimeAccount: c.take(() => oneAccount(env, 'SC_LIFETIME_ACCOUNT'), undefined),
    maxImages: c.take(() => (present(env, 'SC_MAX_IMAGES') === undefined ? undefined : int(env, 'SC_MAX_IMAGES', 0, 1)), undefined),
    rateLimitPerS: c.take(
      () => (present(env, 'SC_DECLARED_RATE_LIMIT') === undefined ? undefined : int(env, 'SC_DECLARED_RATE_LIMIT', 0, 1, 'a whole number of API requests per second per account >= 1')),
      undefined,
    ),
    rateLimitAccount: c.take(() => oneAccount(env, 'SC_RATE_LIMIT_ACCOUNT'), undefined),
    pageSize: c.take(() => (present(env, 'SC_PAGE_SIZE') === undefined ? undefined : int(env, 'SC_PAGE_SIZE', 0, 1, 'a whole number of items >= 1')), undefined),
  };
}
