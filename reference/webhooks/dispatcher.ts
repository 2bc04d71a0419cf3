import { randomUUID } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import type { ServiceEvent } from '../core/events.js';
import type { Seam } from '../seam.js';
import { postOnce } from './delivery.js';
import { signatureFor } from './signing.js';
import type { Webhook, WebhookStore } from './store.js';

/** The spec's Notification: `id` is stable across retries, `occurred_on` is the event's epoch ms. */
export interface Notification {
  id: string;
  type: string;
  occurred_on: number;
  data: Record<string, unknown>;
}

export interface DispatcherDeps {
  seam: Seam;
  store: WebhookStore;
  /** Delay before each retry; its length bounds the number of retries. */
  retryMs: number[];
  /** Bound of one attempt (connect, answer); a timeout counts as a failure. */
  timeoutMs: number;
}

/** One notification on its way to one subscription, across its attempts. */
interface Job {
  webhookId: string;
  notification: Notification;
  /** Attempts made so far. */
  attempts: number;
  /** The first attempt's timestamp, kept only for the `retry-same-timestamp` defect. */
  firstTimestamp?: number;
}

/**
 * Delivers every event of the bus to the matching subscriptions of its account:
 * POST, signed, retried after each failure (non-2xx, timeout, connection error)
 * with the delays of `retryMs`, then given up. Never blocks nor fails the code
 * that emitted the event. Tokens are never logged; nothing here logs at all.
 */
export class Dispatcher {
  private readonly timers = new Map<string, Set<NodeJS.Timeout>>();
  private readonly inFlight = new Set<ClientRequest>();
  private closed = false;
  /** The last X-Service-Timestamp sent, by any attempt of any notification. */
  private lastTimestamp = 0;

  constructor(private readonly deps: DispatcherDeps) {}

  /** The bus listener. Captures the moment of the event now; sends later. */
  onEvent(event: ServiceEvent): void {
    if (this.closed) return;
    const { seam, store } = this.deps;
    try {
      const now = Date.now();
      const notification: Notification = {
        id: event.id ?? randomUUID(),
        type: event.type,
        occurred_on: seam.defect('occurred-on-seconds') ? Math.floor(now / 1000) : now,
        // A copy, so later changes by the emitter cannot alter what retries send.
        data: JSON.parse(JSON.stringify(event.data ?? {})),
      };
      const targets = store
        .candidates(event.username, {
          everyAccount: seam.defect('notify-other-accounts'),
          includeDeleted: seam.defect('notify-after-delete'),
        })
        .filter((w) => seam.defect('events-not-filtered') || w.events.includes(event.type));
      for (const webhook of targets) {
        const own = seam.defect('notification-id-is-webhook-id') ? { ...notification, id: webhook.id } : notification;
        const job: Job = { webhookId: webhook.id, notification: own, attempts: 0 };
        this.later(job, 0);
      }
    } catch {
      // An event whose data is not JSON cannot be delivered; the emitter is not failed for it.
    }
  }

  /** Called on DELETE: pending retries of that subscription are dropped. */
  cancel(webhookId: string): void {
    if (this.deps.seam.defect('notify-after-delete')) return;
    for (const timer of this.timers.get(webhookId) ?? []) clearTimeout(timer);
    this.timers.delete(webhookId);
  }

  /** Stops every pending retry and in-flight attempt (server shutdown). */
  close(): void {
    this.closed = true;
    for (const set of this.timers.values()) for (const timer of set) clearTimeout(timer);
    this.timers.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
  }

  private later(job: Job, delayMs: number): void {
    const set = this.timers.get(job.webhookId) ?? new Set<NodeJS.Timeout>();
    this.timers.set(job.webhookId, set);
    const timer = setTimeout(() => {
      set.delete(timer);
      if (set.size === 0 && this.timers.get(job.webhookId) === set) this.timers.delete(job.webhookId);
      void this.attempt(job);
    }, delayMs);
    timer.unref();
    set.add(timer);
  }

