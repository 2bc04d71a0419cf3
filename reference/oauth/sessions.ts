import { randomBytes } from 'node:crypto';
import type { Lifetimes } from '../config.js';
import type { Seam } from '../seam.js';
import { ExpiringMap } from './expiring-map.js';

/**
 * Sessions and their tokens. A session is one login (aggregator: the code flow;
 * direct: the control API's hosted-login stand-in). It owns every access and
 * refresh token issued to it, so revoking it revokes them all (spec,
 * Authentication step 11).
 */

export type SessionKind = 'aggregator' | 'direct';

export interface Session {
  id: string;
  username: string;
  kind: SessionKind;
  clientId: string;
  revoked: boolean;
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
}

export interface RefreshRecord {
  session: Session;
  expiresAt: number;
  /** True once a refresh has replaced it: presenting it again is reuse. */
  rotated: boolean;
}

/** The defect's lifetime: longer than any run. */
const NEVER_MS = 100 * 365 * 24 * 3_600_000;

/** The variant token-leeway-60's leeway (Spring Security's JwtTimestampValidator default). */
const LEEWAY_60_MS = 60_000;

/** An opaque token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export class SessionStore {
  /** Live access tokens and their session; as many as are issued (each is also held by its session). */
  private readonly access = new ExpiringMap<Session>(3_600_000, Number.POSITIVE_INFINITY);
  private readonly refresh = new Map<string, RefreshRecord>();

  /** `prefix` goes before every token and code minted (REFERENCE_TOKEN_PREFIX: recognisable secrets). */
  constructor(
    private readonly seam: Seam,
    /** How long an account's tokens live (the spec leaves lifetimes open: reference/config.ts). */
    private readonly lifetimes: (username: string) => Lifetimes,
    private readonly prefix = '',
  ) {}

  /** The lifetimes of a session's tokens; the defects' never end. */
  private lifetimeOf(session: Session): Lifetimes {
    const stated = this.lifetimes(session.username);
    // The variant validates access tokens with Spring Security's default clock skew: 60 s past the expires_in stated.
    const own = this.seam.variant('token-leeway-60') ? { ...stated, accessMs: stated.accessMs + LEEWAY_60_MS } : stated;
    if (this.seam.defect('tokens-never-expire')) return { ...own, accessMs: NEVER_MS, refreshMs: NEVER_MS };
    return this.seam.defect('refresh-tokens-never-expire') ? { ...own, refreshMs: NEVER_MS } : own;
  }

  /** The `expires_in` of a session's access tokens, in seconds: the lifetime stated, whatever the defect does. */
  expiresIn(session: Session): number {
    return Math.ceil(this.lifetimes(session.username).accessMs / 1000);
  }

  /** A new access or refresh token or authorization code. */
  mint(): string {
    return `${this.prefix}${newToken()}`;
  }

  create(username: string, kind: SessionKind, clientId: string): Session {
    return { id: newToken(), username, kind, clientId, revoked: false, accessTokens: new Set(), refreshTokens: new Set() };
  }

  issueAccessToken(session: Session): string {
    const token = this.mint();
    this.access.set(token, session, this.lifetimeOf(session).accessMs);
    session.accessTokens.add(token);
    return token;
  }

  /** A fresh refresh token; every earlier one of the session becomes rotated (spec step 7). */
  issueRefreshToken(session: Session): string {
    for (const old of session.refreshTokens) {
      const record = this.refresh.get(old);
      if (record) record.rotated = true;
    }
    const token = this.mint();
    this.refresh.set(token, { session, expiresAt: Date.now() + this.lifetimeOf(session).refreshMs, rotated: false });
    session.refreshTokens.add(token);
    return token;
  }

  /** The session of a live access token, or undefined. */
  accessSession(token: string): Session | undefined {
    return this.access.get(token);
  }

  /** The record of a known, unexpired refresh token of a live session; undefined otherwise. */
  refreshRecord(token: string): RefreshRecord | undefined {
    const record = this.refresh.get(token);
    if (!record || record.session.revoked || record.expiresAt <= Date.now()) return undefined;
    return record;
  }

  /** Ends a session: its refresh tokens stop working, and its access tokens too. */
  revoke(session: Session): void {
    session.revoked = true;
    if (this.seam.defect('access-token-survives-revocation')) return;
    for (const token of session.accessTokens) this.access.delete(token);
    session.accessTokens.clear();
  }

  /** Forgets expired access tokens (called on a timer so a long run does not grow without bound). */
  sweep(now = Date.now()): void {
    this.access.sweep(now, (token, session) => session.accessTokens.delete(token));
    for (const [token, record] of this.refresh) {
      if (record.expiresAt <= now) {
        this.refresh.delete(token);
        record.session.refreshTokens.delete(token);
      }
    }
  }
}
