/**
 * The seam between the parts of the reference that cause events (items,
 * transactions, the control API) and the webhook dispatcher that delivers them.
 */
export interface ServiceEvent {
  username: string;
  /** One of the spec's event types (neutral name DISPUTE_CANCELLED_BY_SERVICE). */
  type: string;
  data: Record<string, unknown>;
  /** The notification `id` to deliver it under (the control API's POST /events answers it); the dispatcher makes one when absent. */
  id?: string;
}

export type EventListener = (event: ServiceEvent) => void;

export class EventBus {
  private readonly listeners: EventListener[] = [];

  subscribe(listener: EventListener): void {
    this.listeners.push(listener);
  }

  emit(event: ServiceEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
