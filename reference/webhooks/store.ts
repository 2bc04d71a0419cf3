import { randomBytes, randomUUID } from 'node:crypto';

/** One subscription as the reference keeps it. `token` is a secret: never logged. */
export interface Webhook {
  id: string;
  owner: string;
  url: string;
  events: string[];
  token: string;
  /** The token before the last rotation; kept only so a defect can sign with it. */
  previousToken?: string;
  /** Where notifications go when it differs from `url`; set only by the `put-url-ignored` defect. */
  staleUrl?: string;
}

/** 32 random bytes, base64url: 43 URL-safe characters, far beyond guessing. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The webhook subscriptions of every account, in memory. Lookups take the
 * caller's username: another account's webhook is as invisible as an unknown one.
 */
export class WebhookStore {
  private readonly live = new Map<string, Webhook>();
  /** Deleted subscriptions, kept only for the `notify-after-delete` defect. */
  private readonly deleted = new Map<string, Webhook>();

  /** `prefix` goes before every token (REFERENCE_TOKEN_PREFIX: recognisable secrets). */
  constructor(private readonly prefix = '') {}

  create(owner: string, url: string, events: string[]): Webhook {
    const webhook: Webhook = { id: randomUUID(), owner, url, events: [...events], token: `${this.prefix}${newToken()}` };
    this.live.set(webhook.id, webhook);
    return webhook;
  }

  /** The account's webhook, or undefined when unknown or another account's (`anyOwner` lifts that for a defect). */
  find(owner: string, id: string, anyOwner = false): Webhook | undefined {
    const webhook = this.live.get(id);
    return webhook && (anyOwner || webhook.owner === owner) ? webhook : undefined;
  }

  listOf(owner: string): Webhook[] {
    return [...this.live.values()].filter((w) => w.owner === owner);
  }

  update(webhook: Webhook, url: string, events: string[]): void {
    webhook.url = url;
    webhook.events = [...events];
  }

  rotate(webhook: Webhook): string {
    webhook.previousToken = webhook.token;
    webhook.token = `${this.prefix}${newToken()}`;
    return webhook.token;
  }

  remove(webhook: Webhook): void {
    this.live.delete(webhook.id);
    this.deleted.set(webhook.id, webhook);
  }

  /** The live subscription with this id (any owner), for the dispatcher's next attempt. */
  current(id: string, includeDeleted = false): Webhook | undefined {
    return this.live.get(id) ?? (includeDeleted ? this.deleted.get(id) : undefined);
  }

  /** Every subscription an event of `owner` may go to (all accounts' when `everyAccount`, for a defect). */
  candidates(owner: string, options: { everyAccount?: boolean; includeDeleted?: boolean } = {}): Webhook[] {
    const pool = [...this.live.values(), ...(options.includeDeleted ? this.deleted.values() : [])];
    return options.everyAccount ? pool : pool.filter((w) => w.owner === owner);
  }
}
