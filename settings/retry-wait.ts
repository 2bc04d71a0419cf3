/**
 * SC_WEBHOOK_RETRY_WAIT_MS: how long the suite waits for the retry of a
 * notification its receiver answered with a non-2xx status (WH-NOTIF-5, WH-SIG-4,
 * WH-NOTIF-6). The spec shows no schedule ("Retry schedule and number of retries
 * after a non-2xx answer: not shown"); published first retries lie within seconds
 * (Svix: at once, then 5 s; Circle: 1 s; NMI: 15 s), so a remote target's default,
 * 60 s (never less than SC_WEBHOOK_WAIT_MS), holds that range with room for a
 * loaded sender. The wait ends when the retry arrives: only a late server pays.
 * A first retry later still (minutes) leaves those rules not exercised, with this
 * setting named.
 *
 * The embedded reference retries 200 ms after a failed attempt, so its run waits
 * SC_WEBHOOK_WAIT_MS (a defect that never retries costs the kill matrix 10 s, not
 * 60); under the variant `retry-late`, or a drawn first retry no sooner than
 * SC_WEBHOOK_WAIT_MS (the fairness matrix's `webhook-first-retry`), it takes a
 * remote target's default, as a server team's run would; and so it does with the
 * first retry left undeclared (REFERENCE_UNDECLARED=webhook-first-retry).
 */
import { referenceEnv } from '../reference/freedoms.js';
import { undeclaredOf } from './declared.js';
import { type Collector, type Env, int } from './read.js';

export const DEFAULT_RETRY_WAIT_MS = 60_000;

export function readRetryWaitMs(given: Env, c: Collector, embedded: boolean, webhookWaitMs: number): number {
  const env = referenceEnv(given);
  // The embedded reference's first retry: its variant, or a schedule drawn from the freedoms (REFERENCE_WEBHOOK_RETRY_MS).
  const firstRetryMs = Number((env.REFERENCE_WEBHOOK_RETRY_MS ?? '').split(',')[0]) || 0;
  const late = (env.REFERENCE_VARIANTS ?? '').split(',').some((v) => v.trim() === 'retry-late') || firstRetryMs >= webhookWaitMs;
  const declared = embedded && !undeclaredOf(given).includes('webhook-first-retry');
  const fallback = declared && !late ? webhookWaitMs : Math.max(DEFAULT_RETRY_WAIT_MS, webhookWaitMs);
  return c.take(() => int(env, 'SC_WEBHOOK_RETRY_WAIT_MS', fallback, 1), fallback);
}
