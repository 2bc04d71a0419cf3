/**
 * The bearer probes of the webhook operations by id, on one new webhook of the
 * probed account, subscribed to an address nothing listens on for an event
 * the suite never provokes there (no notification is ever sent), deleted
 * after the check: update (its body moves it to another url and event, so an
 * update served without a bearer shows in the owner's list), token rotation
 * (served, it shows as a new token), delete (as the webhook gone).
 */
import { expectControl, setUp } from '../../../fixtures/index.js';
import { extractList } from '../../../schemas/lists.js';
import { NEVER_HOOK } from './bearer-probe.js';
import type { OwnerContext } from './owner-account.js';
import { ProbeChain } from './probe-chain.js';
import type { Reading } from './readings.js';

/** GET /webhooks by the owner: the webhook's url, events (as a set) and token, or gone when unlisted. */
async function readWebhook(ctx: OwnerContext, id: string): Promise<Reading> {
  const res = await ctx.api.get(ctx.session, '/webhooks', { skipChecks: ['response-schema'] });
  await setUp.expectStatus(res, 200, ['WH-SUB-2'], 'GET /webhooks by the owner answers 200');
  const entry = (extractList(res.json) ?? []).find((e) => (e as { id?: unknown }).id === id) as Record<string, unknown> | undefined;
  if (!entry) return { res, gone: true, facts: {} };
  const events = Array.isArray(entry.events) ? entry.events.map(String).sort() : entry.events;
  return { res, gone: false, facts: { url: entry.url, events, token: entry.token } };
}

/** The webhook operations by id, in the order the chain probes them. */
export const WEBHOOK_OPERATIONS = ['updateWebhook', 'rotateWebhookToken', 'deleteWebhook'];

/** Every webhook operation by id, probed without a bearer and with a bogus one. */
export async function probeWebhookOperations(ctx: OwnerContext): Promise<void> {
  const created = await ctx.api.post(ctx.session, '/webhooks', { url: NEVER_HOOK, events: ['CHAT_LEAD_CREATED'] });
  const webhookId = ctx.track.created('webhook', ctx.session, created);
  await expectControl(created, 201, ['WH-SUB-1'], 'POST /webhooks with url and events answers 201');
  await setUp.verify(webhookId !== undefined, { title: 'POST /webhooks answers the new id', requirements: ['WH-SUB-1'], expected: 'a string id', actual: 'none', exchange: created });
  const chain = new ProbeChain(ctx, () => readWebhook(ctx, webhookId as string), ['WH-SUB-2'], 'the webhook the check made');
  const values = { webhookId: webhookId as string };
  await chain.one({ operationId: 'updateWebhook', values, body: { url: `${NEVER_HOOK}-moved`, events: ['ITEM_BANNED'] } });
  await chain.one({ operationId: 'rotateWebhookToken', values });
  await chain.one({ operationId: 'deleteWebhook', values });
}
