/**
 * The defect batch's start order and lanes (teeth/batch/order.ts) and where its seconds come
 * from (teeth/timings.ts): the waiters spread through the first half of the others' work, the
 * lanes end together, and a fresh clone, with no matrix of its own yet, orders by the recorded seconds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { laneOrder, startOrder, WAITER_SECONDS } from '../../teeth/batch/order.js';
import { previousSeconds, TIMINGS_FILE } from '../../teeth/timings.js';
import { DEFECTS } from '../../reference/defects/index.js';

const seconds: Record<string, number> = { w22: 22, w12: 12, w10: 10 };
for (let i = 0; i < 30; i++) seconds[`s${i}`] = 1 + (i % 3) * 0.5;
const expected = (name: string): number => seconds[name] ?? 0;

test('every job is started once; the waiters go longest first and spread over the first half of the others', () => {
  const order = startOrder(Object.keys(seconds), expected);
  expect([...order].sort()).toEqual(Object.keys(seconds).sort());
  const waiters = order.filter((n) => expected(n) >= WAITER_SECONDS);
  expect(waiters).toEqual(['w22', 'w12', 'w10']);
  expect(order[0]).toBe('w22');
  const positions = waiters.map((n) => order.indexOf(n));
  // Not bunched at the start (where they left both cores idle) nor near the end (where one ends the run alone).
  expect(positions[1] - positions[0]).toBeGreaterThan(3);
  expect(positions[2]).toBeLessThan(order.length / 2);
});

test('with no waiter, or nothing known, the order is longest first', () => {
  expect(startOrder(['a', 'b', 'c'], (n) => ({ a: 1, b: 3, c: 2 })[n] ?? 0)).toEqual(['b', 'c', 'a']);
  expect(startOrder(['a', 'b'], () => 0)).toEqual(['a', 'b']);
  expect(startOrder(['w', 'x'], (n) => (n === 'w' ? 20 : 0))).toEqual(['w', 'x']);
});

test('the lanes hold every job once, in start order, and end together; no lane is empty', () => {
  const lanes = laneOrder(Object.keys(seconds), 6, expected);
  expect(lanes.flat().sort()).toEqual(Object.keys(seconds).sort());
  const order = startOrder(Object.keys(seconds), expected);
  for (const lane of lanes) expect(lane).toEqual(order.filter((n) => lane.includes(n)));
  const totals = lanes.map((lane) => lane.reduce((sum, n) => sum + expected(n), 0));
  // The longest waiter alone sets the floor (22 s); every other lane ends within a job of it.
  expect(Math.max(...totals)).toBeLessThanOrEqual(22 + 0.3 * 10);
  expect(Math.min(...totals)).toBeGreaterThan(Math.max(...totals) / 2);
  // Each waiter in a lane of its own: three waiters never queue behind one another.
  expect(new Set(lanes.map((lane) => lane.find((n) => n.startsWith('w')) ?? '')).size).toBe(4);
  expect(laneOrder(['a', 'b'], 6, () => 0)).toEqual([['a'], ['b']]);
  expect(laneOrder([], 3, () => 0)).toEqual([]);
});

test('a fresh clone orders by the recorded seconds; a matrix of its own overrides them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sc-teeth-order-'));
  const recorded = previousSeconds(join(dir, 'absent.json'));
  // teeth/timings.json holds the defects of the last full matrix (npm run teeth:record); one added since is
  // ordered as a short job until the next record, so only most must be known.
  const known = Object.keys(DEFECTS).filter((name) => recorded[name] !== undefined);
  expect(known.length, `${TIMINGS_FILE} knows few of the defects: run npm run teeth:record`).toBeGreaterThan(Object.keys(DEFECTS).length * 0.8);
  const own = join(dir, 'kill-matrix.json');
  writeFileSync(own, JSON.stringify({ defects: [{ name: 'no-retry', seconds: 99 }] }));
  const merged = previousSeconds(own);
  expect(merged['no-retry']).toBe(99);
  expect(merged['quota-ignored']).toBe(recorded['quota-ignored']);
});
