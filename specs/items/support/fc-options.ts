/**
 * fast-check settings shared by the properties: a seed read from FC_SEED when
 * set (else a new one, printed with any failure), a replay path from FC_PATH,
 * and a time box below the test's timeout. `assertProperty` runs fc.assert and
 * adds the command that replays a failure to its message. A case the target
 * left unjudgeable (a skip of the harness inside the property: a 429 after the
 * retries, a dead token) is a not-judged case of the property, counted, and the
 * property goes on (fixtures/time-budget.ts); too few judged cases leave the
 * rules not exercised with that case's reason, never "Property failed".
 */
import fc from 'fast-check';
import { lastFailureOnly, stopAfterProperty } from '../../../fixtures/ledger.js';
import { allowTime, isInterruption, reportCases, trackRuns } from '../../../fixtures/time-budget.js';
import { currentSettings } from '../../../settings/settings.js';

export interface PropertyOptions {
  /** Generated runs, beyond the examples (fast-check counts examples in numRuns: they are added here). */
  numRuns: number;
  /** Time box of the whole property, shrinking included. */
  timeLimitMs: number;
  /** The test title's leading IDs, for the replay command's --grep. */
  grep: string;
  /** A fixed sequence (examples only): FC_PATH, which belongs to the drawn runs, is not applied. */
  fixed?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: fc.assert's examples are tuples of the property's own argument types.
  examples?: any[];
  /** Fewer runs than this in the time box leave the test's rules not exercised (time budget); default 40% of the runs, at least 1. */
  minRuns?: number;
  /** More settings the replay needs (e.g. `FC_BASE_SEED=…`, support/proven.ts), put before the command. */
  replayEnv?: string;
}

/** FC_SEED (or SC_FC_SEED) when set (`settings.property.seed`); a new seed otherwise. */
export function fcSeed(): number {
  return currentSettings().property.seed ?? Date.now() ^ (Math.random() * 0x100000000);
}

/** FC_REPLAY_PATH: the replayPath fast-check prints for a failed commands run. */
export const replayPath = (): string | undefined => currentSettings().property.replayPath;

/** The least time box of a fixed scenario (see assertProperty). */
const FIXED_TIME_BOX_MS = 60_000;


/** What a property came to: the cases that completed and the outcomes of those not judged (fixtures/unjudged.ts). */
export interface PropertyCases {
  completed: number;
  notJudged: readonly string[];
}

export async function assertProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, options: PropertyOptions): Promise<PropertyCases> {
  const seed = fcSeed();
  const path = options.fixed ? undefined : currentSettings().property.path;
  // Runs are counted, and a run the time box abandoned is awaited before anything else touches the account.
  // Only the counterexample fast-check reports is charged: the failures of the runs it superseded are forgotten.
  const runs = trackRuns(lastFailureOnly(property));
  const planned = options.numRuns + (options.examples?.length ?? 0);
  const counted = () =>
    reportCases(runs.completed, {
      planned,
      minimum: options.minRuns ?? Math.max(1, Math.ceil(planned * 0.4)),
      what: options.fixed ? 'fixed scenario' : 'random runs',
      notJudged: runs.notJudged,
    });
  // A fixed scenario is one deterministic run: its time box only guards against a hang, so it is at least
  // FIXED_TIME_BOX_MS (at a 300 ms round trip the quota scenario needs ~30 s; cut, it exercises nothing).
  // A property's time box is longer than two request deadlines: one slow answer must not end it before a case completes.
  const floor = Math.max(options.fixed ? FIXED_TIME_BOX_MS : 0, 2 * currentSettings().requestTimeoutMs);
  const timeLimitMs = Math.max(options.timeLimitMs, floor);
  // The time box, and the wait for a run it abandons, come on top of the test's own timeout.
  allowTime(timeLimitMs + 20_000);
  try {
    await fc.assert(runs.property, {
      seed,
      path,
      numRuns: options.numRuns + (options.examples?.length ?? 0),
      examples: options.examples,
      plugins: [fc.interruptAfterTimeLimit(timeLimitMs)],
    }).finally(() => runs.settle());
    counted();
  } catch (error) {
    // Stopped by the time box before any counterexample (e.g. 0 cases at a long round trip): fewer cases, never a failure.
    if (isInterruption(error)) {
      counted();
      return { completed: runs.completed, notJudged: runs.notJudged };
    }
    const e = error as Error;
    const failedPath = /path: "([^"]*)"/.exec(e.message)?.[1];
    const replay = /replayPath="([^"]*)"/.exec(e.message)?.[1];
    const env = [`FC_SEED=${seed}`, failedPath ? `FC_PATH=${failedPath}` : '', replay ? `FC_REPLAY_PATH='${replay}'` : '', options.replayEnv ?? ''].filter(Boolean).join(' ');
    const how = options.fixed ? '(a fixed scenario: the same on every run)' : env;
    e.message = `${e.message}\n\nReplay with: ${how} npx playwright test specs/items --grep '${options.grep.replace(/[[\]]/g, '\\$&')}'`;
    stopAfterProperty(e);
  }
  return { completed: runs.completed, notJudged: runs.notJudged };
}
