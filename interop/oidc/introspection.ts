/**
 * The API's side of RFC 7662: who a bearer is, asked of the provider's
 * introspection endpoint on every request (no cache, so a revoked session is
 * refused at once, as the reference's own token store does).
 */

/** One introspection request's deadline: past it the API answers 500, a failure of this lane's wiring. */
const INTROSPECTION_TIMEOUT_MS = 10_000;

export interface IntrospectionClient {
  url: string;
  /** The API's own client, authenticated with HTTP Basic (RFC 7662 2.1). */
  id: string;
  secret: string;
  /** Only the application's access tokens are bearers for the API. */
  appClientId: string;
}

/** RFC 6749 2.3.1: each part is form-urlencoded before the Basic encoding. */
function basic(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

/** `authenticate` of reference/server.ts ExternalIdentity: the username (the token's `sub`) of a live access token. */
export function introspectingAuthenticator(client: IntrospectionClient): (authorizationHeader: string | undefined) => Promise<string | undefined> {
  return async (authorizationHeader) => {
    const token = /^bearer +(\S+)\s*$/i.exec(authorizationHeader ?? '')?.[1];
    if (!token) return undefined;
    const res = await fetch(client.url, {
      method: 'POST',
      headers: { authorization: basic(client.id, client.secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      signal: AbortSignal.timeout(INTROSPECTION_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`introspection answered ${res.status}`);
    const answer = (await res.json()) as { active?: unknown; token_type?: unknown; client_id?: unknown; sub?: unknown };
    // RFC 7662 2.2: only `active` is required; a refresh token (no token_type) is no bearer for the API.
    if (answer.active !== true || answer.token_type !== 'Bearer' || answer.client_id !== client.appClientId) return undefined;
    return typeof answer.sub === 'string' ? answer.sub : undefined;
  };
}
