import { randomUUID } from 'node:crypto';
import { validate } from '../../schemas/index.js';
import type { ReferenceAccount } from '../config.js';
import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { RequestContext, Router } from '../core/http.js';

/**
 * The sandbox control API (TARGET.md "The sandbox control API"): acts as a buyer
 * or as the service, which the spec's own endpoints cannot. Every answer is a
 * 2xx JSON body or a 4xx `{code, message}`.
 */

/** What the control API drives in the other parts (docs/ARCHITECTURE.md, seams table). */
export interface ControlParts {
  accounts: ReferenceAccount[];
  bus: EventBus;
  idp: { createDirectSession(username: string): { refresh_token: string } };
  items: { setLimit(username: string, total: number): unknown };
  transactions: {
    purchase(itemId: string): { request_id: string };
    openDispute(transactionId: string): { dispute_id: string };
  };
}

/** A limit beyond this is surely a mistake; the spec fixes no value ("per plan"). */
const MAX_LIMIT = 100_000;

const invalid = (message: string) => new ApiError(400, 'INVALID_BODY_REQUEST', message);

function objectBody(ctx: RequestContext): Record<string, unknown> {
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('the body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${name} must be a non-empty string`);
  return value;
}

function knownAccount(parts: ControlParts, username: string): string {
  if (!parts.accounts.some((a) => a.username === username)) {
    throw new ApiError(404, 'UNKNOWN_ACCOUNT', `no account named ${username}`);
  }
  return username;
}

export function registerControlRoutes(router: Router, parts: ControlParts): void {
  router.add('POST', '/direct-sessions', (ctx) => {
    const username = knownAccount(parts, stringField(objectBody(ctx), 'username'));
    return { status: 201, body: parts.idp.createDirectSession(username) };
  });

  router.add('PUT', '/accounts/:username/limit', async (ctx) => {
    const username = knownAccount(parts, ctx.params.username);
    const total = objectBody(ctx).total;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0 || total > MAX_LIMIT) {
      throw invalid(`total must be an integer from 0 to ${MAX_LIMIT}`);
    }
    await parts.items.setLimit(username, total);
    return { status: 200, body: { total } };
  });

  router.add('POST', '/purchases', (ctx) => {
    const itemId = stringField(objectBody(ctx), 'item_id');
    return { status: 201, body: parts.transactions.purchase(itemId) };
  });

  router.add('POST', '/disputes', (ctx) => {
    const transactionId = stringField(objectBody(ctx), 'transaction_id');
    return { status: 201, body: parts.transactions.openDispute(transactionId) };
  });

  router.add('POST', '/events', (ctx) => {
    const body = objectBody(ctx);
    const username = knownAccount(parts, stringField(body, 'username'));
    const type = stringField(body, 'type');
    if (!validate('event-type', type).valid) throw invalid(`type ${type} is not one of the spec's event types`);
    const data = body.data ?? {};
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('data must be a JSON object');
    const id = randomUUID();
    parts.bus.emit({ id, username, type, data: data as Record<string, unknown> });
    return { status: 202, body: { id } };
  });
}
