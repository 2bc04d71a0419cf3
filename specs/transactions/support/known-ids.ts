/**
 * Identifiers the account can read, for the controls of the refused reads of
 * an unknown id (judging/refusal.ts): the read of a known id must answer a 2xx
 * before the read of an id that does not exist counts as refused for it. A
 * known id is taken from the account's pending list (any wrapper, the spec's
 * `requestId`/`transactionId` or their snake-case twins), else made through the
 * control API (a purchase, accepted for a transaction), else the check is not
 * applicable [no_control_api].
 */
import { test } from '@playwright/test';
import type { ControlClient } from '../../../fixtures/index.js';
import { notApplicable } from '../../../results/outcomes.js';
import { optionalControl as controlOf } from '../../shared/items/bind-room.js';
import type { ItemContext as Context } from '../../shared/items/tagged-item.js';
import { findField } from '../../shared/json-search.js';
import { accept, purchase, transactionsOf } from './shipping.js';
import type { ApiResponse } from '../../../fixtures/index.js';

/** The first id of `fields` in a list, when it answers a 2xx holding one. */
function fromList(res: ApiResponse, fields: readonly string[]): string | undefined {
  return res.status >= 200 && res.status <= 299 ? findField(res.json, fields) : undefined;
}

/** A probe, unjudged: the list's shape is the checks' concern, not this one's. */
const PROBE = { skipChecks: ['response-schema' as const] };

/** The run cannot make a shipping request or transaction without the control API: its configuration, not the target's answer. */
const NOTHING_TO_READ = notApplicable('no_control_api', 'no control read is possible: the pending list holds none and there is no control API (SC_CONTROL_URL) to make one');

/** A shipping request of the account: from GET /transactions/requests/pending, else a purchase. */
export async function knownRequestId(ctx: Context): Promise<string> {
  const listed = fromList(await transactionsOf(ctx).pendingRequests(PROBE), ['requestId', 'request_id']);
  if (listed !== undefined) return listed;
  const control = controlOf(ctx.settings);
  if (!control) test.skip(true, NOTHING_TO_READ);
  return (await purchase({ ...ctx, control: control as ControlClient })).requestId;
}

/** A shipping transaction of the account: from GET /transactions/pending, else a purchase accepted by home pickup. */
export async function knownTransactionId(ctx: Context): Promise<string> {
  const listed = fromList(await transactionsOf(ctx).pendingTransactions(PROBE), ['transactionId', 'transaction_id']);
  if (listed !== undefined) return listed;
  const control = controlOf(ctx.settings);
  if (!control) test.skip(true, NOTHING_TO_READ);
  const { requestId } = await purchase({ ...ctx, control: control as ControlClient });
  return (await accept(transactionsOf(ctx), requestId, 'home-pickup')).transactionId;
}
