import { type DefectInfo, declareFor } from './types.js';

const auth = declareFor('auth');

/** Deviations of the auth group. Each name is read with `seam.defect(name)` where it happens. */
export const AUTH_DEFECTS = {
  // Authorization request and callback (reference/oauth/authorize.ts)
  'state-dropped': auth('the callback to redirect_uri carries no state', ['AUTH-STATE-1']),
  'state-altered': auth('the callback carries a state that differs from the one sent (its last character dropped)', ['AUTH-STATE-1']),
  'state-encoded-as-uri': auth('the callback writes the state with encodeURI instead of encodeURIComponent: a state with + or & comes back changed', [
    'AUTH-STATE-1',
  ]),
  'state-required': auth('GET /auth without state is refused (invalid_request) instead of completing', ['AUTH-STATE-2']),
  'scope-required': auth('GET /auth without a scope is refused (invalid_scope), though the spec requests no scopes', ['AUTH-SCOPE-1', 'AUTH-CODE-1']),
  // Token endpoint, authorization_code grant (reference/oauth/token.ts)
  'pkce-not-checked': auth('the token exchange accepts any code_verifier, matching the code_challenge or not', ['AUTH-CODE-4']),
  'wrong-verifier-accepted-plain': auth(
    'GET /auth accepts code_challenge_method=plain (or none), and the exchange accepts a code_verifier equal to the challenge',
    ['AUTH-CODE-4'],
  ),
  'verifier-43-refused': auth('a code_verifier of exactly 43 characters (the stated minimum) is refused with invalid_grant', ['AUTH-PKCE-3']),
  'code-reusable': auth('an authorization code can be exchanged again, each time for new tokens', ['AUTH-CODE-2']),
  'used-code-wrong-error': auth('an authorization code presented twice answers invalid_request instead of invalid_grant', ['AUTH-CODE-2']),
  'redirect-uri-not-checked': auth('the exchange accepts a redirect_uri other than the one of the authorization request', ['AUTH-CODE-5']),
  'unknown-grant-invalid-request': auth(
    'an unknown authorization code or refresh token answers invalid_request instead of invalid_grant',
    ['AUTH-TOKEN-5', 'AUTH-REFRESH-4'],
  ),
  'client-secret-not-checked': auth('the token endpoint accepts any client_secret (or none) for the right client_id', ['AUTH-CLIENT-2']),
  // Found by mutation testing (teeth/mutation-survivors.json): an unknown client_id with the right secret, and a token request without a body, survived.
  'unknown-client-id-accepted': auth("the token endpoint accepts an unknown client_id when the client_secret is this client's", ['AUTH-CLIENT-2']),
  'token-body-missing-500': auth('a token request without a body (none, or an empty one) answers 500 instead of invalid_request', ['GEN-ERR-3']),
  // Every token response (reference/oauth/token.ts), RFC 6749 5.1 (issue 17.3)
  'token-response-cacheable': auth('token responses carry no Cache-Control: no-store (a cache may keep the tokens)', ['AUTH-TOKEN-6']),
  'token-type-missing': auth('token responses carry no token_type', ['AUTH-TOKEN-7']),
  'token-error-401': auth('token errors other than invalid_client (invalid_grant, invalid_request, …) answer 401 instead of 400, their body kept', ['AUTH-TOKEN-8']),
  // Token endpoint, refresh_token grant (reference/oauth/token.ts)
  'refresh-not-rotated': auth('a refresh answers the same refresh token instead of a new one', ['AUTH-REFRESH-1']),
  'refreshed-access-token-rejected': auth('the access token a refresh answers is refused by the API', ['AUTH-REFRESH-2', 'AUTH-DIRECT-1']),
  'rotated-token-accepted': auth(
    'a refresh token already rotated away still works (new tokens), instead of invalid_grant and revocation',
    ['AUTH-REUSE-1', 'AUTH-REUSE-2', 'AUTH-REFRESH-5', 'AUTH-REUSE-4'],
  ),
  'reuse-not-revoking': auth(
    'a rotated-away refresh token is refused, but the session it belongs to stays alive',
    ['AUTH-REUSE-2', 'AUTH-REUSE-3', 'AUTH-REUSE-4'],
  ),
  // Session revocation (reference/oauth/sessions.ts)
  'access-token-survives-revocation': auth('after a reuse revokes the session, its access tokens keep working on the API', ['AUTH-REUSE-3']),
  // Lifetimes (reference/oauth/sessions.ts, authorize.ts): the expires_in stated stays, the expiry is gone
  'tokens-never-expire': auth('access and refresh tokens never expire: they keep working past the expires_in (and the lifetime) stated', ['AUTH-TOKEN-4']),
  'refresh-tokens-never-expire': auth('refresh tokens never expire (access tokens do): an unused one held past its lifetime still answers new tokens', ['AUTH-TOKEN-4']),
  'codes-never-expire': auth('an authorization code never expires: one held past its lifetime is still exchanged for tokens', ['AUTH-CODE-3']),
} satisfies Record<string, DefectInfo>;
