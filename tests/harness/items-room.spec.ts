/**
 * specs/shared/items/room.ts: a check gets the free slots it asks for from the
 * account as it is, else from the control API's limit (restored through the
 * undo it registers), else a `not exercised:` reason; it never assumes the
 * limit is free. Driven against a fake account (no server).
 */
import { expect, test } from '@playwright/test';
import type { ApiRequest, ApiResponse } from '../../clients/api-client.js';
import { ItemsApi } from '../../specs/shared/items/items-api.js';
import { ensureRoom, type RoomDeps } from '../../specs/shared/items/room.js';

/** An account holding `active` active and `hidden` hidden items of its own under `limit`. */
function account(limit: number, active: number, hidden: number) {
  const state = { limit, active, hidden, sets: [] as number[] };
  const items = () => [
    ...Array.from({ length: state.active }, (_, i) => ({ id: `a${i}`, title: 't', price: { cash_amount: 1, currency: 'EUR' } })),
    ...Array.from({ length: state.hidden }, (_, i) => ({ id: `h${i}`, title: 't', price: { cash_amount: 1, currency: 'EUR' }, inactive: { flag: true } })),
  ];
  const send = async (req: ApiRequest): Promise<ApiResponse> => {
    const json =
      req.path === '/items/limits'
        ? { limits: [{ total: state.limit, used: state.active, available: state.limit - state.active, category_ids: [7] }] }
        : { items: items(), meta: { pagination: null } };
    return { status: 200, headers: {}, text: JSON.stringify(json), json, durationMs: 1, request: { ...req, url: `http://account.test${req.path}` } } as unknown as ApiResponse;
  };
  const undos: (() => Promise<unknown>)[] = [];
  const deps = (withControl: boolean): RoomDeps => ({
    items: new ItemsApi(send, () => {}),
    username: 'pro-1',
    categoryId: 7,
    setLimit: withControl
      ? async (_u, total) => {
          state.sets.push(total);
          state.limit = total;
        }
      : undefined,
    undo: (_what, fn) => void undos.push(fn),
  });
  return { state, deps, undos };
}

test('an account with the room asked for is used as it is: no limit is set', async () => {
  const a = account(5, 2, 2);
  const result = await ensureRoom(a.deps(true), { min: 3, why: 'three items' });
  expect(result).toEqual({ ok: true, room: { total: 5, active: 2, free: 3 } });
  expect(a.state.sets).toEqual([]);
  expect(a.undos).toHaveLength(0);
});

test('too few free slots: the control API raises the limit to active + the slots needed, and the undo restores it', async () => {
  const a = account(5, 3, 2);
  const result = await ensureRoom(a.deps(true), { min: 4, why: 'four items' });
  expect(result).toEqual({ ok: true, room: { total: 7, active: 3, free: 4, original: 5 } });
  await a.undos[0]();
  expect(a.state.sets).toEqual([7, 5]);
});

test('a large limit is lowered to the room preferred, never below the active count', async () => {
  const a = account(1000, 3, 2);
  const result = await ensureRoom(a.deps(true), { min: 0, max: 20, prefer: 3, why: 'filling the quota' });
  expect(result).toMatchObject({ ok: true, room: { total: 6, free: 3, original: 1000 } });
  const none = account(1000, 3, 0);
  expect(await ensureRoom(none.deps(true), { min: 0, max: 45, prefer: 0, why: 'filling' })).toMatchObject({ ok: true, room: { total: 3, free: 0 } });
});

test('without the control API: too few slots is not exercised [target_state], too many for SC_MAX_ITEMS not applicable [quota_above_max_items]; never a failure', async () => {
  const few = await ensureRoom(account(5, 5, 1).deps(false), { min: 1, why: 'an active item' });
  expect(few).toEqual({
    ok: false,
    reason: expect.stringMatching(/^not exercised \[target_state\]: an active item: limit 5, 5 active item\(s\), so 0 free slot\(s\); needs 1 or more, and no control API/),
  });
  const many = await ensureRoom(account(1000, 3, 2).deps(false), { min: 1, max: 9, why: 'reaching the quota' });
  expect(many).toMatchObject({ ok: false, reason: expect.stringMatching(/^not applicable \[quota_above_max_items\]: .*997 free slot\(s\); needs 1\.\.9/) });
});

test('trim: with the control API the account gets exactly the room preferred, even when its own would do, and the undo restores it', async () => {
  const a = account(5, 1, 2);
  const result = await ensureRoom(a.deps(true), { min: 1, prefer: 1, trim: true, why: 'the last free slot' });
  expect(result).toMatchObject({ ok: true, room: { total: 2, active: 1, free: 1, original: 5 } });
  await a.undos[0]();
  expect(a.state.sets).toEqual([2, 5]);
  // Already at the room preferred: nothing to set.
  const exact = account(2, 1, 0);
  expect(await ensureRoom(exact.deps(true), { min: 1, prefer: 1, trim: true, why: 'the last free slot' })).toEqual({ ok: true, room: { total: 2, active: 1, free: 1 } });
  expect(exact.state.sets).toEqual([]);
  // An account that starts full (no free slot, in range for min 0) is raised to the room preferred, as the interop
  // Python server's seeded accounts and the variant full-accounts start: else a check that fills the quota fills nothing.
  const full = account(5, 5, 2);
  expect(await ensureRoom(full.deps(true), { min: 0, max: 20, prefer: 1, trim: true, why: 'filling the quota' })).toMatchObject({ ok: true, room: { total: 6, active: 5, free: 1, original: 5 } });
  expect(full.state.sets).toEqual([6]);
});

test('trim without the control API, or with one that refuses, uses the account’s own room when it is in range', async () => {
  const a = account(5, 1, 0);
  expect(await ensureRoom(a.deps(false), { min: 1, prefer: 1, trim: true, why: 'x' })).toEqual({ ok: true, room: { total: 5, active: 1, free: 4 } });
  const deps = a.deps(true);
  deps.setLimit = async () => {
    throw new Error('403');
  };
  expect(await ensureRoom(deps, { min: 1, prefer: 1, trim: true, why: 'x' })).toEqual({ ok: true, room: { total: 5, active: 1, free: 4 } });
  expect(a.undos).toHaveLength(0);
});
