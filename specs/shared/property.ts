/**
 * The one property runner of the checks: fast-check's `fc.assert`, with a seed
 * read from FC_SEED when set (else a new one), a path from FC_PATH, and the
 * command that replays a failure, naming the check's own file and title
 * (Playwright's testInfo), e.g.
 *
 *   Replay with: FC_SEED=-1149840064 FC_PATH=0:0:0 npx seller-connect-conformance specs/auth/state-encoding.spec.ts --grep '\[AUTH-STATE-1\] a state …'
 *
 * The seed is annotated on every check that runs a property; the replay is put
 * in fast-check's message when the property fails, and annotated when an
 * assertion inside it failed softly (the property held, the check fails at its end).
 *
 * A case the target left unjudgeable (a skip of the harness inside the property:
 * a 429 after the retries, a dead token) is a not-judged case, counted, and the
 * property goes on (judging/time-budget.ts); too few judged cases leave the
 * rules not exercised with that case's reason, never "Property failed".
 *
 * Cases that are judged together on one event (a hook per case, one item
 * provoked) are one run over all of them: `drawnCases(arbitrary, examples, n)`
 * with `{ numRuns: 1, shrink: false }`.
 */
import path from 'node:path';
import { type TestInfo, test } from '@playwright/test';
import fc from 'fast-check';
import type { Settings } from '../../settings/settings.js';
import { allowTime, FAST_CHECK_ANNOTATION, fastCheckNote, isInterruption, lastFailureOnly, ledgerOf, reportCases, stopAfterProperty, trackRuns } from '../../fixtures/index.js';

export interface PropertyOptions {
  /** The check's `settings` fixture: FC_SEED, FC_PATH (settings.property) and the request deadline. */
  settings: Pick<Settings, 'property' | 'requestTimeoutMs'>;
  /** Generated runs, beyond the examples (fast-check counts examples in numRuns: they are added here). */
  numRuns: number;
  /** Time box of the whole property, shrinking included; none: one scenario bounded by its own waits and the test's timeout. */
  timeLimitMs?: number;
  /** A fixed sequence (examples only): FC_PATH, which belongs to the drawn runs, is not applied. */
  fixed?: boolean;
  /** False: a failing run is reported as drawn, never shrunk (a run is a whole scenario on the target). */
  shrink?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: fc.assert's examples are tuples of the property's own argument types.
  examples?: any[];
  /** Fewer runs than this in the time box leave the test's rules not exercised (time budget); default 40% of the runs, at least 1. */
  minRuns?: number;
  /** More settings the replay needs (e.g. `FC_BASE_SEED=…`, items/support/proven.ts), put before the command. */
  replayEnv?: string;
}

/** FC_SEED (or SC_FC_SEED, its older name) when set (`settings.property.seed`); a new seed otherwise. */
export function fcSeed(settings: Pick<Settings, 'property'>): number {
  return settings.property.seed ?? Date.now() ^ (Math.random() * 0x100000000);
}

/** The least time box of a fixed scenario (see assertProperty). */
const FIXED_TIME_BOX_MS = 60_000;

/** What a property came to: the cases that completed and the outcomes of those not judged (judging/unjudged.ts). */
export interface PropertyCases {
  completed: number;
  notJudged: readonly string[];
}

/** A single-quoted shell word. */
const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The command that runs this check again, the package's command as a user's project
 * runs it (issue 40: `npx playwright test` finds no checks there): its own file
 * (relative to where the run started) and its own title as --grep, the title's regex
 * characters escaped.
 */
export function replayCommand(testInfo: Pick<TestInfo, 'file' | 'title'>, env: string, cwd = process.cwd()): string {
  const file = path.relative(cwd, testInfo.file).split(path.sep).join('/');
  const grep = testInfo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `${env ? `${env} ` : ''}npx seller-connect-conformance ${file} --grep ${shellQuoted(grep)}`;
}

