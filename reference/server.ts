import type { AddressInfo } from 'node:net';
import {
  DEFAULT_LIFETIMES,
  optionsFromEnv,
  REFERENCE_CLIENT_ID,
  REFERENCE_CLIENT_SECRET,
  REFERENCE_CONTROL_TOKEN,
  REFERENCE_REDIRECT_URI,
  type ReferenceAccount,
  type ReferenceOptions,
  rateLimitedAccount,
  referenceAccounts,
  referenceAddresses,
  SHORT_LIVED_USERNAME,
  shortLivedAccount,
  shortLivedLifetimes,
} from './config.js';
import { type DirectSession, registerControlRoutes } from './control/routes.js';
import { EventBus } from './core/events.js';
import { Router } from './core/http.js';
import { createFrameServer, Frame, type FrameStats } from './http-server.js';
import { ItemsService } from './items/index.js';
import { apiMount, controlMount } from './mounts.js';
import { IdentityProvider } from './oauth/identity-provider.js';
import { Seam } from './seam.js';
import { throttled } from './throttle.js';
import { TransactionsService } from './transactions/index.js';
import { WebhooksService } from './webhooks/index.js';

/**
 * The embedded reference server (docs/ARCHITECTURE.md "The reference server"):
 * the API at /api, the identity provider at /oauth and the control API at
 * /control, on one loopback port. It composes the parts along their seams.
 */

export interface RunningReference {
  /** `{base_url}` */
  baseUrl: string;
  /** `{auth_url}` */
  authUrl: string;
  controlUrl: string;
  controlToken: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: ReferenceAccount[];
  /** The options it runs with (defaults filled in). */
  options: ReferenceOptions;
  /** Request and unexpected-error counters (a 500 is a bug of the reference). */
  stats: FrameStats;
  close(): Promise<void>;
}

/**
 * An identity provider outside the reference (interop/oidc/: a certified OpenID provider): the API asks it who
 * a bearer is, the control API asks it for direct sessions, and the reference mounts no `/oauth` of its own.
 */
export interface ExternalIdentity {
  /** `{auth_url}` of that provider. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The username of a live access token in `Authorization: Bearer …`, or undefined. */
  authenticate(authorizationHeader: string | undefined): Promise<string | undefined>;
  createDirectSession(username: string): Promise<DirectSession>;
}

/** Starts a reference on 127.0.0.1 (port 0 unless given). Throws on an unknown defect or variant. */
export async function startReference(overrides: Partial<ReferenceOptions> = {}, external?: ExternalIdentity): Promise<RunningReference> {
  const options: ReferenceOptions = { ...optionsFromEnv({}), port: 0, ...overrides };
  const seam = new Seam(options.defect, options.variants, options.evasions ?? []);
  const bus = new EventBus();
  const accounts = referenceAccounts(options.passwordSuffix);
  const client = { id: REFERENCE_CLIENT_ID, secret: options.clientSecret ?? REFERENCE_CLIENT_SECRET, redirectUri: REFERENCE_REDIRECT_URI };
  const controlToken = options.controlToken ?? REFERENCE_CONTROL_TOKEN;
  const tokenPrefix = options.tokenPrefix ?? '';
  // Known once the server listens (the port may be the system's pick); the issuer is asked only after.
  let addresses: ReturnType<typeof referenceAddresses> | undefined;

  // The short-lived account logs in and reads like any other, with lifetimes of seconds (reference/config.ts).
  const shortLived = shortLivedAccount(options.passwordSuffix);
  const everyone = options.lifetimes ?? DEFAULT_LIFETIMES;
  const shortLives = shortLivedLifetimes(options.variants);
  const lifetimes = (username: string) => (username === SHORT_LIVED_USERNAME ? shortLives : everyone);
  // The rate-limited account too: throttled at RATE_LIMITED_PER_SECOND (reference/throttle.ts).
  const rateLimited = rateLimitedAccount(options.passwordSuffix);
  const identity =
    external ?? new IdentityProvider({ seam, client, accounts: [...accounts, shortLived, rateLimited], lifetimes, basePath: '/oauth', issuer: () => addresses?.authUrl ?? '', tokenPrefix });
  // The reference's own identity provider, unless an external one stands in for it.
  const idp = identity instanceof IdentityProvider ? identity : undefined;
  const items = new ItemsService({ seam, options, bus, accounts, unseeded: [shortLived, rateLimited] });
  const transactions = new TransactionsService({ seam, options, bus, items });
  const webhooks = new WebhooksService({ seam, options, bus });

  const api = new Router();
  items.registerRoutes(api);
  transactions.registerRoutes(api);
  webhooks.registerRoutes(api);
  const control = new Router();
  registerControlRoutes(control, { seam, accounts, bus, idp: identity, items, transactions });

  const frame = new Frame([
    throttled(apiMount({ seam, router: api, authenticate: (h) => identity.authenticate(h), defaultUsername: accounts[0].username }), seam),
    ...(idp ? [idp.mount] : []),
    controlMount(control, controlToken, seam),
  ], options.latencyMs);
  const server = createFrameServer(frame);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const at = referenceAddresses((server.address() as AddressInfo).port);
  addresses = at;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      idp?.close();
      webhooks.close();
      server.close(() => resolve());
      // Keep-alive connections would hold close() open until they idle out.
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    baseUrl: at.baseUrl,
    authUrl: external?.authUrl ?? at.authUrl,
    controlUrl: at.controlUrl,
    controlToken,
    clientId: external?.clientId ?? client.id,
    clientSecret: external?.clientSecret ?? client.secret,
    redirectUri: external?.redirectUri ?? client.redirectUri,
    accounts: accounts.map((a) => ({ ...a })),
    options,
    stats: frame.stats,
    close,
  };
}
