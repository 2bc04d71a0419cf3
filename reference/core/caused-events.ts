/**
 * The events the reference sends because of an action (issue 32.3, WH-EVT-8 … WH-EVT-11): ITEM_LISTED after an
 * active create, DELIVERY_REQUEST_STARTED after a purchase, TRANSACTION_CREATED after an accept, DISPUTE_CREATED
 * after a dispute. The spec shows no timing for them, so a server may queue them: variant action-events-late sends
 * each LATE_EVENT_MS after its action, well within the suite's SC_WEBHOOK_WAIT_MS.
 */
import type { Seam } from '../seam.js';
import type { EventBus, ServiceEvent } from './events.js';

/** How late variant action-events-late sends an event an action caused. */
export const LATE_EVENT_MS = 1000;

/** Emits an event an action caused: at once, or LATE_EVENT_MS later with variant action-events-late. */
export function emitCaused(bus: EventBus, seam: Seam, event: ServiceEvent): void {
  if (!seam.variant('action-events-late')) {
    bus.emit(event);
    return;
  }
  // unref: a server that stops meanwhile is not kept alive for a late event.
  setTimeout(() => bus.emit(event), LATE_EVENT_MS).unref();
}
