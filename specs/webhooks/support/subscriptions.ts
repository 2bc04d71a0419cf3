/**
 * The webhooks group's client: subscriptions as the checks need them, created,
 * tracked for cleanup, listed through whatever wrapper the target uses (the spec
 * shows none), and every path of a webhook built here. A token is registered as
 * a secret the moment it arrives by the checked API client itself (every `token`
 * field of every answer, lib/secrets.ts registerSecretFields): nothing here or in
 * a check registers one again.
 */
import {
  type ApiClient,
  type ApiResponse,
  expectSchema,
  expectControl,
  expectStatus,
  type Hook,
  type Session,
  type Track,
  verify,
} from '../../../fixtures/index.js';
import { extractList } from '../../../schemas/lists.js';

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  token: string;
}

/**
 * The webhook operations of one account: what it creates is tracked for
 * deletion before any assertion (a webhook created with a wrong status is
 * still removed).
 */
export class Webhooks {
  constructor(
    readonly api: ApiClient,
    readonly session: Session,
    private readonly track: Track,
  ) {}

  /** The same operations for another account of the test (a stranger, an owner). */
  as(session: Session): Webhooks {
    return new Webhooks(this.api, session, this.track);
  }

  /** POST /webhooks, unjudged: for refusals (a webhook it made is tracked all the same). */
  async post(body: unknown): Promise<ApiResponse> {
    const res = await this.api.post(this.session, '/webhooks', body);
    this.track.created('webhook', this.session, res);
    return res;
  }

  /** POST /webhooks, answered as the spec shows it (201, string id and token) or the test fails on WH-SUB-1. */
  create(url: string, events: string[]): Promise<Webhook> {
    return this.postJudged(url, events, (res) => expectStatus(res, 201, ['WH-SUB-1'], 'POST /webhooks answers 201'));
  }

  /**
   * The control of a refusal check (judging/refusal.ts): POST /webhooks with url and
   * events answers 201 (WH-SUB-1); a 429 after the retries or a 401 to a token not
   * proven alive leaves the check not exercised (every refusal after it depends on
   * it); a 401 to a token that works fails WH-SUB-1.
   */
  createControl(url: string, events: string[]): Promise<Webhook> {
    return this.postJudged(url, events, (res) => expectControl(res, 201, ['WH-SUB-1'], 'POST /webhooks with url and events answers 201'));
  }

  /** A subscription of `events` to a receiver hook. */
  subscribe(hook: Hook, events: string[]): Promise<Webhook> {
    return this.create(hook.url, events);
  }

  /** PUT /webhooks/{id}, unjudged. */
  put(id: string, body: unknown): Promise<ApiResponse> {
    return this.api.put(this.session, webhookPath(id), body);
  }

  /** DELETE /webhooks/{id}, unjudged. */
  delete(id: string): Promise<ApiResponse> {
    return this.api.delete(this.session, webhookPath(id));
  }

  /** PATCH /webhooks/{id}/token, unjudged. */
  rotate(id: string): Promise<ApiResponse> {
    return this.api.patch(this.session, `${webhookPath(id)}/token`);
  }

  /** GET /webhooks → 200 and its entries (a bare array or any wrapper: the spec shows none). */
  async list(requirements = ['WH-SUB-2']): Promise<{ res: ApiResponse; entries: Record<string, unknown>[] }> {
    const res = await this.api.get(this.session, '/webhooks');
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

  private async postJudged(url: string, events: string[], judgeStatus: (res: ApiResponse) => Promise<void>): Promise<Webhook> {
    const res = await this.post({ url, events });
    await judgeStatus(res);
    await expectSchema(res, 'webhook-create-response', ['WH-SUB-1'], 'POST /webhooks answers a string id and a string token');
    const body = res.json as { id?: unknown; token?: unknown } | undefined;
    return { id: body?.id as string, token: body?.token as string, url, events: [...events] };
  }
}

/** The path of one webhook. */
const webhookPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

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
