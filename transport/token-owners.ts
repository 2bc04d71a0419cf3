/**
 * Whose account a token is: the pacing key of a request as the target counts it
 * (issue 41). The target counts API requests per account, whatever object of
 * the suite's holds the bearer: a token pair an auth check obtained is paced
 * on its account, not as `anonymous`.
 *
 *   ownCode(code, 'pro-1');                  // a login's code (sessions/login.ts, login-browser.ts)
 *   ownTokens(form, json);                   // a token answer: its tokens are the owner's of the code or refresh token sent
 *   ownPair(pair, 'pro-1');                  // a pair of a known account (a session, a handed-on session)
 *   ownerOfBearer('Bearer …')                // 'pro-1', or undefined for a bearer never seen issued
 *
 * This process's memory only: each worker knows the tokens it obtained or was
 * handed. At most MAX_OWNED entries, the oldest forgotten first (a run issues a
 * few hundred tokens).
 */

const MAX_OWNED = 5_000;
const owners = new Map<string, string>();

function own(secret: string | undefined, username: string): void {
  if (!secret) return;
  owners.delete(secret);
  owners.set(secret, username);
  if (owners.size > MAX_OWNED) owners.delete(owners.keys().next().value as string);
}

/** The account a login's code was issued to. */
export function ownCode(code: string, username: string): void {
  own(code, username);
}

/** The tokens of a pair are the account's. */
export function ownPair(pair: { accessToken?: string; refreshToken?: string }, username: string): void {
  own(pair.accessToken, username);
  own(pair.refreshToken, username);
}

/** A token answer's tokens belong to the owner of the code or refresh token the request sent, when it is known. */
export function ownTokens(form: Record<string, string>, json: unknown): void {
  const owner = owners.get(form.code ?? '') ?? owners.get(form.refresh_token ?? '');
  if (!owner || typeof json !== 'object' || json === null) return;
  const body = json as Record<string, unknown>;
  for (const name of ['access_token', 'refresh_token'] as const) if (typeof body[name] === 'string') own(body[name] as string, owner);
}

/** The account of an Authorization header's bearer token, when this process saw it issued. */
export function ownerOfBearer(authorization: string | undefined): string | undefined {
  const token = /^bearer\s+(\S+)/i.exec(authorization ?? '')?.[1];
  return token === undefined ? undefined : owners.get(token);
}
