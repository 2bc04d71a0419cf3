/**
 * What a run's lifecycle hands to the reports when it stops early, declared
 * here so the harness writes it and the reporter reads it without importing
 * each other:
 *
 *  - the preflight's stopping outcome (run/preflight.ts, run by global
 *    setup), handed to the conformance reporter inside the runner process;
 *  - the broken run's line: the target stopped answering, a worker wrote a
 *    `broken` event to the run's health file (transport/target-health.ts) and
 *    interrupted the run; the reporter gives that line as the run's first error.
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
  | { t: 'fail'; op: string; msg: string; kind: 'timeout' | 'network'; refused?: boolean; svc?: string }
  | { t: 'ok'; op: string; svc?: string }
  | { t: 'broken'; line: string; by: string };

/** The broken run's line (the first `broken` event of the run's health file); undefined when the run is not broken. */
export function brokenRunLine(runDir: string | undefined): string | undefined {
  if (!runDir) return undefined;
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
