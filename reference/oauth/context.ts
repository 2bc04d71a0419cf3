import type { Lifetimes, ReferenceAccount } from '../config.js';
import type { Seam } from '../seam.js';
import type { ExpiringMap } from './expiring-map.js';
import type { Session, SessionStore } from './sessions.js';

/** The one registered application (spec, Authentication step 1: one pair for the whole application). */
export interface OAuthClient {
  id: string;
  secret: string;
  redirectUri: string;
}

/** A login in progress, from GET /auth to the consent: what the code will be bound to. */
export interface LoginFlow {
  id: string;
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  /** Echoed unchanged on the callback; undefined when the client sent none. */
  state?: string;
  /** Anti-forgery value of the forms, checked together with the browser cookie. */
  csrf: string;
  /** The `sc_login` cookie of the browser that opened the login page. */
  browser?: string;
  /** Set once the credentials were right. */
  username?: string;
}

/** An authorization code: single use, short-lived, bound to the client, the redirect URI and the challenge. */
export interface CodeGrant {
  username: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  /** The code may be exchanged until then; the record lives longer so that a replay is recognised. */
  validUntil: number;
  /** The session its exchange created; a second exchange revokes it. */
  usedBy?: Session;
}

/** What the IdP's handlers share. */
export interface IdpContext {
  seam: Seam;
  client: OAuthClient;
  accounts: ReferenceAccount[];
  /** How long an account's codes and tokens live. */
  lifetimes: (username: string) => Lifetimes;
  /** Mount point of the IdP, `/oauth`. */
  basePath: string;
  /** The IdP's public address, `{auth_url}` (known once the server listens). */
  issuer: () => string;
  sessions: SessionStore;
  flows: ExpiringMap<LoginFlow>;
  codes: ExpiringMap<CodeGrant>;
}