  private async attempt(job: Job): Promise<void> {
    const { seam, store, retryMs, timeoutMs } = this.deps;
    if (this.closed) return;
    // Re-read the subscription: a deleted one gets nothing more; a rotated token or new URL applies now.
    const webhook = store.current(job.webhookId, seam.defect('notify-after-delete'));
    if (!webhook) return;
    const retry = job.attempts > 0;
    if (retry && seam.defect('retry-new-id')) job.notification = { ...job.notification, id: randomUUID() };
    const timestamp = this.nextTimestamp(job, retry);
    job.attempts += 1;
    const body = Buffer.from(JSON.stringify(job.notification), 'utf8');
    const sent = await postOnce(
      {
        url: this.targetUrl(webhook),
        body,
        headers: this.headers(webhook, body, String(timestamp)),
        // The defect gives up on a subscriber long before a reasonable one answers.
        timeoutMs: seam.defect('delivery-timeout-short') ? 250 : timeoutMs,
      },
      this.inFlight,
    );
    // The defect takes 200 alone for a confirmation: 201, 202 and 204 count as failed.
    const result = sent.ok && sent.status !== 200 && seam.defect('only-200-confirms') ? { ok: false as const, status: sent.status } : sent;
    if (result.ok && job.attempts === 1 && seam.defect('duplicate-after-success')) this.later(job, retryMs[0] ?? 0);
    if (result.ok || this.closed || seam.defect('no-retry')) return;
    // The defect takes a 4xx for final: only a 5xx (or no answer) is retried.
    if (result.status !== undefined && result.status < 500 && seam.defect('retry-only-after-5xx')) return;
    const retriesDone = job.attempts - 1;
    if (retriesDone >= retryMs.length) return; // bounded: give up after the last delay
    this.later(job, retryMs[retriesDone]);
  }

  private nextTimestamp(job: Job, retry: boolean): number {
    const { seam } = this.deps;
    if (retry && job.firstTimestamp !== undefined && seam.defect('retry-same-timestamp')) return job.firstTimestamp;
    // The spec: the timestamp is "epoch milliseconds" and "changes on every request". By default
    // strictly increasing over every request this dispatcher sends, so two sent in one millisecond
    // (copies of one event to several subscriptions) still differ. The variant stamps each send
    // with the clock alone, nothing added: a retry, sent later, still differs (WH-SIG-4), and two
    // copies sent in one millisecond share it (WH-SIG-8, a SHOULD finding). The defect is the same
    // choice declared as breaking that SHOULD, so the kill matrix proves the finding fires.
    const clockOnly = seam.variant('timestamp-from-clock') || seam.defect('timestamp-follows-clock');
    const floor = clockOnly ? 0 : this.lastTimestamp + 1;
    let ms = Math.max(Date.now(), floor);
    this.lastTimestamp = ms;
    job.firstTimestamp ??= ms;
    if (seam.defect('timestamp-in-seconds')) ms = Math.floor(ms / 1000);
    return ms;
  }

  private headers(webhook: Webhook, body: Buffer, timestamp: string): Record<string, string> {
    const { seam } = this.deps;
    const headers: Record<string, string> = {
      'Content-Type': seam.defect('notification-content-type-text') ? 'text/plain' : 'application/json',
      'X-Service-Timestamp': timestamp,
      'X-Service-Signature': signatureFor(seam, webhook, body, timestamp, this.signed++),
    };
    if (seam.defect('timestamp-header-missing')) delete headers['X-Service-Timestamp'];
    return headers;
  }

  private targetUrl(webhook: Webhook): string {
    // staleUrl is only ever set by the `put-url-ignored` defect (routes.ts).
    const url = webhook.staleUrl ?? webhook.url;
    if (this.deps.seam.defect('query-string-dropped')) return url.replace(/[?#].*$/s, '');
    if (this.deps.seam.defect('query-reencoded-as-uri')) return reencodedAsUri(url);
    return url;
  }

  // Declared last so the lines above keep their numbers (teeth/mutation-record.json keys mutants by line).
  /** Requests signed so far, by any attempt of any notification (read by the `signature-encoding-alternates` defect). */
  private signed = 0;
}

/** The `query-reencoded-as-uri` defect: each name and value decoded, then written with encodeURI, which leaves & = + # ? as they are. */
function reencodedAsUri(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1).replace(/#.*$/s, '');
  const pairs = [...new URLSearchParams(query)].map(([name, value]) => `${encodeURI(name)}=${encodeURI(value)}`);
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}
