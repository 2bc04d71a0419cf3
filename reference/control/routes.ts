import { randomUUID } from 'node:crypto';
import { validate } from '../../schemas/index.js';
import type { ReferenceAccount } from '../config.js';
import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { RequestContext, Router } from '../core/http.js';
import type { Seam } from '../seam.js';

/**
 * The sandbox control API (TARGET.md "The sandbox control API"): acts as a buyer
 * or as the service, which the spec's own endpoints cannot. Every answer is a
 * 2xx JSON body or a 4xx `{code, message}`; which 2xx and which 4xx TARGET.md
 * leaves open, and two allowed variants choose otherwise (reference/variants.ts):
 * `control-refusals-404-422` (a missing or unknown username 404, another bad body
 * 422, instead of 400) and `control-answers-200` (200 with fields not asked for).
 */

/** What the control API drives in the other parts (docs/ARCHITECTURE.md, seams table). */
export interface ControlParts {
  seam: Seam;
  accounts: ReferenceAccount[];
  bus: EventBus;
  idp: { createDirectSession(username: string): DirectSession | Promise<DirectSession> };
  items: { setLimit(username: string, total: number): unknown };
  transactions: {
    purchase(itemId: string): { request_id: string };
    openDispute(transactionId: string): { dispute_id: string };
  };
}

/** A direct-integrator session (spec, Authentication step 11): its first refresh token. */
export interface DirectSession {
  refresh_token: string;
}

/** A limit beyond this is surely a mistake; the spec fixes no value ("per plan"). */
const MAX_LIMIT = 100_000;

/** How this control API refuses: the variants choose other 4xx for the same refusals. */
function refusals(seam: Seam) {
  const otherStatuses = seam.variant('control-refusals-404-422');
  return {
    /** A body that is not what the call takes. */
    invalid: (message: string) => (otherStatuses ? new ApiError(422, 'INVALID_BODY_REQUEST', message) : new ApiError(400, 'INVALID_BODY_REQUEST', message)),
    /** An account this control API does not know; with the variant, a missing username too (as "no account undefined"). */
    unknownAccount: (username: unknown) => new ApiError(404, 'UNKNOWN_ACCOUNT', `no account ${String(username)}`),
    otherStatuses,
  };
}

/** The answer of a call that worked: its own 2xx, or 200 with extra fields under `control-answers-200`. */
function done(seam: Seam, status: number, body: Record<string, unknown>): { status: number; body: Record<string, unknown> } {
  if (!seam.variant('control-answers-200')) return { status, body };
  return { status: 200, body: { ...body, sandbox: true, at: new Date().toISOString() } };
}

export function registerControlRoutes(router: Router, parts: ControlParts): void {
  const { seam } = parts;
  const refuse = refusals(seam);

  const objectBody = (ctx: RequestContext): Record<string, unknown> => {
    const body = ctx.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse.invalid('the body must be a JSON object');
    return body as Record<string, unknown>;
  };
  const stringField = (body: Record<string, unknown>, name: string): string => {
    const value = body[name];
    if (typeof value !== 'string' || value.length === 0) throw refuse.invalid(`${name} must be a non-empty string`);
    return value;
  };
  const knownAccount = (username: string): string => {
    if (!parts.accounts.some((a) => a.username === username)) throw refuse.unknownAccount(username);
    return username;
  };
  /** The body's username: a known account; a missing one is "no account undefined" under the variant. */
  const accountOf = (body: Record<string, unknown>): string => {
    if (refuse.otherStatuses && typeof body.username !== 'string') throw refuse.unknownAccount(body.username);
    return knownAccount(stringField(body, 'username'));
  };

  router.add('POST', '/direct-sessions', async (ctx) => {
    const username = accountOf(objectBody(ctx));
    return done(seam, 201, { ...(await parts.idp.createDirectSession(username)) });
  });

  router.add('PUT', '/accounts/:username/limit', async (ctx) => {
    const username = knownAccount(ctx.params.username);
    const total = objectBody(ctx).total;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0 || total > MAX_LIMIT) {
      throw refuse.invalid(`total must be an integer from 0 to ${MAX_LIMIT}`);
    }
    await parts.items.setLimit(username, total);
    return done(seam, 200, { total });
  });

  router.add('POST', '/purchases', (ctx) => {
    const itemId = stringField(objectBody(ctx), 'item_id');
    return done(seam, 201, parts.transactions.purchase(itemId));
  });

  router.add('POST', '/disputes', (ctx) => {
    const transactionId = stringField(objectBody(ctx), 'transaction_id');
    return done(seam, 201, parts.transactions.openDispute(transactionId));
  });

  router.add('POST', '/events', (ctx) => {
    const body = objectBody(ctx);
    const username = accountOf(body);
    const type = stringField(body, 'type');
    if (!validate('event-type', type).valid) throw refuse.invalid(`type ${type} is not one of the spec's event types`);
    const data = body.data ?? {};
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw refuse.invalid('data must be a JSON object');
    const id = randomUUID();
    parts.bus.emit({ id, username, type, data: data as Record<string, unknown> });
    return done(seam, 202, { id });
  });
}
