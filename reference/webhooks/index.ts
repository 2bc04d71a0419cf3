import type { ReferenceOptions } from '../config.js';
import type { EventBus } from '../core/events.js';
import type { Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import { Dispatcher } from './dispatcher.js';
import { registerWebhookRoutes } from './routes.js';
import { WebhookStore } from './store.js';

export type { Notification } from './dispatcher.js';

/** Bound of one delivery attempt when the deps give none. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 3000;

export interface WebhooksDeps {
  seam: Seam;
  options: Pick<ReferenceOptions, 'webhookRetryMs' | 'tokenPrefix'>;
  bus: EventBus;
  /** Bound of one delivery attempt (connect and answer); default 3 s. */
  deliveryTimeoutMs?: number;
}

/** The variant retry-late's schedule: a first retry 12 s after a failed attempt, beyond SC_WEBHOOK_WAIT_MS's 10 s. */
const LATE_RETRY_MS = [12_000, 30_000, 60_000];

/**
 * The webhooks part of the reference: the `/webhooks` routes and the dispatcher
 * that turns every event of the bus into signed notifications, with bounded retries.
 */
export class WebhooksService {
  private readonly store: WebhookStore;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly deps: WebhooksDeps) {
    this.store = new WebhookStore(deps.options.tokenPrefix);
    this.dispatcher = new Dispatcher({
      seam: deps.seam,
      store: this.store,
      retryMs: deps.seam.variant('retry-late') ? [...LATE_RETRY_MS] : [...deps.options.webhookRetryMs],
      timeoutMs: deps.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
    });
    deps.bus.subscribe((event) => this.dispatcher.onEvent(event));
  }

  registerRoutes(router: Router): void {
    registerWebhookRoutes(router, { seam: this.deps.seam, store: this.store, dispatcher: this.dispatcher });
  }

  /** Drops pending retries and aborts attempts in flight; call on server shutdown. */
  close(): void {
    this.dispatcher.close();
  }
}
