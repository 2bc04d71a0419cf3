import { ApiError } from '../core/errors.js';
import type { Reply, RequestContext, Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import type { Dispatcher } from './dispatcher.js';
import type { Webhook, WebhookStore } from './store.js';
import { parseWebhookBody } from './validation.js';

interface Parts {
  seam: Seam;
  store: WebhookStore;
  dispatcher: Dispatcher;
}

/** The account behind the bearer; the frame's check sets it, so its absence is a 401 as well. */
function ownerOf(ctx: RequestContext): string {
  if (!ctx.username) throw new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required');
  return ctx.username;
}

/** The webhook as the spec's Webhook resource (id, url, token, events). */
function view(seam: Seam, w: Webhook): Record<string, unknown> {
  if (seam.defect('list-without-token')) return { id: w.id, url: w.url, events: [...w.events] };
  return { id: w.id, url: w.url, token: w.token, events: [...w.events] };
}

/** The spec's Webhooks table: create, list, update, delete, rotate the token. */
export function registerWebhookRoutes(router: Router, { seam, store, dispatcher }: Parts): void {
  const lookup = (ctx: RequestContext): Webhook => {
    const owner = ownerOf(ctx);
    const found = store.find(owner, ctx.params.webhookId, seam.defect('webhook-other-account-reachable'));
    // The evasion answers every id it gave as unknown.
    const webhook = seam.evasion('own-ids-404') ? undefined : found;
    // Another account's webhook answers exactly like an unknown one: its existence is not disclosed.
    if (!webhook) throw new ApiError(404, 'NOT_FOUND', `no webhook '${ctx.params.webhookId}' in this account`);
    return webhook;
  };
  const parse = (ctx: RequestContext, schema: 'webhook-create' | 'webhook-update', body: unknown = ctx.body) => {
    const parsed = parseWebhookBody(body, schema, {
      anyEvent: seam.defect('unknown-event-accepted'),
      anyUrl: seam.defect('webhook-url-not-checked'),
    });
    if (seam.defect('dispute-cancelled-name-refused') && parsed.events.includes('DISPUTE_CANCELLED_BY_SERVICE')) {
      throw new ApiError(400, 'INVALID_BODY_REQUEST', 'unknown event type(s): DISPUTE_CANCELLED_BY_SERVICE');
    }
    return parsed;
  };

  router.add('POST', '/webhooks', (ctx): Reply => {
    const owner = ownerOf(ctx);
    const { url, events } = parse(ctx, 'webhook-create');
    const webhook = store.create(owner, url, events);
    const status = seam.defect('create-answers-200') ? 200 : 201;
    return { status, body: { id: webhook.id, token: webhook.token, url: webhook.url, events: [...webhook.events] } };
  });

  router.add('GET', '/webhooks', (ctx): Reply => {
    const webhooks = store.listOf(ownerOf(ctx)).map((w) => view(seam, w));
    // The spec shows no wrapper: `{webhooks: [...]}` by default, a bare array under the variant.
    return { status: 200, body: seam.variant('webhook-list-bare-array') ? webhooks : { webhooks } };
  });

  router.add('PUT', '/webhooks/:webhookId', (ctx): Reply => {
    const webhook = lookup(ctx);
    const given = ctx.body;
    const body =
      seam.defect('put-partial-body-accepted') && given !== null && typeof given === 'object'
        ? { url: webhook.url, events: webhook.events, ...given }
        : given;
    const { url, events } = parse(ctx, 'webhook-update', body);
    if (seam.defect('put-url-ignored')) webhook.staleUrl ??= webhook.url;
    store.update(webhook, url, events);
    if (seam.defect('put-answers-200-body')) return { status: 200, body: view(seam, webhook) };
    return { status: 204 };
  });

  router.add('DELETE', '/webhooks/:webhookId', (ctx): Reply => {
    if (seam.defect('unknown-webhook-delete-answers-204') && !store.find(ownerOf(ctx), ctx.params.webhookId)) {
      return { status: 204 };
    }
    const webhook = lookup(ctx);
    store.remove(webhook);
    dispatcher.cancel(webhook.id);
    if (seam.defect('delete-answers-200-body')) return { status: 200, body: { id: webhook.id, deleted: true } };
    return { status: 204 };
  });

  router.add('PATCH', '/webhooks/:webhookId/token', (ctx): Reply => {
    const webhook = lookup(ctx);
    // No body is expected; one that is sent is ignored rather than refused.
    const token = seam.defect('token-not-rotated') ? webhook.token : store.rotate(webhook);
    return { status: 200, body: { id: webhook.id, token } };
  });
}
