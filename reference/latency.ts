import type { ServerResponse } from 'node:http';

/**
 * The freedom `latency` (catalog/freedoms.json): a server across a real network answers a round trip later than
 * one on the loopback. REFERENCE_LATENCY_MS is that round trip, spent as a network spends it: half before the
 * request is served (it is still on its way), half before its answer leaves (on its way back). Every answer of
 * the frame pays it alike: API, identity provider and control API. Bounded: two timers per request, no more.
 */

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits the way in, and holds `res`'s answer for the way back; nothing when `latencyMs` is 0. */
export async function networkDelay(res: ServerResponse, latencyMs: number): Promise<void> {
  if (latencyMs <= 0) return;
  const way = latencyMs / 2;
  // The answer's headers and body leave together with end() (writeHead only stages them): holding end holds both.
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    setTimeout(() => {
      if (!res.destroyed) end(...args);
    }, way);
    return res;
  }) as ServerResponse['end'];
  await pause(way);
}
