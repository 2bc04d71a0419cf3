import { expect, test } from '@playwright/test';
import { clearRunStop, readRunStop, recordRunStop } from '../../results/run-artifacts.js';
import { stopReason } from '../../reporting/stop-reason.js';
import { tempDir } from '../reports/data/helpers.js';

/**
 * The run-stop file (results/run-artifacts.ts): the one channel of a run's causes, written by
 * the process that knows each one, read by whoever ends the run (reporting/finish.ts).
 */

const outcome = { kind: 'broken' as const, problems: ['SC_WORKERS: expected a number'], notes: [], durationMs: 3 };

test("each writer's record reaches the reader; the first of a kind wins; another run's records are not this run's", () => {
  const dir = tempDir('sc-run-stop-');
  recordRunStop(dir, { t: 'broken', runId: 'old', line: 'an earlier run in this folder' });
  recordRunStop(dir, { t: 'preflight', runId: 'r1', outcome });
  recordRunStop(dir, { t: 'broken', runId: 'r1', line: 'the target http://t/api stopped answering at 20:15:03' });
  recordRunStop(dir, { t: 'broken', runId: 'r1', line: 'a second worker, later' });
  recordRunStop(dir, { t: 'signal', runId: 'r1', signal: 'SIGTERM' });
  recordRunStop(dir, { t: 'ended', runId: 'r1', status: 'interrupted', afterMs: 45_000, deadlineMs: 1_800_000 });
  expect(readRunStop(dir, 'r1')).toEqual({
    preflight: outcome,
    broken: 'the target http://t/api stopped answering at 20:15:03',
    signal: 'SIGTERM',
    ended: { status: 'interrupted', afterMs: 45_000, deadlineMs: 1_800_000 },
  });
  clearRunStop(dir);
  expect(readRunStop(dir, 'r1')).toEqual({});
});

test('the first run error names the cause: the target that stopped answering before the signal, the deadline, the signal', () => {
  const interrupted = { status: 'interrupted' as const, afterMs: 45_000, deadlineMs: 0 };
  expect(stopReason({ broken: 'the target http://t/api stopped answering', ended: interrupted })).toBe(
    'the target http://t/api stopped answering (stopped after 45 s: the checks that finished are judged, the rest were not run)',
  );
  expect(stopReason({ ended: interrupted })).toMatch(/^the run was stopped by Ctrl-C \(SIGINT\) after 45 s: /);
  expect(stopReason({ signal: 'SIGTERM', ended: interrupted })).toMatch(/^the run was stopped by SIGTERM after 45 s: /);
  expect(stopReason({ broken: 'x', ended: { status: 'timedout', afterMs: 10_000, deadlineMs: 10_000 } })).toMatch(/^the run was stopped by its deadline \(10 s, SC_RUN_DEADLINE_S\) after 10 s: /);
  // A run that ran to its end, or whose end was never recorded (the caller says that), has no stop reason.
  expect(stopReason({ ended: { status: 'failed', afterMs: 1, deadlineMs: 0 } })).toBeUndefined();
  expect(stopReason({ broken: 'x' })).toBeUndefined();
});
