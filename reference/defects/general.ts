import { type DefectInfo, declareFor } from './types.js';

const general = declareFor('general');

/** Deviations of the general group. Each name is read with `seam.defect(name)` where it happens. */
export const GENERAL_DEFECTS = {
  // The /api bearer check (reference/mounts.ts, reference/oauth/identity-provider.ts)
  'bearer-not-required': general('API calls without an Authorization header are served (as the first account) instead of 401', ['GEN-AUTH-1', 'TX-AUTH-1']),
  'writes-by-id-without-bearer': general(
    'a write on a resource by id (PUT, PATCH, DELETE, and POST below an id: images, states, webhooks, accepts, deliveries) is served without an Authorization header, as the first account, instead of 401; reads, lists and creates still answer 401',
    ['GEN-AUTH-1', 'TX-AUTH-1'],
  ),
  'bogus-bearer-accepted': general('any non-empty bearer token is accepted on the API (as the first account) instead of 401', ['GEN-AUTH-2', 'TX-AUTH-1']),
  // The /api replies (reference/mounts.ts)
  'error-body-shape': general('API errors answer {error: "…"} instead of the spec\'s {code, message}', ['GEN-ERR-1']),
  // Found by mutation testing (teeth/mutation-survivors.json): every message of the reference blanked survived.
  'error-message-empty': general('API errors carry an empty message instead of a detailed description', ['GEN-ERR-1']),
  'malformed-json-500': general('a request body that is not well-formed JSON answers 500 instead of a 4xx', ['GEN-JSON-3', 'GEN-ERR-3']),
  'json-content-type-wrong': general('API replies carry their JSON as Content-Type: text/plain', ['GEN-JSON-1']),
  // The rate limits (reference/throttle.ts): judged on the rate-limited account the embedded run declares
  'no-rate-limit': general('the rate-limited account is never refused: any number of API requests per second is served', ['GEN-RATE-1']),
  'rate-limit-500': general('a request past the rate limit answers 500 instead of a 4xx', ['GEN-RATE-1']),
  // Issue 38: the refusal and another account's service hold, the third part does not: a lockout, not a rate.
  'rate-limit-lockout': general('once the rate-limited account is refused, it stays refused for good, each refusal with Retry-After: 1', ['GEN-RATE-1']),
} satisfies Record<string, DefectInfo>;