/** The fixed examples, then `count` values drawn from the arbitrary: one run's cases, for checks that judge them together. */
export function drawnCases<T>(arbitrary: fc.Arbitrary<T>, examples: readonly T[], count: number): fc.Arbitrary<T[]> {
  return fc.array(arbitrary, { minLength: count, maxLength: count }).map((drawn) => [...examples, ...drawn]);
}

export async function assertProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, options: PropertyOptions): Promise<PropertyCases> {
  const testInfo = test.info();
  const seed = fcSeed(options.settings);
  // FC_PATH (or SC_FC_PATH), with ':' or ',' between the steps.
  const path = options.fixed ? undefined : options.settings.property.path;
  testInfo.annotations.push({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote({ seed, path }) });
  // Runs are counted, and a run the time box abandoned is awaited before anything else touches the account.
  // Only the counterexample fast-check reports is charged: the failures of the runs it superseded are forgotten.
  const runs = trackRuns(lastFailureOnly(property, testInfo));
  const planned = options.numRuns + (options.examples?.length ?? 0);
  const counted = () =>
    reportCases(runs.completed, {
      planned,
      minimum: options.minRuns ?? Math.max(1, Math.ceil(planned * 0.4)),
      what: options.fixed ? 'fixed scenario' : 'random runs',
      notJudged: runs.notJudged,
    });
  const replay = (failed?: { path?: string; replayPath?: string }) => {
    if (options.fixed) return `(a fixed scenario: the same on every run) ${replayCommand(testInfo, '')}`;
    const env = [`FC_SEED=${seed}`, failed?.path ? `FC_PATH=${failed.path}` : '', failed?.replayPath ? `FC_REPLAY_PATH='${failed.replayPath}'` : '', options.replayEnv ?? ''];
    return replayCommand(testInfo, env.filter(Boolean).join(' '));
  };
  const failuresBefore = ledgerOf(testInfo).failures.length;
  // A fixed scenario is one deterministic run: its time box only guards against a hang, so it is at least
  // FIXED_TIME_BOX_MS (at a 300 ms round trip the quota scenario needs ~30 s; cut, it exercises nothing).
  // A property's time box is longer than two request deadlines: one slow answer must not end it before a case completes.
  const floor = Math.max(options.fixed ? FIXED_TIME_BOX_MS : 0, 2 * options.settings.requestTimeoutMs);
  const timeLimitMs = options.timeLimitMs === undefined ? undefined : Math.max(options.timeLimitMs, floor);
  // The time box, and the wait for a run it abandons, come on top of the test's own timeout.
  if (timeLimitMs !== undefined) allowTime(timeLimitMs + 20_000);
  try {
    await fc
      .assert(runs.property, { seed, path, numRuns: planned, examples: options.examples, endOnFailure: options.shrink === false, plugins: timeLimitMs === undefined ? [] : [fc.interruptAfterTimeLimit(timeLimitMs)] })
      .finally(() => runs.settle());
    counted();
    // The property held, but an assertion inside it failed softly: the check fails at its end; say how to run it again.
    if (ledgerOf(testInfo).failures.length > failuresBefore) testInfo.annotations.push({ type: FAST_CHECK_ANNOTATION, description: fastCheckNote({ seed, path, replay: replay() }) });
  } catch (error) {
    // Stopped by the time box before any counterexample (e.g. 0 cases at a long round trip): fewer cases, never a failure.
    if (isInterruption(error)) {
      counted();
      return { completed: runs.completed, notJudged: runs.notJudged };
    }
    const e = error as Error;
    const failed = { path: /path: "([^"]*)"/.exec(e.message)?.[1], replayPath: /replayPath="([^"]*)"/.exec(e.message)?.[1] };
    e.message = `${e.message}\n\nReplay with: ${replay(failed)}`;
    stopAfterProperty(e, testInfo);
  }
  return { completed: runs.completed, notJudged: runs.notJudged };
}
