/**
 * Binds room.ts to the harness (as bind.ts does for the items API):
 * the control API's limit setting when the settings give one, the cleanup's
 * `track.undo` for the restoration, `test.step` for the report. Used by the
 * items, webhooks and transactions checks that need free slots.
 */
import { test } from '@playwright/test';
import { ControlClient, type Session, type Settings, skipUnjudged, type Track } from '../../../fixtures/index.js';
import type { ItemsApi } from './items-api.js';
import { ensureRoom, type RoomDeps, type RoomResult, type RoomWanted } from './room.js';

/** The control API client when the target offers one (without skipping the test when it does not). */
export function optionalControl(settings: Settings): ControlClient | undefined {
  if (!settings.controlUrl || !settings.controlToken) return undefined;
  return new ControlClient(settings.controlUrl, settings.controlToken, settings.requestTimeoutMs);
}

export function roomDeps(f: { settings: Settings; track: Track }, items: ItemsApi, session: Session, categoryId: number | string): RoomDeps {
  const control = optionalControl(f.settings);
  return {
    items,
    username: session.username,
    categoryId,
    setLimit: control ? (username, total) => control.setLimit(username, total) : undefined,
    undo: (what, fn) => f.track.undo(what, fn),
    step: (title, body) => test.step(title, body),
  };
}

/** ensureRoom, then skips the test with its coded reason when the room cannot be had (room.ts). */
export async function needRoom(f: { settings: Settings; track: Track }, items: ItemsApi, session: Session, categoryId: number | string, wanted: RoomWanted) {
  const result: RoomResult = await ensureRoom(roomDeps(f, items, session, categoryId), wanted);
  if (!result.ok) skipUnjudged(result.reason);
  return (result as Extract<RoomResult, { ok: true }>).room;
}
