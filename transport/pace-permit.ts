/**
 * The run's one pacing schedule as a worker asks it (transport/pacing.ts): the suite
 * server's POST /_suite/pace, shared by every worker process, or a schedule of this
 * process's own (transport/pacing-window.ts) when there is no suite server.
 */
import { Pool } from 'undici';
import { suiteServer } from '../settings/run-context.js';
import type { Grant } from './pacing-window.js';
import type { ServedTarget } from './served-target.js';

let pool: Pool | undefined;
let remoteBroken = false;

/** How long a worker asks again while requests before it are in flight, at most (the schedule's own guard ends it sooner). */
const MAX_ASKING_MS = 150_000;

async function remote(body: Record<string, unknown>): Promise<Grant | undefined> {
  const server = suiteServer();
  if (!server || remoteBroken) return undefined;
  const { localUrl: url, token } = server;
  pool ??= new Pool(url, { connections: 4, keepAliveTimeout: 10_000 });
  try {
    const res = await pool.request({
      method: 'POST',
      path: '/_suite/pace',
      headers: { 'content-type': 'application/json', 'x-suite-token': token },
      body: JSON.stringify(body),
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
    });
    const json = (await res.body.json()) as Partial<{ id: number; waitMs: number; retryMs: number }>;
    if (typeof json.retryMs === 'number') return { retryMs: json.retryMs };
    return { id: typeof json.id === 'number' ? json.id : 0, waitMs: typeof json.waitMs === 'number' ? json.waitMs : 0 };
  } catch {
    // The suite server is gone (or never was): pace within this worker only, rather than fail.
    remoteBroken = true;
    return undefined;
  }
}

export const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Call with the request's end: its answer came back, or it failed. */
export type Sent = () => void;

/**
 * Waits until `key` may send one request to `target`: at most `limit` in any window of `windowMs`
 * (one second by default) as the target sees them arrive (transport/pacing-window.ts). Returns
 * what to call once the request's answer is in: the schedule spaces later requests from it.
 */
export async function permit(target: ServedTarget, key: string, limit: number, windowMs?: number): Promise<Sent> {
  const asked = Date.now();
  for (;;) {
    const wasRemote = !remoteBroken && suiteServer() !== undefined;
    const grant = (await remote({ key, limit, windowMs })) ?? target.schedule.grant(key, limit, Date.now(), windowMs);
    if ('retryMs' in grant) {
      // A request before it is still in flight; past the bound, send (the schedule counts a silent one as ended soon).
      if (Date.now() - asked < MAX_ASKING_MS) {
        await sleep(grant.retryMs);
        continue;
      }
      return () => {};
    }
    await sleep(grant.waitMs);
    const { id } = grant;
    const viaServer = wasRemote && !remoteBroken;
    return () => {
      const at = Date.now();
      // Reported without waiting for it: the request's caller goes on at once.
      if (viaServer) void remote({ key, done: id, at });
      else target.schedule.done(key, id, at);
    };
  }
}

/** Holds `key` at `target` for `ms` (a 429's wait): every worker waits it out with this one. */
export async function hold(target: ServedTarget, key: string, ms: number): Promise<void> {
  if ((await remote({ key, holdMs: ms })) === undefined) target.schedule.hold(key, ms);
}
