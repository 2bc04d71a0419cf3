/**
 * Bounded waits on the suite's receiver. Every wait ends as soon as what it
 * awaits has arrived; none outlives its bound.
 *
 * - `awaitDeliveries`: until a predicate holds, at most SC_WEBHOOK_WAIT_MS; a
 *   timeout fails the test on the given requirements.
 * - `pollDeliveries`: the same, but a timeout answers undefined (for rules whose
 *   absence is a finding or a skip, e.g. a retry the spec does not promise).
 * - `afterQuietPeriod`: how long "nothing more arrives" is watched. The spec shows no
 *   delivery schedule, so it is a setting: `settings.webhookQuietMs` (SC_WEBHOOK_QUIET_MS,
 *   default 1000 ms, never more than SC_WEBHOOK_WAIT_MS). Checks that wait for silence first see
 *   a delivery of the same event arrive elsewhere, so the silence means something.
 */
import { test } from '@playwright/test';
import type { Hook, ReceivedDelivery, Settings } from '../../../fixtures/index.js';

const POLL_MS = 100;

export async function pollDeliveries(hook: Hook, predicate: (ds: ReceivedDelivery[]) => boolean, timeoutMs: number): Promise<ReceivedDelivery[] | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await hook.deliveries();
    if (predicate(seen)) return seen;
    if (Date.now() >= deadline) return undefined;
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
  }
}

export function awaitDeliveries(
  hook: Hook,
  predicate: (ds: ReceivedDelivery[]) => boolean,
  what: string,
  requirements: string[],
  timeoutMs?: number,
): Promise<ReceivedDelivery[]> {
  return test.step(`wait for ${what}`, () => hook.waitFor(predicate, { what, requirements, timeoutMs }), { box: true });
}

/** Waits the quiet period, then answers what every hook received meanwhile. */
export async function afterQuietPeriod(settings: Settings, hooks: readonly Hook[]): Promise<ReceivedDelivery[][]> {
  const quiet = settings.webhookQuietMs;
  return test.step(`watch ${quiet} ms for deliveries that must not come (SC_WEBHOOK_QUIET_MS)`, async () => {
    await new Promise((r) => setTimeout(r, quiet));
    return Promise.all(hooks.map((h) => h.deliveries()));
  });
}
