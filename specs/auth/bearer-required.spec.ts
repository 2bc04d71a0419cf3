/**
 * Every API operation of the OpenAPI document (schemas/operations.ts) without a
 * bearer, and with a well-formed bearer the provider never issued, is refused
 * (spec, Endpoints: "All calls to {base_url} carry Authorization: Bearer").
 * The spec fixes no status: a 401 or 403 is expected, any 4xx passes.
 *
 * Reads use real ids (an assignable category, an item the account already
 * had), found once per worker with a read-only session, so a 404 cannot hide a
 * missing authentication check; POST /items gets a valid-looking payload in
 * that category. Operations that change or delete something get random ids:
 * pointed at a real resource, a server that skips authentication would change
 * data the suite did not create.
 *
 * One reason per refusal (specs/shared/bearer-control.ts): each refused call follows
 * its control, the same call with a valid access token, which must not be
 * refused for its credentials nor answer the same 4xx; else the operation is not
 * exercised, with why. Each operation's control is sent once per worker and
 * serves both refusals. The control of POST /items creates an item, so that
 * check leases a Pro account; the control of POST /webhooks creates a webhook (no
 * quota). Both are deleted after the check that made them.
 */
import { randomUUID } from 'node:crypto';
import { listOperations, type Operation, fillPath } from '../../schemas/operations.js';
import { type ApiClient, type ApiResponse, bogusToken, expectStatus, type ImageHost, partKey, recordNotExercised, type Session, type Sessions, skipUnjudged, test, type Track, verify } from '../fixtures.js';
import { extractList } from '../../schemas/lists.js';
import { ruleOfKey } from '../../catalog/ids.js';
import { bearerRefusalUnproven } from '../shared/bearer-control.js';
import type { BearerProbes, ProbeIds } from './support/auth-fixtures.js';

const API_OPERATIONS = listOperations().filter((op) => op.group !== 'auth');

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

/** Real ids to probe with, read once per worker with a read-only session (failures leave them undefined). */
function discover(api: ApiClient, session: Promise<Session>, ids: BearerProbes['ids']): Promise<ProbeIds> {
  return ids.get(async () => {
    const s = await session;
    const categories = await api.get(s, '/items/categories', { skipChecks: ['response-schema'] });
    const items = await api.get(s, '/items', { skipChecks: ['response-schema'] });
    const first = extractList(items.json)?.[0] as { id?: unknown } | undefined;
    return {
      categoryLeafId: firstAssignable(((categories.json as { categories?: Category[] } | undefined)?.categories ?? []) as Category[]),
      itemId: typeof first?.id === 'string' ? first.id : undefined,
    };
  });
}

/** A body the operation would accept from an authenticated caller. */
function validLookingBody(op: Operation, images: ImageHost, hookUrl: string, found: ProbeIds): unknown {
  const item = {
    category_leaf_id: found.categoryLeafId ?? '1',
    title: 'Conformance probe (never created)',
    description: 'Sent without valid credentials: must be refused.',
    price: { cash_amount: 10, currency: 'EUR' },
  };
  switch (op.operationId) {
    case 'createItem':
      return { item, main_image: { url: images.url('valid') } };
    case 'updateItem':
      return { item: { title: item.title, price: item.price } };
    case 'addItemImage':
      return { url: images.url('valid'), order: 0 };
    case 'createWebhook':
    case 'updateWebhook':
      return { url: hookUrl, events: ['ITEM_LISTED'] };
    case 'acceptHomePickup':
    case 'acceptPostOffice':
      return { transaction_id: randomUUID() };
    case 'updateDeliveryStatus':
      return { status: 'delivered' };
    default:
      return op.hasBody || op.method === 'POST' ? {} : undefined;
  }
}

/** Real ids for the two reads that take one; random ones everywhere else. */
function probePath(op: Operation, found: ProbeIds): string {
  const values: Record<string, string> = Object.fromEntries(op.pathParams.map((name) => [name, randomUUID()]));
  if (op.operationId === 'getItem' && found.itemId) values.itemId = found.itemId;
  if (op.operationId === 'listCategoryAttributes' && found.categoryLeafId) values.id = found.categoryLeafId;
  return fillPath(op, values);
}

/**
 * The rules each probe judges, as part keys: every operation is a part of its rule (catalog `parts`), so a rule
 * passes only when every operation was probed. TX-AUTH-1 speaks of calls without a bearer: its part is the
 * probe without one; the bogus bearer's probe of a transactions operation names it whole, for a failure only.
 */
