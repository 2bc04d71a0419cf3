/**
 * specs/shared/property.ts, the one property runner of the checks: a failure
 * prints the command that replays it, naming the check's own file and title
 * (not a group folder), and the cases judged together on one event are one
 * run of the examples and the drawn values.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { readCurrentSettings } from '../../settings/settings.js';
import { assertProperty, drawnCases, replayCommand } from '../../specs/shared/property.js';

// This process's settings, as the `settings` fixture hands them to a check (FC_SEED unset here: a new seed).
const { settings } = readCurrentSettings();

test('the replay command names the check’s own file and its title, regex characters escaped and shell-quoted', () => {
  const command = replayCommand({ file: '/repo/specs/auth/state-encoding.spec.ts', title: "[AUTH-STATE-1] a state (any VSCHAR) isn't changed" }, 'FC_SEED=7', '/repo');
  expect(command).toBe(`FC_SEED=7 npx seller-connect-conformance specs/auth/state-encoding.spec.ts --grep '\\[AUTH-STATE-1\\] a state \\(any VSCHAR\\) isn'\\''t changed'`);
});

test('(replay) a failing property is replayed by its seed, its path, this file and this title', async () => {
  const failing = fc.asyncProperty(fc.integer({ min: 0, max: 100 }), async (n) => {
    if (n > 10) throw new Error(`too big: ${n}`);
  });
  const error = await assertProperty(failing, { settings, numRuns: 50 }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error?.message).toMatch(/Replay with: FC_SEED=-?\d+ FC_PATH=[\d:]+ npx seller-connect-conformance tests\/harness\/property-replay\.spec\.ts --grep '\\\(replay\\\) a failing property is replayed/);
  expect(test.info().annotations.filter((a) => a.type === 'fast-check').map((a) => a.description)).toEqual([expect.stringMatching(/^seed=-?\d+$/)]);
});

test('drawn cases are the fixed examples first, then the drawn values, in one run', async () => {
  const runs: number[][] = [];
  await assertProperty(
    fc.asyncProperty(drawnCases(fc.integer({ min: 100, max: 200 }), [1, 2], 3), async (cases) => {
      runs.push(cases);
    }),
    { settings, numRuns: 1, shrink: false },
  );
  expect(runs).toHaveLength(1);
  expect(runs[0].slice(0, 2)).toEqual([1, 2]);
  expect(runs[0]).toHaveLength(5);
  for (const drawn of runs[0].slice(2)) expect(drawn).toBeGreaterThanOrEqual(100);
});
