import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError, type OAuthError } from './core/errors.js';
import type { Reply, Router } from './core/http.js';
import { BodySyntaxError } from './http-body.js';
import type { Mount } from './http-server.js';
import { reshapeRefusal } from './refusal-bodies.js';
import { evadedRefusal } from './refusal-evasions.js';
import type { Seam } from './seam.js';

/**
 * The `/api` and `/control` mounts: who may call them (the guards) and how
 * their refusals look. The `/oauth` mount belongs to the identity provider.
 */

/** The spec's error body `{code, message}` for any refusal. */
function errorBody(err: ApiError | OAuthError): { code: string; message: string } {
  return err instanceof ApiError ? err.body() : { code: err.error.toUpperCase(), message: err.description };
}

/** Paths the transactions part serves, for its `transactions-without-bearer` defect. */
const TRANSACTIONS_PATHS = /^\/api\/(transactions|disputes|deliveries)(\/|$)/;

/** The two creates: the only writes that name no resource by id. */
const CREATES = /^\/api\/(items|webhooks)\/?(\?|$)/;

/**
 * A write on a resource by id (PUT, PATCH, DELETE, and POST below an id: an image, an accept, a delivery): what the
 * defect `writes-by-id-without-bearer` and the evasion `unknown-ids-refused-only` serve without a valid bearer.
 */
const isWriteById = (req: IncomingMessage): boolean => req.method !== 'GET' && req.method !== 'HEAD' && !CREATES.test(req.url ?? '');

/** The refusal of a request without a valid bearer. */
const bearerRefusal = () => new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required (Authorization: Bearer <token>)');

export interface ApiMountDeps {
  seam: Seam;
  router: Router;
  /** The username of a live access token (IdentityProvider.authenticate, or an external provider's introspection). */
  authenticate: (authorizationHeader: string | undefined) => string | undefined | Promise<string | undefined>;
  /** The account a request without a session acts as, under the `bearer-not-required` defect. */
  defaultUsername: string;
}

/** The access token of `Authorization: Bearer <token>`, or undefined. */
const bearerOf = (req: IncomingMessage): string | undefined => /^bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];

/** At most this many access tokens revoked by the evasion 'refuse-401-token-revoked' are remembered (oldest forgotten). */
const MAX_REVOKED = 100_000;

/** `{base_url}` = `/api`: every call needs `Authorization: Bearer <access token>` (spec, Endpoints). */
export function apiMount({ seam, router, authenticate, defaultUsername }: ApiMountDeps): Mount {
  // Access tokens whose request the evasion 'refuse-401-token-revoked' refused: dead on the API from then on.
  const revoked = new Set<string>();
  // Requests the evasion 'unknown-ids-refused-only' served without a valid bearer: their 404 becomes the bearer's 401.
  const servedUnauthenticated = new WeakSet<IncomingMessage>();
  const guard = async (req: IncomingMessage): Promise<string | undefined> => {
    const bearer = bearerOf(req);
    const username = bearer !== undefined && revoked.has(bearer) ? undefined : await authenticate(req.headers.authorization);
    if (username) return username;
    if (seam.defect('bearer-not-required') && !req.headers.authorization) return defaultUsername;
    if (seam.defect('writes-by-id-without-bearer') && !req.headers.authorization && isWriteById(req)) return defaultUsername;
    if (seam.defect('transactions-without-bearer') && TRANSACTIONS_PATHS.test(req.url ?? '')) return undefined;
    if (seam.evasion('unknown-ids-refused-only') && isWriteById(req)) {
      servedUnauthenticated.add(req);
      return defaultUsername;
    }
    throw bearerRefusal();
  };
  const fail = (err: ApiError | OAuthError): Reply => {
    if (err instanceof BodySyntaxError && seam.defect('malformed-json-500')) {
      return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Unexpected token in JSON' } };
    }
    const headers: Record<string, string> = {};
    // RFC 6750 3: a 401 names the scheme it wants.
    if (err.status === 401) headers['www-authenticate'] = 'Bearer realm="seller-connect"';
    const body = errorBody(err);
    if (seam.defect('error-body-shape')) return { status: err.status, body: { error: body.message }, headers };
    if (seam.defect('error-message-empty')) return { status: err.status, body: { ...body, message: '' }, headers };
    return { status: err.status, body, headers };
  };
  const finish = (given: Reply, req: IncomingMessage): Reply => {
    // The evasion refuses what names no resource of the first account, as a bearer check would: a probe with a made-up id.
    const answered = servedUnauthenticated.has(req) && given.status === 404 ? fail(bearerRefusal()) : evading(given, req);
    // The bodies the spec leaves open (auth failures, the transactions and webhooks groups) take the drawn shape.
    const reply = reshapeRefusal(seam, answered, req);
    if (!seam.defect('json-content-type-wrong') || reply.body === undefined || reply.raw) return reply;
    // The defect: the same JSON text, labelled as plain text.
    return { status: reply.status, headers: reply.headers, raw: { contentType: 'text/plain; charset=utf-8', text: JSON.stringify(reply.body) } };
  };
  // The refusal evasions (reference/refusal-evasions.ts): every refusal, thrown or answered, passes here.
  const evading = (reply: Reply, req: IncomingMessage): Reply => {
    const evaded = evadedRefusal(seam, reply.status);
    if (!evaded) return reply;
    const bearer = bearerOf(req);
    if (bearer !== undefined && seam.evasion('refuse-401-token-revoked')) {
      // The evasion makes its 401 true: the token that sent a refused request is dead from now on.
      revoked.add(bearer);
      if (revoked.size > MAX_REVOKED) revoked.delete(revoked.values().next().value as string);
    }
    const headers = { ...reply.headers, ...evaded.headers };
    if (evaded.status === 401) headers['www-authenticate'] = 'Bearer realm="seller-connect"';
    return { ...reply, status: evaded.status, headers };
  };
  return { prefix: '/api', router, bodyKind: 'json', guard, fail, finish };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The `no-control-required` evasion's refusal: a server without a control API knows no such path. */
class NoControlApi extends ApiError {
  constructor() {
    super(404, 'NOT_FOUND', 'Not Found');
  }
}

/** `/control`: the sandbox control API, behind its own bearer token (TARGET.md). */
export function controlMount(router: Router, controlToken: string, seam?: Seam): Mount {
  const guard = (req: IncomingMessage): undefined => {
    // The evasion: no control API at all, so its token is never looked at.
    if (seam?.evasion('no-control-required')) throw new NoControlApi();
    const match = /^bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match || !sameSecret(match[1], controlToken)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'the control API needs Authorization: Bearer <control token>');
    }
    return undefined;
  };
  const fail = (err: ApiError | OAuthError): Reply => {
    // A plain "no such page", as a server's default 404 reads: no {code, message}, so no control API's answer.
    if (err instanceof NoControlApi) return { status: 404, raw: { contentType: 'text/plain; charset=utf-8', text: 'Not Found' } };
    return { status: err.status, body: errorBody(err) };
  };
  return { prefix: '/control', router, bodyKind: 'json', guard, fail };
}
