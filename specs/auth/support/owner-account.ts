/**
 * The account the bearer probes of operations by id are sent about: the first
 * Pro account of SC_ACCOUNTS (the first account when none is Pro), leased for
 * the check alone (its resources are made and deleted by the check;
 * sessions.lease of a given account waits while another test holds it). A
 * server that serves a request without a valid bearer serves it as some
 * account of its own choosing, and the probe can only show it on a resource of
 * that account: servers that do so have been seen to act as their first
 * account (the reference's defect writes-by-id-without-bearer, and the
 * independent server of issue 38), so the probes' resources live there. On a
 * resource of another account such a server answers as for an unknown id, a
 * 4xx the probe cannot tell from a refusal. A Pro account, as SC_ACCOUNTS
 * lists them first (TARGET.md's example): only it can hide an item, which
 * moves the probed item to where activate applies (item-chain.ts).
 */
import type { ApiClient, ControlClient, ImageHost, Sessions, Settings, Track } from '../../../fixtures/index.js';
import type { Memo } from '../../../lib/memo.js';
import { optionalControl } from '../../shared/items/bind-room.js';
import type { ItemContext } from '../../shared/items/tagged-item.js';
import type { TargetCatalog } from '../../shared/items/target-catalog.js';

/** The probed account as the probes use it: its items context (tagged-item.ts), and the control API when the target offers one. */
export interface OwnerContext extends ItemContext {
  control: ControlClient | undefined;
}

export interface OwnerFixtures {
  api: ApiClient;
  imageHost: ImageHost;
  sessions: Sessions;
  track: Track;
  settings: Settings;
  targetCatalogMemo: Memo<TargetCatalog>;
}

/** The first Pro account (else the first account), leased, as the probes use it. */
export async function leaseOwner(f: OwnerFixtures): Promise<OwnerContext> {
  const account = f.sessions.anyAccount('pro');
  const session = await f.sessions.lease(account);
  const context = { api: f.api, session, imageHost: f.imageHost, track: f.track, settings: f.settings, catalogMemo: f.targetCatalogMemo };
  return { ...context, control: optionalControl(f.settings) };
}
