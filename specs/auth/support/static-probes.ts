/**
 * The bearer probes of the operations that name no resource of an account: the
 * lists, the two creates and the category attributes read. Their paths and
 * bodies are the same for the check without a bearer and the one with a bogus
 * bearer, so their control (the same call with a valid token) is sent once per
 * worker and serves both. The operations by id of an account's resource are
 * probed on resources the checks make (probe-chain.ts, a chain per group).
 *
 * The category attributes read takes a real category (read once per worker
 * with a read-only session), so a 404 cannot hide a missing authentication
 * check; POST /items gets a valid-looking payload in that category. The
 * control of POST /items creates an item, so it leases a Pro account; the
 * control of POST /webhooks creates a webhook (no quota). Both are deleted
 * after the check that made them.
 */
import type { ApiClient, ApiResponse, ImageHost, Session, Sessions, Track } from '../../../fixtures/index.js';
import { fillPath, type Operation } from '../../../schemas/operations.js';
import type { BearerProbes, ProbeIds } from './auth-fixtures.js';
import { NEVER_HOOK, UNJUDGED_PROBE } from './bearer-probe.js';

interface Category {
  id: number | string;
  assignable_to_item?: boolean;
  subcategories?: Category[];
}

function firstAssignable(categories: Category[]): string | undefined {
  for (const c of categories) {
    if (c.assignable_to_item) return String(c.id);
    const inner = firstAssignable(c.subcategories ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/** A real category to probe with, read once per worker with a read-only session (a failure leaves it undefined). */
function discover(api: ApiClient, session: Promise<Session>, ids: BearerProbes['ids']): Promise<ProbeIds> {
  return ids.get(async () => {
    const categories = await api.get(await session, '/items/categories', { skipChecks: ['response-schema'] });
    return { categoryLeafId: firstAssignable(((categories.json as { categories?: Category[] } | undefined)?.categories ?? []) as Category[]) };
  });
}

/** A body the operation would accept from an authenticated caller. */
function validLookingBody(op: Operation, images: ImageHost, found: ProbeIds): unknown {
  switch (op.operationId) {
    case 'createItem':
      return {
        item: {
          category_leaf_id: found.categoryLeafId ?? '1',
          title: 'Conformance probe (never created)',
          description: 'Sent without valid credentials: must be refused.',
          price: { cash_amount: 10, currency: 'EUR' },
        },
        main_image: { url: images.url('valid') },
      };
    case 'createWebhook':
      return { url: NEVER_HOOK, events: ['CHAT_LEAD_CREATED'] };
    default:
      return op.hasBody || op.method === 'POST' ? {} : undefined;
  }
}

export interface StaticFixtures {
  api: ApiClient;
  imageHost: ImageHost;
  sessions: Sessions;
  track: Track;
  bearerProbes: BearerProbes;
}

/** The probe's request: the category read with a real category when one was found (else a made-up one, whose 404s the control tells apart). */
export async function staticCall(f: StaticFixtures, op: Operation): Promise<{ method: Operation['method']; path: string; body: unknown }> {
  const found = await discover(f.api, f.sessions.shared(f.sessions.anyAccount('pro').plan), f.bearerProbes.ids);
  const path = op.pathParams.length === 0 ? op.path : fillPath(op, { id: found.categoryLeafId ?? '0' });
  return { method: op.method, path, body: validLookingBody(op, f.imageHost, found) };
}

/** The control of the call (once per worker: the refusals without a bearer and with a bogus one share it). */
export async function staticControl(f: StaticFixtures, op: Operation, call: { method: Operation['method']; path: string; body: unknown }): Promise<ApiResponse> {
  const { controls } = f.bearerProbes;
  const known = controls.get(op.operationId);
  if (known) return known;
  const sent = (async () => {
    const session = op.operationId === 'createItem' ? await f.sessions.lease('pro') : await f.sessions.pooled(f.sessions.anyAccount('pro').plan);
    const control = await f.api.request(session, { ...call, ...UNJUDGED_PROBE });
    if (op.operationId === 'createItem') f.track.created('item', session, control);
    if (op.operationId === 'createWebhook') f.track.created('webhook', session, control);
    return control;
  })();
  controls.set(op.operationId, sent);
  // A control that broke (a transport failure) is not remembered: the next check sends its own.
  sent.catch(() => controls.delete(op.operationId));
  return sent;
}
