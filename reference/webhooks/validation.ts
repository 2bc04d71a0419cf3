import { validate } from '../../schemas/index.js';
import { ApiError } from '../core/errors.js';

/** A subscription body after validation. */
export interface WebhookBody {
  url: string;
  events: string[];
}

/** Longest subscribed URL accepted; a generous bound so a huge string is a 400, not a memory cost. */
const MAX_URL_LENGTH = 2048;

/** Loosenings of the validation that defects switch on (read by the caller at the seam). */
export interface Leniency {
  anyEvent?: boolean;
  /** Any string is taken as the url (the defect `webhook-url-not-checked`). */
  anyUrl?: boolean;
}

/**
 * Checks `{url, events}` of POST and PUT /webhooks: the JSON Schema (webhook-create
 * and webhook-update are the same shape) plus what a schema cannot say: the URL
 * is absolute http(s) (the dispatcher POSTs to it) and `events` is not empty
 * (a subscription to nothing is refused: our choice, the spec is silent).
 * Refusals are 400 INVALID_BODY_REQUEST.
 */
export function parseWebhookBody(body: unknown, schema: 'webhook-create' | 'webhook-update', lenient: Leniency = {}): WebhookBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return bad('the body must be a JSON object with url and events');
  }
  const { url, events } = body as Record<string, unknown>;
  if (typeof url !== 'string') return bad('url is required and must be a string');
  if (!Array.isArray(events) || !events.every((e) => typeof e === 'string')) {
    return bad('events is required and must be an array of event types');
  }
  if (!lenient.anyUrl) checkUrl(url);
  if (events.length === 0) return bad('events must name at least one event type');
  if (!lenient.anyEvent) {
    const result = validate(schema, { url: lenient.anyUrl ? 'http://url.not.checked/' : url, events });
    if (!result.valid) {
      const unknown = events.filter((e) => !validate('event-type', e).valid);
      // Echo at most a few, shortened: the message must stay small whatever was sent.
      const named = unknown.slice(0, 5).map((e) => `'${e.slice(0, 64)}'`);
      return bad(unknown.length > 0 ? `unknown event type(s): ${named.join(', ')}` : `invalid body: ${result.errors.slice(0, 5).join('; ')}`);
    }
  }
  return { url, events };
}

function checkUrl(url: string): void {
  if (url.length > MAX_URL_LENGTH) bad(`url is longer than ${MAX_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    bad('url must be an absolute http or https URL');
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    bad('url must be an absolute http or https URL');
  }
}

function bad(why: string): never {
  throw new ApiError(400, 'INVALID_BODY_REQUEST', why);
}
