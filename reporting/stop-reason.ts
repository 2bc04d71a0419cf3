/**
 * Why a run ended before every check ran, in the words of its first run error (the gate
 * says "the run is broken: " in front of it), read from the run-stop file's records
 * (results/run-artifacts.ts): its deadline, the target that stopped answering (the broken
 * run's line), or the signal that stopped it. None when the run ran to its end.
 */
import type { RunStop } from '../results/run-artifacts.js';

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const REST = 'the checks that finished are judged, the rest were not run';

export function stopReason(stop: RunStop): string | undefined {
  const ended = stop.ended;
  if (!ended) return undefined;
  const after = seconds(ended.afterMs);
  if (ended.status === 'timedout') {
    const limit = ended.deadlineMs ? seconds(ended.deadlineMs) : 'its global timeout';
    return `the run was stopped by its deadline (${limit}, SC_RUN_DEADLINE_S) after ${after}: ${REST}`;
  }
  if (ended.status !== 'interrupted') return undefined;
  // The circuit stopped it (a worker found the target no longer answering and interrupted the run): that is the cause.
  if (stop.broken) return `${stop.broken} (stopped after ${after}: ${REST})`;
  const signal = stop.signal ?? 'SIGINT';
  const how = signal === 'SIGINT' ? 'Ctrl-C (SIGINT)' : signal;
  return `the run was stopped by ${how} after ${after}: ${REST}`;
}
