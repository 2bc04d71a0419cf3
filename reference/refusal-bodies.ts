import type { IncomingMessage } from 'node:http';
import type { Reply } from './core/http.js';
import type { Seam } from './seam.js';

/**
 * The bodies of the refusals the spec leaves open (freedom `auth-error-bodies`, catalog GEN-ERR-5): "Error bodies for
 * authentication failures and for the transactions and webhooks groups: not shown." Under one of its variants those
 * refusals answer another body than `{code, message}`: every 401 of the API (an authentication failure, whatever the
 * group), and every other 4xx of the transactions and webhooks groups. The items group keeps `{code, message}`, which
 * the spec states for it ("Error body: `code` … and `message`", GEN-ERR-1), and so does the throttle's 429: how a
 * rate limit refuses is a freedom of its own (rate-limit-refusal). Read by the API mount's last look at a reply
 * (reference/mounts.ts), after the evasions, so that a disguised status is reshaped as what it now says.
 *
 *   refusal-bodies-empty         no body at all; a 401 says what RFC 6750 §3 lets it say in WWW-Authenticate alone
 *   refusal-bodies-text          the message as text/plain, as a framework's default error page reads
 *   refusal-bodies-problem-json  RFC 9457 problem details, Spring Boot's and ASP.NET's default shape, labelled
 *                                application/json: the spec states "JSON bodies use `Content-Type: application/json`"
 *                                (GEN-JSON-1, MUST), so application/problem+json is no choice it leaves open
 */

/** The paths of the transactions and webhooks groups (spec "Endpoints"), below the API mount's `/api`. */
const OPEN_GROUPS = /^\/api\/(transactions|disputes|deliveries|webhooks)(\/|\?|$)/;

/** The reason phrase of the statuses the reference refuses with (a problem's `title`). */
const TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content' };

/** True when the refusal's body is one the spec leaves open. */
const isOpen = (reply: Reply, req: IncomingMessage): boolean =>
  reply.status === 401 || (reply.status >= 400 && reply.status < 500 && reply.status !== 429 && OPEN_GROUPS.test(req.url ?? ''));

/** The refusal's text, whatever its shape (`{code, message}`, or the evasions' kept body). */
const messageOf = (reply: Reply): string => {
  const body = reply.body as { message?: unknown; code?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : (TITLES[reply.status] ?? 'refused');
};

/** `reply` with the body the drawn `auth-error-bodies` value gives it, or `reply` itself (the default, `{code, message}`). */
export function reshapeRefusal(seam: Seam, reply: Reply, req: IncomingMessage): Reply {
  if (reply.raw || !isOpen(reply, req)) return reply;
  if (seam.variant('refusal-bodies-empty')) {
    const headers = { ...reply.headers };
    // RFC 6750 §3.1: a request that presented a token it refuses says invalid_token; one without says nothing more.
    if (reply.status === 401 && req.headers.authorization) headers['www-authenticate'] = 'Bearer realm="seller-connect", error="invalid_token"';
    return { status: reply.status, headers };
  }
  if (seam.variant('refusal-bodies-text')) {
    return { status: reply.status, headers: reply.headers, raw: { contentType: 'text/plain; charset=utf-8', text: messageOf(reply) } };
  }
  if (seam.variant('refusal-bodies-problem-json')) {
    const problem = { type: 'about:blank', title: TITLES[reply.status] ?? 'Refused', status: reply.status, detail: messageOf(reply) };
    return { status: reply.status, headers: reply.headers, body: problem };
  }
  return reply;
}
