/**
 * What a run's processes hand to whoever ends the run (reporting/finish.ts), declared
 * here so the harness writes it and the reports read it without importing each other.
 *
 * ONE channel: the run-stop file in the run's reports folder (SC_REPORTS), one JSON
 * record a line, appended by the process that knows the cause:
 *  - global setup (runner): the preflight's stopping outcome (bad settings, a dead
 *    target, refused credentials: lifecycle/preflight.ts);
 *  - the worker whose circuit broke the run (transport/target-request.ts): the broken
 *    run's line (the target stopped answering);
 *  - the runner's SIGTERM handler (reporting/run-stop.ts): the signal that stopped the run;
 *  - the conformance reporter's onEnd (runner): how Playwright ended (passed, failed,
 *    interrupted, timed out), and when.
 * The reports folder outlives global teardown (which removes the run's temporary
 * folder) and the runner process itself, so the reporter and `npm run conformance`
 * (another process) read the same records. Global setup empties it when a run starts.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mask } from '../lib/secrets.js';

/** The rule a target breaks when its API refuses a fresh access token from its own identity provider. */
export const TOKEN_ACCEPTED_RULE = 'GEN-AUTH-4';

export interface RefusedToken {
  requirement: string;
  /** One line: what the preflight saw. */
  message: string;
  request: { method: string; url: string; headers: Record<string, string> };
  status: number;
  bodyExcerpt: string;
  /** The accounts whose fresh tokens were tried. */
  accounts: string[];
}

/**
 * A preflight outcome that stops the run: `broken`, one line per problem (exit 2);
 * `refused`, the API refuses every fresh token (one failure of GEN-AUTH-4, exit 1).
 */
export type PreflightStop = { kind: 'broken'; problems: string[]; notes: string[]; durationMs: number } | { kind: 'refused'; refused: RefusedToken; notes: string[]; durationMs: number };

/** The run's health file in the run's folder (SC_RUN_DIR), shared by every worker: one JSON HealthEvent a line. */
export const TARGET_HEALTH_FILE = 'target-health.jsonl';

export type HealthEvent =
  | { t: 'fail'; op: string; msg: string; kind: 'timeout' | 'network'; refused?: boolean; svc?: string; at?: number }
  | { t: 'ok'; op: string; svc?: string }
  | { t: 'broken'; line: string; by: string };

/** The run-stop file in the run's reports folder (SC_REPORTS). */
export const RUN_STOP_FILE = 'run-stop.jsonl';

/** How Playwright's run ended, as its last reporter saw it (FullResult's status). */
export interface RunEnded {
  status: 'passed' | 'failed' | 'timedout' | 'interrupted';
  /** How long the run took until then (ms). */
  afterMs: number;
  /** The run's deadline (ms; 0: none), named when it stopped the run. */
  deadlineMs: number;
}

/** One record of the run-stop file; `runId`: the run that wrote it (a reused folder may hold another run's). */
export type RunStopRecord = { runId?: string } & (
  | { t: 'preflight'; outcome: PreflightStop }
  | { t: 'broken'; line: string }
  | { t: 'signal'; signal: string }
  | ({ t: 'ended' } & RunEnded)
);

/** What the run-stop file says of one run: the first record of each kind. */
export interface RunStop {
  preflight?: PreflightStop;
  /** The broken run's line (the first worker that broke it). */
  broken?: string;
  /** The signal that stopped the run (SIGTERM, turned into a graceful stop); none recorded: Ctrl-C. */
  signal?: string;
  /** Absent: Playwright ended without its conformance reporter's onEnd (a crash, a forced stop). */
  ended?: RunEnded;
}

/** Appends one record; never throws (a lost record costs a reason, a throw would cost the run's end). */
export function recordRunStop(reportsDir: string, record: RunStopRecord): void {
  try {
    mkdirSync(reportsDir, { recursive: true });
    // A report file like the others: every secret this process knows masked (lib/secrets.ts).
    appendFileSync(join(reportsDir, RUN_STOP_FILE), `${mask(JSON.stringify(record))}\n`);
  } catch {
    // an unwritable reports folder is reported by the report builder itself
  }
}

/** A run starts: an earlier run's records in the same folder say nothing of this one. */
export function clearRunStop(reportsDir: string): void {
  rmSync(join(reportsDir, RUN_STOP_FILE), { force: true });
}

/** The records of run `runId` (every record when undefined: a report built again from the folder). */
export function readRunStop(reportsDir: string, runId?: string): RunStop {
  const out: RunStop = {};
  let text: string;
  try {
    text = readFileSync(join(reportsDir, RUN_STOP_FILE), 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    let r: RunStopRecord;
    try {
      r = JSON.parse(line) as RunStopRecord;
    } catch {
      continue; // an empty line, or one cut by a crash
    }
    if (runId !== undefined && r.runId !== undefined && r.runId !== runId) continue;
    if (r.t === 'preflight') out.preflight ??= r.outcome;
    else if (r.t === 'broken') out.broken ??= r.line;
    else if (r.t === 'signal') out.signal ??= r.signal;
    else if (r.t === 'ended') out.ended ??= { status: r.status, afterMs: r.afterMs, deadlineMs: r.deadlineMs };
  }
  return out;
}
