/**
 * The words of a broken run (transport/target-health.ts): which service stopped
 * answering, when, and what was seen. The line is printed by the worker that
 * broke the run and is the first run error of the report (the gate's reason).
 */
import { mask } from '../lib/secrets.js';
import type { ProbeResult } from './target-probe.js';

/** One transport failure of a streak, as the health file keeps it. */
export interface StreakFailure {
  op: string;
  msg: string;
  refused: boolean;
  /** When the failed exchange was sent (epoch ms). */
  at: number;
}

/** "20:15:03 (42 s into the run)": local time of day, and the run's age when known. */
export function stoppedAt(at: number, runStartedMs?: number): string {
  const clock = new Date(at).toTimeString().slice(0, 8);
  return runStartedMs === undefined ? clock : `${clock} (${Math.max(0, Math.round((at - runStartedMs) / 1000))} s into the run)`;
}

/** "the target http://…/api", "the identity provider http://…/oauth": by the service's base address when known. */
export function serviceName(service: string, base: string | undefined): string {
  const name = service === 'auth' ? 'the identity provider' : 'the target';
  return base ? `${name} ${mask(base)}` : name;
}

/** The failure and the probe both got no status line: `who` is gone since `when`. */
export function goneLine(who: string, when: string, failure: { op: string; summary: string }, probe: ProbeResult): string {
  return `${who} stopped answering at ${when}: ${failure.summary} (${failure.op}; then the probe GET ${probe.url}: ${probe.summary})`;
}

/** The circuit opened on `streak` (failures with no answer in between); `refused`: on its last `refusedInARow` refusals. */
export function circuitLine(who: string, since: string, streak: StreakFailure[], refused: { is: boolean; inARow: number }): string {
  const ops = [...new Set(streak.map((f) => f.op))];
  const each = ops.map((o) => `${o}: ${streak.filter((f) => f.op === o).length}×`).join(', ');
  // The last failure's words without its method and URL (the operations are named already).
  const last = streak[streak.length - 1].msg.replace(/^[A-Z]+ \S+: /, '');
  return refused.is
    ? `${who} refuses connections since ${since}: ${refused.inARow} in a row with no answer in between (${each}); last: ${last}`
    : `${who} stopped answering at ${since}: ${streak.length} exchanges in a row failed on ${ops.length} operations (${each}); last: ${last}`;
}