function idsFor(base: 'GEN-AUTH-1' | 'GEN-AUTH-2', op: Operation): string[] {
  const part = `${op.method} ${op.path}`;
  if (op.group !== 'transactions') return [partKey(base, part)];
  return [partKey(base, part), base === 'GEN-AUTH-1' ? partKey('TX-AUTH-1', part) : 'TX-AUTH-1'];
}
const titleIds = (ids: string[]) => [...new Set(ids.map(ruleOfKey))].map((id) => `[${id}]`).join('');

/** A hook url no test listens on: the control of POST /webhooks subscribes it, nothing is ever sent (no event). */
const NEVER_HOOK = 'http://127.0.0.1:9/hooks/never';

interface Fixtures {
  api: ApiClient;
  imageHost: ImageHost;
  sessions: Sessions;
  track: Track;
  bearerProbes: BearerProbes;
}

/**
 * The control of each operation, sent once per worker: the refusals without a bearer and with a bogus one share
 * it (the same call with a valid token answers alike for both), so POST /items creates one item, not two.
 */
async function controlOf(f: Fixtures, op: Operation, call: { method: Operation['method']; path: string; body: unknown }): Promise<ApiResponse> {
  const { controls } = f.bearerProbes;
  const known = controls.get(op.operationId);
  if (known) return known;
  const sent = (async () => {
    const session = op.operationId === 'createItem' ? await f.sessions.lease('pro') : await f.sessions.pooled(f.sessions.anyAccount('pro').plan);
    // A probe only: the registered checks judge these operations in their own checks, not here.
    const control = await f.api.request(session, { ...call, skipChecks: ['not-a-server-error', 'response-schema', 'documented-success-status', 'error-body-shape', 'json-content-type'] });
    if (op.operationId === 'createItem') f.track.created('item', session, control);
    if (op.operationId === 'createWebhook') f.track.created('webhook', session, control);
    return control;
  })();
  controls.set(op.operationId, sent);
  // A control that broke (a transport failure) is not remembered: the next check sends its own.
  sent.catch(() => controls.delete(op.operationId));
  return sent;
}

/** The call's control with a valid token (once per worker), then the same call refused (`bearer`: null for none, or a bogus token). */
async function controlThenRefused(f: Fixtures, op: Operation, bearer: string | null): Promise<{ control: ApiResponse; refused: ApiResponse }> {
  const found = await discover(f.api, f.sessions.shared(f.sessions.anyAccount('pro').plan), f.bearerProbes.ids);
  const call = { method: op.method, path: probePath(op, found), body: validLookingBody(op, f.imageHost, NEVER_HOOK, found) };
  const control = await controlOf(f, op, call);
  const refused = await f.api.request(null, { ...call, ...(bearer === null ? {} : { bearer }), skipChecks: ['not-a-server-error'] });
  return { control, refused };
}

/** Any 4xx, once the control tells the refusal to be the bearer's; else not exercised, with its code. */
async function expectBearerRefused(control: ApiResponse, refused: ApiResponse, requirements: string[], title: string): Promise<void> {
  const unproven = bearerRefusalUnproven(refused, control, title);
  if (unproven !== undefined) {
    // Said of the operation's own parts, so the rule names this operation among those left unjudged.
    recordNotExercised(requirements, unproven);
    skipUnjudged(unproven);
  }
  await expectStatus(refused, '4xx', requirements, title);
}

test.describe('bearer required', { tag: '@auth' }, () => {
  test('[GEN-AUTH-1] the OpenAPI document lists the 30 API operations these checks cover', async () => {
    await verify(API_OPERATIONS.length === 30, {
      title: 'schemas/openapi.json lists the 30 API operations of the spec, each checked below without a bearer',
      requirements: ['GEN-AUTH-1'],
      expected: '30 operations',
      actual: `${API_OPERATIONS.length} operations`,
    });
  });

  for (const op of API_OPERATIONS) {
    const noBearer = idsFor('GEN-AUTH-1', op);
    test(`${titleIds(noBearer)} ${op.method} ${op.path} without Authorization is refused with a 4xx`, async ({ api, imageHost, sessions, track, bearerProbes }) => {
      const { control, refused } = await controlThenRefused({ api, imageHost, sessions, track, bearerProbes }, op, null);
      await expectBearerRefused(control, refused, noBearer, `${op.method} ${op.path} without a bearer is refused`);
    });

    const bogus = idsFor('GEN-AUTH-2', op);
    test(`${titleIds(bogus)} ${op.method} ${op.path} with a bearer the provider never issued is refused with a 4xx`, async ({ api, imageHost, sessions, track, bearerProbes }) => {
      const { control, refused } = await controlThenRefused({ api, imageHost, sessions, track, bearerProbes }, op, bogusToken());
      await expectBearerRefused(control, refused, bogus, `${op.method} ${op.path} with a bogus bearer is refused`);
    });
  }
});
