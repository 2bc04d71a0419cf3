/**
 * Webhook subscriptions as the checks need them: created, tracked for cleanup,
 * their token registered as a secret the moment it arrives, listed through
 * whatever wrapper the target uses (the spec shows none).
 */
import {
  type ApiClient,
  type ApiResponse,
  expectSchema,
  expectStatus,
  type Hook,
  registerSecret,
  type Session,
  type Sessions,
  type Track,
  verify,
} from '../../../fixtures/index.js';
import { expectControl } from '../../../fixtures/refusal.js';
import { extractList } from '../../../schemas/lists.js';

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  token: string;
}

/** The parts of a test a subscription needs. */
export interface WebhookContext {
  api: ApiClient;
  track: Track;
  session: Session;
}

/** The worker's pooled session of some account: webhooks count toward no quota, so subscription checks need no lease. */
export function webhookSession(sessions: Sessions): Promise<Session> {
  return sessions.pooled(sessions.accounts('basic').length > 0 ? 'basic' : 'pro');
}

/** Every secret-bearing `token` string anywhere in a body is registered before anything can print it. */
export function registerTokens(json: unknown): void {
  if (Array.isArray(json)) for (const v of json) registerTokens(v);
  else if (json !== null && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (k === 'token' && typeof v === 'string') registerSecret(v);
      else registerTokens(v);
    }
  }
}

/** POST /webhooks, tracked for cleanup before any assertion (a webhook created with a wrong status is still removed), its status judged by `judgeStatus`. */
async function postWebhook(ctx: WebhookContext, url: string, events: string[], judgeStatus: (res: ApiResponse) => Promise<void>): Promise<Webhook> {
  const res = await ctx.api.post(ctx.session, '/webhooks', { url, events });
  registerTokens(res.json);
  const body = res.json as { id?: unknown; token?: unknown } | undefined;
  if (typeof body?.id === 'string' && res.status >= 200 && res.status <= 299) ctx.track.webhook(ctx.session, body.id);
  await judgeStatus(res);
  await expectSchema(res, 'webhook-create-response', ['WH-SUB-1'], 'POST /webhooks answers a string id and a string token');
  return { id: body?.id as string, token: body?.token as string, url, events: [...events] };
}

/** POST /webhooks, answered as the spec shows it (201, string id and token) or the test fails on WH-SUB-1. */
export function createWebhook(ctx: WebhookContext, url: string, events: string[]): Promise<Webhook> {
  return postWebhook(ctx, url, events, (res) => expectStatus(res, 201, ['WH-SUB-1'], 'POST /webhooks answers 201'));
}

/**
 * The control of a refusal check (fixtures/refusal.ts): POST /webhooks with url and
 * events answers 201 (WH-SUB-1), tracked for cleanup; a 401 or 429 leaves the check
 * not exercised, since a refusal after it could have the same other reason.
 */
export function createControlWebhook(ctx: WebhookContext, url: string, events: string[]): Promise<Webhook> {
  return postWebhook(ctx, url, events, (res) => expectControl(res, 201, ['WH-SUB-1'], 'POST /webhooks with url and events answers 201'));
}

/** A subscription of `events` to a fresh receiver hook. */
export async function subscribeHook(ctx: WebhookContext, hook: Hook, events: string[]): Promise<Webhook> {
  return createWebhook(ctx, hook.url, events);
}

/** GET /webhooks → 200 and its entries (a bare array or any wrapper: the spec shows none). */
export async function listWebhooks(ctx: Pick<WebhookContext, 'api' | 'session'>, requirements = ['WH-SUB-2']): Promise<{ res: ApiResponse; entries: Record<string, unknown>[] }> {
  const res = await ctx.api.get(ctx.session, '/webhooks');
  registerTokens(res.json);
  await expectStatus(res, 200, requirements, 'GET /webhooks answers 200');
  const entries = extractList(res.json);
  await verify(entries !== undefined, {
    title: 'GET /webhooks answers a list of webhooks',
    requirements,
    expected: 'a bare array, or an object holding one array of webhooks',
    actual: 'no list found in the body',
    exchange: res,
  });
  return { res, entries: (entries ?? []) as Record<string, unknown>[] };
}

/** The listed entry with this id, if any. */
export function listed(entries: readonly Record<string, unknown>[], id: string): Record<string, unknown> | undefined {
  return entries.find((e) => e.id === id);
}

/** Same members, any order: the spec gives `events` no order. */
export function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** A short description of a listed entry for failure messages, its token never shown. */
export function describeEntry(entry: Record<string, unknown> | undefined): string {
  if (!entry) return 'not listed';
  const { token, ...rest } = entry;
  return `${JSON.stringify(rest)}${token === undefined ? ' (no token)' : ' (token ***)'}`;
}
