/** The transactions part behind the in-process harness, with a fake items part and a recording bus. */
import { EventBus, type ServiceEvent } from '../../reference/core/events.js';
import { Seam } from '../../reference/seam.js';
import { TransactionsService } from '../../reference/transactions/index.js';
import { type Api, startApi } from './reference-webhooks-harness.js';

export interface TransactionsRig {
  api: Api;
  service: TransactionsService;
  /** Every event the part emitted, in order. */
  events: ServiceEvent[];
  /** Items known to the fake items part: item id → seller. */
  items: Map<string, string>;
  /** A purchase of a fresh item of `seller`; returns the request id. */
  purchase(seller: string): string;
  /** Purchase then accept by home pickup with a fresh client id; returns both ids. */
  transaction(seller: string): Promise<{ requestId: string; transactionId: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTransactions(options: { defect?: string; variants?: string[] } = {}): Promise<TransactionsRig> {
  const bus = new EventBus();
  const events: ServiceEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const items = new Map<string, string>();
  const service = new TransactionsService({
    seam: new Seam(options.defect, options.variants ?? []),
    options: { port: 0, variants: [], webhookRetryMs: [], itemLimit: 5, pageSize: 3 },
    bus,
    items: { ownerOf: (id) => items.get(id) },
  });
  const api = await startApi((router) => service.registerRoutes(router));
  const rig: TransactionsRig = {
    api,
    service,
    events,
    items,
    purchase(seller) {
      const itemId = `item-${++counter}`;
      items.set(itemId, seller);
      return service.purchase(itemId).request_id;
    },
    async transaction(seller) {
      const requestId = rig.purchase(seller);
      const transactionId = `client-tx-${++counter}-${Date.now()}`;
      const answer = await api.call('POST', `/transactions/requests/${requestId}/accept/home-pickup`, {
        user: seller,
        body: { transaction_id: transactionId },
      });
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`accept answered ${answer.status}: ${answer.text}`);
      return { requestId, transactionId: answer.body.transactionId };
    },
    close: () => api.close(),
  };
  return rig;
}
