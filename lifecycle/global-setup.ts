/**
 * Global setup of the conformance run (runner process, before any worker):
 * 1. takes the settings the config read (settings/settings.ts, once per process), settled on the embedded
 *    reference's port, and stops on any mistake: all of them at once, one line each;
 * 2. starts the suite's own HTTP server (receiver + image host) once for the run;
 * 3. runs the preflight (lifecycle/preflight.ts): can this run judge the target at all?
 *    A stopping outcome is recorded in the run-stop file (results/run-artifacts.ts: the one
 *    channel of a run's causes, which whoever ends the run reads) and thrown: no check runs,
 *    the report says why (exit 2: broken; exit 1: the API refuses every fresh token);
 *    The sessions its logins opened are deposited with the suite server (sessions/session-broker.ts):
 *    the first worker needing an account takes its session instead of logging in again;
 * 4. hands workers what they need through the run context (settings/run-context.ts, inherited
 *    by every worker): the suite server's addresses and token, a folder of this run (account
 *    lease locks), the run's id, and the capabilities the settings name but the preflight found
 *    missing (`control-api`: no control API at SC_CONTROL_URL, and the run requires one).
 * Returns the teardown: stops the server and removes the run folder (a broken run's line is in the run-stop
 * file of the reports folder, which outlives it).
 *
 * SC_PREFLIGHT=0 skips step 3 (the project's own tests of the harness use it).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { clearRunStop, recordRunStop } from '../results/run-artifacts.js';
import type { BudgetDelta } from '../results/budget-files.js';
import { flushBudget } from '../transport/spending.js';
import { servedTarget } from '../transport/served-target.js';
import { outcomeLines, type PreflightOutcome, runPreflight } from './preflight.js';
import { depositSessions } from '../sessions/session-broker.js';
import { ensureRunId, handOff, runId as handedRunId } from '../settings/run-context.js';
import { type Settings, SettingsError } from '../settings/settings.js';
import { runnerSettings } from '../settings/runner-settings.js';
import { startSuiteServer } from '../suite-server/server.js';

/** The error that stops the run: the lines, one per problem, with nothing else around them. */
class PreflightStop extends Error {
  constructor(title: string, lines: string[]) {
    super(lines.length ? `${title}\n${lines.map((l) => `  ${l}`).join('\n')}` : title);
    this.name = 'Preflight';
    this.stack = this.message;
  }
}

const CONFORMANCE_REPORTER = /conformance-reporter/;

function stop(config: FullConfig | undefined, reportsDir: string, outcome: Exclude<PreflightOutcome, { kind: 'ok' }>): never {
  recordRunStop(reportsDir, { t: 'preflight', runId: handedRunId(), outcome });
  const lines = outcomeLines(outcome);
  // The conformance reporter prints the lines with the gate; without it (--reporter replaced) they are printed here.
  const reported = config?.reporter.some(([name]) => CONFORMANCE_REPORTER.test(name)) ?? false;
  const title =
    outcome.kind === 'broken'
      ? `the run is broken: ${lines.length} problem${lines.length === 1 ? '' : 's'} found before any check${reported ? ' (listed below); no requirement is judged' : ':'}`
      : `the run stops before any check: the target refuses every fresh access token${reported ? ' (see below)' : ':'}`;
  throw new PreflightStop(title, reported ? [] : lines);
}

export default async function globalSetup(config?: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  // Only this run's preflight says what the target lacks (an earlier run in this process may have said it).
  handOff({ preflightAbsent: undefined });
  // The config's read, handed on: only the embedded reference's port, known since webServer started it, is new.
  const read = runnerSettings();
  // Absolute, as the config gives it to the reporter: the folder the run starts in.
  const reportsDir = resolve(read.settings.run.reports);
  // The run starts: the run-stop file holds this run's causes alone.
  clearRunStop(reportsDir);
  if (read.problems.length) {
    stop(config, reportsDir, { kind: 'broken', problems: SettingsError.all(read.problems).problems, notes: [], durationMs: Date.now() - started });
  }
  const settings: Settings = read.settings;
  const token = randomBytes(24).toString('base64url');
  let server: Awaited<ReturnType<typeof startSuiteServer>>;
  try {
    server = await startSuiteServer({ ...settings.listen, token });
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    stop(config, reportsDir, {
      kind: 'broken',
      problems: [new SettingsError('SC_LISTEN', `a host:port the suite can listen on; cannot listen on ${settings.listen.host}:${settings.listen.port} (${why})`).message],
      notes: [],
      durationMs: Date.now() - started,
    });
  }

  // A shard takes its share of the token budget, the preflight's logins included (settings/pacing-settings.ts shardShare).
  handOff({ shard: config?.shard ? `${config.shard.current}/${config.shard.total}` : undefined });
  let spent: BudgetDelta | undefined;
  if (settings.run.preflight) {
    // Sessions for the accounts the workers take first, one per worker and plan (the rest only log in).
    const outcome = await runPreflight(settings, { suite: { localUrl: server.localUrl, token }, sessionsPerPlan: config?.workers });
    for (const note of outcome.notes) console.log(`preflight note: ${note}`);
    if (outcome.kind !== 'ok') {
      await server.close();
      stop(config, reportsDir, outcome);
    }
    // The preflight's logins are not thrown away: the first worker needing an account takes its session.
    await depositSessions({ localUrl: server.localUrl, token }, outcome.sessions);
    // A required capability the target lacks: every worker's settings drop it, so its checks say not applicable.
    if (outcome.absent.length > 0) handOff({ preflightAbsent: outcome.absent.join(',') });
    spent = outcome.spent;
  }

  const runId = ensureRunId(settings.run.runId);
  const runDir = join(tmpdir(), `seller-connect-${runId}`);
  mkdirSync(join(runDir, 'locks'), { recursive: true });
  handOff({ suiteServerUrl: server.localUrl, suiteServerToken: token, suitePublicUrl: settings.publicUrl ?? server.localUrl, runDir, runStarted: String(started) });
  // The preflight's code grants are the run's too: the run's budget (its summary, the token budget's share) counts them.
  if (spent) flushBudget({ ...servedTarget(settings, runDir), spending: spent });

  return async () => {
    handOff({ preflightAbsent: undefined });
    await server.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
