/**
 * What a run's lifecycle hands to the reports when it stops early, declared
 * here so the harness writes it and the reporter reads it without importing
 * each other:
 *
 *  - the preflight's stopping outcome (run/preflight.ts, run by global
 *    setup), handed to the conformance reporter inside the runner process;
 *  - the broken run's line: the target stopped answering, a worker wrote a
 *    `broken` event to the run's health file (transport/target-health.ts) and
 *    interrupted the run; global teardown keeps the line before it removes the
 *    run folder, and the reporter gives it as the run's first error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

// The outcome travels from global setup to the conformance reporter inside the runner process.
const KEY = Symbol.for('seller-connect.preflight');
type Slot = { [KEY]?: PreflightStop };

export function recordPreflightStop(outcome: PreflightStop): void {
  (globalThis as Slot)[KEY] = outcome;
}

export function recordedPreflightStop(): PreflightStop | undefined {
  return (globalThis as Slot)[KEY];
}

/** The run's health file in the run's folder (SC_RUN_DIR), shared by every worker: one JSON HealthEvent a line. */
export const TARGET_HEALTH_FILE = 'target-health.jsonl';

export type HealthEvent =
  | { t: 'fail'; op: string; msg: string; kind: 'timeout' | 'network'; refused?: boolean; svc?: string; at?: number }
  | { t: 'ok'; op: string; svc?: string }
  | { t: 'broken'; line: string; by: string };

// The broken run's line, read from the run folder by global teardown before it removes the folder: Playwright calls
// the reporters' onEnd after global teardown, inside the same runner process.
const BROKEN_KEY = Symbol.for('seller-connect.broken-run');
type BrokenSlot = { [BROKEN_KEY]?: { runDir: string; line: string } };

/** Keeps the broken run's line of `runDir`, if any, beyond the folder's removal (global teardown). */
export function keepBrokenRun(runDir: string): void {
  const line = readBrokenLine(runDir);
  // Set or cleared: an earlier run of this process with the same folder (the same SC_RUN_ID) says nothing of this one.
  (globalThis as BrokenSlot)[BROKEN_KEY] = line ? { runDir, line } : undefined;
}

/** The broken run's line (the first `broken` event of the run's health file, or the one kept at teardown); undefined when the run is not broken. */
export function brokenRunLine(runDir: string | undefined): string | undefined {
  if (!runDir) return undefined;
  const kept = (globalThis as BrokenSlot)[BROKEN_KEY];
  return kept?.runDir === runDir ? kept.line : readBrokenLine(runDir);
}

function readBrokenLine(runDir: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(runDir, TARGET_HEALTH_FILE), 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    try {
      const e = JSON.parse(line) as HealthEvent;
      if (e.t === 'broken') return e.line;
    } catch {
      // An empty line, or one cut by a crash: ignored.
    }
  }
  return undefined;
}
