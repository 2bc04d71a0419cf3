/**
 * Every API operation of the OpenAPI document (schemas/operations.ts) without a
 * bearer, and with a well-formed bearer the provider never issued, is refused
 * (spec, Endpoints: "All calls to {base_url} carry Authorization: Bearer").
 * The spec fixes no status: a 401 or 403 is expected, any 4xx passes.
 *
 * An operation by id is probed on a real resource of the account, never on a
 * made-up id (a server that skips authentication answers 404 to an unknown id
 * with a token or without, and the probe would judge nothing): an item, image,
 * webhook, shipping request, transaction, delivery or dispute the check makes
 * in the first Pro account (support/owner-account.ts), deleted after it. The
 * owner reads it first; the request without a valid bearer must be refused; a
 * refused write must leave it unchanged, read back by the owner; the same
 * request with the owner's token comes last and must not be refused alike
 * (support/probe-chain.ts, specs/shared/bearer-control.ts). One check walks
 * one item through the item operations and, between them, what two purchases
 * of it make through the transactions operations (support/item-chain.ts,
 * transaction-chain.ts); another one webhook (webhook-chain.ts); both ways
 * without a valid bearer, so the run makes one item, one webhook and two
 * purchases for them, not one per operation (the run's footprint budget,
 * docs/FIXTURES.md). Where no such resource can be had (no control API for
 * the transactions group), those operations are not applicable, never passed.
 *
 * The lists, the creates and the category attributes read name no resource
 * of an account (support/static-probes.ts): one check per operation and way,
 * their control sent once per worker and shared by both ways.
 */
import { listOperations } from '../../schemas/operations.js';
import { type ApiClient, type ImageHost, type Sessions, type Settings, test, type Track, verify } from '../fixtures.js';
import type { Memo } from '../../lib/memo.js';
import type { TargetCatalog } from '../shared/items/target-catalog.js';
import type { BearerProbes } from './support/auth-fixtures.js';
import { ruleOfKey } from '../../catalog/ids.js';
import { expectBearerRefused, idsFor, WITHOUT_VALID_BEARER, withoutBearer } from './support/bearer-probe.js';
import { ITEM_OPERATIONS, probeItemOperations } from './support/item-chain.js';
import { leaseOwner, type OwnerContext } from './support/owner-account.js';
import { staticCall, staticControl } from './support/static-probes.js';
import { TRANSACTION_OPERATIONS } from './support/transaction-chain.js';
import { probeWebhookOperations, WEBHOOK_OPERATIONS } from './support/webhook-chain.js';

const API_OPERATIONS = listOperations().filter((op) => op.group !== 'auth');

/** The operations of each chain, in the order their check probes them. */
const CHAINS: { groups: string; what: string; operationIds: string[]; probe: (owner: OwnerContext) => Promise<void> }[] = [
  {
    groups: 'items and transactions',
    what: 'an item of the account and the shipping requests, transaction, delivery and dispute its purchases make',
    operationIds: [...ITEM_OPERATIONS, ...TRANSACTION_OPERATIONS],
    probe: probeItemOperations,
  },
  { groups: 'webhooks', what: 'a webhook of the account', operationIds: WEBHOOK_OPERATIONS, probe: probeWebhookOperations },
];
const CHAINED = new Set(CHAINS.flatMap((c) => c.operationIds));

const titleIds = (ids: string[]) => [...new Set(ids.map(ruleOfKey))].map((id) => `[${id}]`).join('');

interface Fixtures {
  api: ApiClient;
  imageHost: ImageHost;
  sessions: Sessions;
  track: Track;
  settings: Settings;
  bearerProbes: BearerProbes;
  targetCatalogMemo: Memo<TargetCatalog>;
}

test.describe('bearer required', { tag: '@auth' }, () => {
  test('[GEN-AUTH-1] the OpenAPI document lists the 30 API operations these checks cover', async () => {
    const unprobed = API_OPERATIONS.filter((op) => op.pathParams.length > 0 && op.operationId !== 'listCategoryAttributes' && !CHAINED.has(op.operationId));
    await verify(API_OPERATIONS.length === 30 && unprobed.length === 0, {
      title: 'schemas/openapi.json lists the 30 API operations of the spec, each checked below without a bearer, every one by id on a resource of the account',
      requirements: ['GEN-AUTH-1'],
      expected: '30 operations, none by id outside a chain',
      actual: `${API_OPERATIONS.length} operations; by id outside a chain: ${unprobed.map((op) => op.operationId).join(', ') || 'none'}`,
    });
  });

  for (const chain of CHAINS) {
    const ops = API_OPERATIONS.filter((op) => chain.operationIds.includes(op.operationId));
    const ids = titleIds(WITHOUT_VALID_BEARER.flatMap((way) => ops.flatMap((op) => idsFor(way.base, op))));
    const paths = ops.map((op) => `${op.method} ${op.path}`).join(', ');
    test(`${ids} the ${chain.groups} operations by id (${paths}) on ${chain.what}, without Authorization and with a bearer the provider never issued, are refused with a 4xx and change nothing`, async ({
      api,
      imageHost,
      sessions,
      track,
      settings,
      targetCatalogMemo,
    }) => {
      await chain.probe(await leaseOwner({ api, imageHost, sessions, track, settings, targetCatalogMemo }));
    });
  }

  for (const op of API_OPERATIONS.filter((o) => !CHAINED.has(o.operationId))) {
    for (const way of WITHOUT_VALID_BEARER) {
      const requirements = idsFor(way.base, op);
      const how = way.base === 'GEN-AUTH-1' ? 'without Authorization' : 'with a bearer the provider never issued';
      test(`${titleIds(requirements)} ${op.method} ${op.path} ${how} is refused with a 4xx`, async ({ api, imageHost, sessions, track, settings, bearerProbes, targetCatalogMemo }) => {
        const f: Fixtures = { api, imageHost, sessions, track, settings, bearerProbes, targetCatalogMemo };
        const call = await staticCall(f, op);
        const control = await staticControl(f, op, call);
        const refused = await api.request(null, withoutBearer(call, way.bearer()));
        await expectBearerRefused(control, refused, requirements, `${op.method} ${op.path} ${way.what} is refused`);
      });
    }
  }
});
