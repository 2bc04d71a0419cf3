/**
 * The run's one pacing schedule as a worker asks it (transport/pacing.ts): the suite
 * server's POST /_suite/pace, shared by every worker process, or a schedule of this
 * process's own (transport/pacing-window.ts) when there is no suite server.
 */
import { Pool } from 'undici';
import { suiteServer } from '../settings/run-context.js';
import type { ServedTarget } from './served-target.js';

let pool: Pool | undefined;
let remoteBroken = false;

async function remoteGrant(body: { key: string; limit?: number; holdMs?: number }): Promise<number | undefined> {
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
    const json = (await res.body.json()) as { waitMs?: unknown };
    return typeof json.waitMs === 'number' ? json.waitMs : 0;
  } catch {
    // The suite server is gone (or never was): pace within this worker only, rather than fail.
    remoteBroken = true;
    return undefined;
  }
}

export const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Waits until `key` may send one request to `target` under the limit. */
export async function permit(target: ServedTarget, key: string, limit: number): Promise<void> {
  const wait = (await remoteGrant({ key, limit })) ?? target.schedule.grant(key, limit);
  await sleep(wait);
}

/** Holds `key` at `target` for `ms` (a 429's wait): every worker waits it out with this one. */
export async function hold(target: ServedTarget, key: string, ms: number): Promise<void> {
  if ((await remoteGrant({ key, holdMs: ms })) === undefined) target.schedule.hold(key, ms);
}
