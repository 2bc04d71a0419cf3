/**
 * Allowed variants: choices a conforming server may make where the spec says
 * "not shown" or "can". The suite must pass with any of them switched on.
 *
 * Each is the name of one value of a freedom of catalog/freedoms.json, the switch
 * that realizes it (reference/freedoms.ts): `page-size-1` is `page-size=1`.
 * REFERENCE_VARIANTS is thus an alias of REFERENCE_FREEDOMS, and a new variant is
 * a new value of a freedom (tests/teeth/fairness.spec.ts holds every one to it).
 */
export const VARIANTS = {
  // Filled by the groups; e.g. 'signature-base64', 'user-agent-optional', 'page-size-1'.
  // Auth group (reference/oauth/)
  'user-agent-optional': { description: 'the token endpoint serves requests without a User-Agent header (the spec says they "can be rejected")' },
  'redirect-303': { description: 'the IdP redirects with 303 See Other instead of 302 Found (both are redirects)' },
  'redirect-307': {
    description:
      'the IdP redirects a GET (the authorization request) with 307 Temporary Redirect instead of 302; after a POST (credentials, consent) with 303, as RFC 9700 §4.12 requires of a 307 that would forward the form',
  },
  'callback-iss': { description: 'the callback to redirect_uri carries an extra iss parameter (RFC 9207)' },
  'token-extra-fields': { description: 'the token response carries fields the spec does not show (scope, id_token, refresh_expires_in)' },
  'token-no-expires-in': { description: 'the token response states no expires_in (RFC 6749 §5.1: RECOMMENDED, not required); the tokens live as long as ever' },
  'generic-oauth-descriptions': { description: 'every OAuth error_description is the same text "invalid request" (only `error` is meaningful)' },
  'token-errors-403': {
    description:
      'the token endpoint answers 403 where it answers 400 (invalid_grant, invalid_request, unsupported_grant_type, …), its body kept: RFC 6749 §5.2 names 400 without a MUST (an AUTH-TOKEN-8 finding)',
  },
  // Webhooks group (reference/webhooks/)
  'signature-base64': { description: 'X-Service-Signature is base64 instead of hex (the spec leaves the encoding open)' },
  'webhook-list-bare-array': { description: 'GET /webhooks answers a bare array instead of {webhooks: [...]} (the spec shows no wrapper)' },
  'timestamp-from-clock': {
    description:
      'X-Service-Timestamp is the clock at each send, nothing added: copies of one event sent to several subscriptions in one millisecond share it (a WH-SIG-8 finding), a retry never repeats it',
  },
  'retry-late': {
    description:
      'a notification answered with a non-2xx status is retried 12 s, then 30 s and 60 s after each failed attempt (the retry schedule is "not shown"), beyond SC_WEBHOOK_WAIT_MS; the embedded run leaves SC_WEBHOOK_RETRY_WAIT_MS at a remote target\'s default',
  },
  'signature-base64url': { description: 'X-Service-Signature is base64url (RFC 4648 §5: - and _, no padding) instead of hex (the spec leaves the encoding open)' },
  // Items group (reference/items/)
  'values-beside-options': { description: 'discrete attributes carry `values` beside `options` (the spec example) instead of inside it (the spec schema)' },
  'item-ops-204': { description: 'sold, activate, inactivate, reserve and unreserve answer 204 with no body instead of 200 with the item' },
  'records-shown-only': {
    description:
      'GET /items/{id} and the answer of an update or a state operation carry id, title, price and inactive alone ("Full item record from retrieval: fields other than id, title, price and inactive are not shown"): no description, attributes, images, sold or reserved',
  },
  'title-length-limited': {
    description:
      'a title above 40 code points or a description above 1000 is refused 400 INVALID_BODY_REQUEST (Mercari\'s caps, the low end of the common range: "Length limits of title and description: not shown")',
  },
  'page-size-1': { description: 'GET /items and GET /items/inactive give one item per page (the spec does not show the page size)' },
  'page-next-absent': { description: 'the last page of a list omits meta.pagination.next instead of giving null' },
  'limits-bare-array': { description: 'GET /items/limits answers a bare array instead of {limits: [...]} (the spec shows no wrapper)' },
  'error-code-generic': { description: 'every refused item payload answers 400 INVALID_BODY_REQUEST (the spec ties no code to a case)' },
  'create-inactive-emits-event': { description: 'a create beyond the quota (an item born inactive) also emits ITEM_INACTIVATED' },
  'seeded-accounts': {
    description:
      'every account starts holding several items of its own, active and hidden (3 active, or limit − 2 when smaller, and 2 hidden), as real accounts do: free slots are fewer than the limit and lists hold more than the run made',
  },
  'empty-accounts': {
    description:
      'every account starts with no item of its own, as a new seller\'s does and as the independent Python server\'s do by default (seeded-accounts and full-accounts, when on as well, win)',
  },
  'large-limits': { description: 'every account\'s active-item limit is 1000 (the spec fixes no value: "per plan"), above SC_MAX_ITEMS' },
  'pagination-null': { description: 'the last page of a list carries "meta": {"pagination": null} (the real service\'s documented shape) instead of {next: null}' },
  'category-shape': { description: 'a leaf Category omits subcategories and a root omits parent_id (the real service\'s documented categories)' },
  'full-accounts': {
    description:
      "every account starts full: as many active items of its own as its limit (when the limit is at most 20; a larger one gets seeded-accounts' amounts), and 2 hidden; a create beyond the quota, every first create, also emits ITEM_INACTIVATED: as the independent Python server does with INTEROP_SEED_ITEMS at or above its limit",
  },
  'throttle-36': { description: 'past 36 API requests per second per account (the real service\'s published limit) the API answers 429, alternately with and without Retry-After (reference/throttle.ts)' },
  'throttle-36-text-body': {
    description:
      'the throttle of throttle-36, its 429 answered with the text "Too Many Requests" (text/plain) instead of {code, message}, and the suite not pacing for it: rate-limit behaviour is "not shown"',
  },
  'limit-enforced-later': {
    description:
      'a limit lowered below the active count is applied 400 ms after the control call answers, not before it ("Automatic" says nothing of when): the items are inactivated then',
  },
  'no-mandatory-attributes': {
    description:
      'no attribute of any category is mandatory (`is_mandatory: false` everywhere, as the independent Python server declares): "a mandatory attribute left out" (ITEM-VALID-14) asks nothing of this target, not applicable [not_offered]',
  },
  'partial-translations': {
    description:
      'value titles cover fewer languages than category names: in Italian the colour attribute\'s titles stay English while the category names and the condition titles are translated (the spec never says names and titles cover the same languages)',
  },
  'untranslatable-titles': {
    description: 'every discrete value title reads the same in every language (a number, as sizes, grades or brands would): no title differs from the English one, though the category names are translated',
  },
  'cognate-titles': {
    description:
      "the colour attribute has a value 'metal' titled Metal in English and in Spanish (the word is the same) and Metallo in Italian, beside colours translated in both: a title equal to the English one is a word, not a missing translation",
  },
  // The sandbox control API (reference/control/): TARGET.md asks "2xx with a JSON body, or 4xx with {code, message}", no more
  'control-refusals-404-422': {
    description:
      'the control API answers a missing or unknown username 404 {code, message} ("no account undefined", as an independent conforming server does) and any other bad body 422 {code, message}, instead of 400',
  },
  'control-answers-200': { description: 'every control call that works answers 200 (not 201 or 202), with fields TARGET.md does not name beside the ones it does' },
  // The refusal bodies the spec does not show (reference/refusal-bodies.ts): authentication failures, transactions and webhooks groups
  'refusal-bodies-empty': {
    description:
      'every 401 of the API, and every other 4xx of the transactions and webhooks groups, answers with no body (a 401 keeps WWW-Authenticate, with error="invalid_token" when a token was sent: RFC 6750 §3); the items group keeps {code, message}',
  },
  'refusal-bodies-text': { description: 'those refusals (every 401, the transactions and webhooks groups\' 4xx) answer their message as text/plain instead of {code, message}' },
  'refusal-bodies-problem-json': {
    description: 'those refusals answer RFC 9457 problem details (type, title, status, detail; Spring Boot\'s and ASP.NET\'s default shape) instead of {code, message}, as application/json: the spec states that media type for JSON bodies (GEN-JSON-1)',
  },
  // The refusal of an activation with no free slot (reference/items/routes-state.ts): "the way it is refused (status, code): not shown"
  'activate-refused-403': { description: 'an activation with no free slot is refused 403 INVALID_STATUS instead of 409' },
  'activate-refused-422': { description: 'an activation with no free slot is refused 422 INVALID_STATUS instead of 409' },
  'activate-refused-400': { description: 'an activation with no free slot is refused 400 INVALID_BODY_REQUEST (the generic code) instead of 409 INVALID_STATUS' },
  // Transactions group (reference/transactions/)
  'accept-answers-200': { description: 'the two accept operations answer 200 instead of 201 (the spec shows no status)' },
  // The image maximum (reference/items/routes-images.ts): the spec shows none
  // Lifetimes (reference/oauth/): the spec shows none
  'lifetimes-other': {
    description: "the short-lived account's codes live 5 s, access tokens 9 s and refresh tokens 6 s (a refresh token that ends before its access token); the embedded run declares those",
  },
  'token-leeway-60': {
    description:
      "the API accepts an access token 60 s past the expires_in it stated (Spring Security's default clock skew; RFC 7519 §4.1.4 allows \"some small leeway\"); the embedded run declares no leeway (SC_TOKEN_LEEWAY_S), as a team's default run would",
  },
  'max-images-40': {
    description: 'an item holds at most 40 additional images (a maximum inside the common range, which the spec does not show); the embedded run declares none (SC_MAX_IMAGES): the check looks for it',
  },
  'max-images-20': { description: 'an item holds at most 20 additional images instead of 10 (the spec does not show the maximum); the embedded run declares 20 (SC_MAX_IMAGES)' },
  // Events caused by actions (reference/core/caused-events.ts): the spec shows no timing
  'action-events-late': {
    description: 'ITEM_LISTED, DELIVERY_REQUEST_STARTED, TRANSACTION_CREATED and DISPUTE_CREATED leave 1 s after the action that causes them (queued), within SC_WEBHOOK_WAIT_MS',
  },
  // The rate limits (reference/throttle.ts): "response behaviour: not shown"
  'rate-limit-403': { description: 'a request past a rate limit answers 403 {code: USER_UNAUTHORIZED, message} instead of 429, without Retry-After' },
  'rate-limit-503': {
    description: "a request past a rate limit answers 503 with nginx limit_req's HTML page (its default limit_req_status), without Retry-After, instead of 429",
  },
  'rate-limit-no-retry-after': { description: 'a request past a rate limit answers 429 never with Retry-After (the suite waits a bounded pause instead)' },
  'rate-limit-cooldown-60': {
    description:
      'once the rate-limited account is refused, it is refused for 60 s from that first refusal, without Retry-After, then served again (a per-minute window, as GitHub\'s "wait at least one minute" and express-rate-limit\'s 60 s default)',
  },
  'rate-limit-cooldown-60-retry-after': {
    description: 'the same 60 s cool-down, each refusal with Retry-After: the seconds left of it (60 at first), then served again',
  },
  // The page size (reference/items/paging.ts): the spec shows none
  'page-size-10': {
    description: 'GET /items and GET /items/inactive give ten items per page, as real services give 20 to 50 (the spec does not show the page size); the embedded run declares 10 (SC_PAGE_SIZE)',
  },
} satisfies Record<string, { description: string }>;

/** The name of a declared variant: `seam.variant('typo')` does not compile. */
export type VariantName = keyof typeof VARIANTS;

/** True when `name` is a declared variant (REFERENCE_VARIANTS is a string from outside). */
export const isVariantName = (name: string): name is VariantName => Object.hasOwn(VARIANTS, name);
