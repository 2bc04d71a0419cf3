/**
 * Free slots as the account has them. A real account holds items of its own,
 * active and hidden, and any limit: a check never assumes the limit is free.
 * It asks for the room it needs (a range of free slots); when the account does
 * not have it, the control API's limit (TARGET.md `PUT /accounts/{username}/limit`)
 * makes it, and the limit is restored after the test, once the test's items are
 * deleted (so the restore never hides an item of the account's own). Without
 * the control API the check reports itself not applicable
 * [quota_above_max_items] when the account has more room than SC_MAX_ITEMS lets
 * it fill, and not exercised [target_state] when it has too little.
 */
import { notApplicable, notExercised } from '../../../results/outcomes.js';
import { activeCount } from './account-state.js';
import { entryFor, type ItemsApi } from './items-api.js';

export interface RoomDeps {
  items: ItemsApi;
  username: string;
  /** The category the check creates in: its limit entry is the one that counts. */
  categoryId: number | string;
  /** The control API's limit setting, when the target offers one. */
  setLimit?: (username: string, total: number) => Promise<unknown>;
  /** Registers the restoration of the limit, run after the test's items are deleted (track.undo). */
  undo: (what: string, fn: () => Promise<unknown>) => void;
  /** Runs a named step (test.step), so the report shows the limit change. */
  step?: <T>(title: string, body: () => Promise<T>) => Promise<T>;
}

export interface RoomWanted {
  /** At least this many free slots. */
  min: number;
  /** At most this many (a check that fills the quota creates every free slot); unbounded when absent. */
  max?: number;
  /** The free slots to make when the limit must be set: `min` when absent. */
  prefer?: number;
  /**
   * Make exactly `prefer` free slots through the control API even when the
   * account's own are in range (more or fewer): a check that fills the free slots before it
   * goes beyond the quota then creates fewer items (the run's footprint, see
   * docs/FIXTURES.md). Without the control API, or when it cannot set the
   * limit, the account's own room is used as it is.
   */
  trim?: boolean;
  /** What the room is for, in the skip reason. */
  why: string;
}

export interface Room {
  /** The limit (`total` of the entry) now. */
  total: number;
  /** Active items now (GET /items without inactive {flag: true}), the account's own included. */
  active: number;
  /** total − active. */
  free: number;
  /** The limit before the check changed it; undefined when it did not. */
  original?: number;
}

export type RoomResult = { ok: true; room: Room } | { ok: false; reason: string };

/** The limit of the category's entry and the account's active items, read from the spec's own operations. */
export async function readRoom(items: ItemsApi, categoryId: number | string): Promise<Room | undefined> {
  const { entries } = await items.limitEntries();
  const total = entryFor(entries, categoryId)?.total;
  if (typeof total !== 'number' || !Number.isFinite(total)) return undefined;
  const active = await activeCount(items);
  return { total, active, free: total - active };
}

/**
 * Makes sure the account has between `min` and `max` free slots: as it is, or
 * by setting its limit to active + `prefer` through the control API (restored
 * after the test). Setting it never goes below the active count, so it hides
 * nothing. With `trim`, the control API sets it to active + `prefer` even when
 * the account's own room would do, so a check that fills the free slots creates
 * fewer items. Answers why not (a coded outcome) when neither is possible: the
 * caller skips with it, never fails the server for slots the account did not have.
 */
export async function ensureRoom(d: RoomDeps, wanted: RoomWanted): Promise<RoomResult> {
  const max = wanted.max ?? Number.POSITIVE_INFINITY;
  const now = await readRoom(d.items, d.categoryId);
  if (!now) return { ok: false, reason: notExercised('target_state', `${wanted.why}: GET /items/limits gives no numeric total for category ${d.categoryId}`) };
  const inRange = now.free >= wanted.min && now.free <= max;
  const prefer = Math.min(max, Math.max(wanted.min, wanted.prefer ?? wanted.min));
  // Trimming makes exactly `prefer`, up as well as down: an account that starts full (no free slot, `min` 0)
  // would otherwise leave a check that fills the quota nothing to fill, and the rules it proves on the way unjudged.
  if (inRange && !(wanted.trim && d.setLimit && now.free !== prefer)) return { ok: true, room: now };
  const have = `limit ${now.total}, ${now.active} active item(s), so ${now.free} free slot(s); needs ${wanted.min}${Number.isFinite(max) ? `..${max}` : ' or more'}`;
  // The run's bounds (SC_MAX_ITEMS) leave no room to ask for at all: its configuration, whatever the account holds.
  if (wanted.min > max) return { ok: false, reason: notApplicable('quota_above_max_items', `${wanted.why}: needs ${wanted.min}..${max} free slot(s): SC_MAX_ITEMS is too low for it`) };
  if (!d.setLimit) {
    // More free slots than the run may fill (a limit above SC_MAX_ITEMS) and no control API to lower it: the configuration.
    // Too few free slots: the account's state, which an account with room (or the control API) would change.
    return now.free > max
      ? { ok: false, reason: notApplicable('quota_above_max_items', `${wanted.why}: ${have}, above what SC_MAX_ITEMS lets the run fill, and no control API (SC_CONTROL_URL) to lower the limit`) }
      : { ok: false, reason: notExercised('target_state', `${wanted.why}: ${have}, and no control API (SC_CONTROL_URL) to set the limit`) };
  }
  const target = now.active + prefer;
  const setLimit = d.setLimit;
  const step = d.step ?? ((_title, body) => body());
  try {
    await step(`control API: limit of ${d.username} ${now.total} → ${target} (${wanted.why})`, () => setLimit(d.username, target));
  } catch (error) {
    // Trimming is only a saving: the account's own room, in range, still serves.
    if (inRange) return { ok: true, room: now };
    return { ok: false, reason: notExercised('setup_failed', `${wanted.why}: ${have}, and the control API could not set the limit (${(error as Error).message})`) };
  }
  d.undo(`the limit of ${d.username} back to ${now.total}`, () => step(`control API: limit of ${d.username} back to ${now.total}`, () => setLimit(d.username, now.total)));
  const after = await readRoom(d.items, d.categoryId);
  if (!after || after.free < wanted.min || after.free > max) {
    return {
      ok: false,
      reason: notExercised('setup_failed', `${wanted.why}: the limit set through the control API to ${target} reads back as ${after ? `limit ${after.total}, ${after.active} active` : 'no limit'}`),
    };
  }
  return { ok: true, room: { ...after, original: now.total } };
}
