/**
 * The conformance report as a Playwright reporter, registered LAST in
 * playwright.config.ts: when its onEnd runs, the JSON, HTML and Allure reporters
 * before it have written their files.
 *
 * Its onEnd always records how the run ended (passed, failed, interrupted by Ctrl-C,
 * SIGTERM or a worker whose target stopped answering, timed out by SC_RUN_DEADLINE_S)
 * in the run-stop file (results/run-artifacts.ts), the one channel of a run's causes.
 * Then, when it owns the run's end (`endsRun`: Playwright runs alone, `npx playwright
 * test`), it ends the run (reporting/finish.ts: reports, summary, gate) and makes the
 * gate the process's exit code, so both commands leave the same reports and the same
 * gate (0, 1, 2, 3). Under `npm run conformance` that script owns the end: it reads
 * the same file after Playwright exits, and may run the paced re-run before the
 * reports are written once.
 */
import type { FullConfig, FullResult, Reporter } from '@playwright/test/reporter';
import { readRunStop, recordRunStop } from '../results/run-artifacts.js';
import { runId } from '../settings/run-context.js';
import { runnerSettings } from '../settings/runner-settings.js';
import { finishRun } from './finish.js';

export interface ConformanceReporterOptions {
  /** The repository root (catalog/). */
  root: string;
  /** Where the reports go (SC_REPORTS). */
  reportsDir: string;
  /** The run's deadline in seconds (SC_RUN_DEADLINE_S, read by the config's settings; 0: none): named when it stopped the run. */
  runDeadlineS: number;
  /** True: this reporter ends the run; false: the process that started Playwright does (scripts/conformance.ts). */
  endsRun: boolean;
}

export default class ConformanceReporter implements Reporter {
  private config?: FullConfig;
  private readonly started = Date.now();

  constructor(private readonly options: ConformanceReporterOptions) {}

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig): void {
    this.config = config;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const { root, reportsDir, runDeadlineS, endsRun } = this.options;
    const id = runId();
    recordRunStop(reportsDir, {
      t: 'ended',
      runId: id,
      status: result.status,
      afterMs: Date.now() - this.started,
      // No config when the deadline passed before the checks began (onBegin): the setting says it.
      deadlineMs: this.config?.globalTimeout || runDeadlineS * 1000,
    });
    if (!endsRun) return undefined;
    // The settings the config read, on the reference's port (settings/runner-settings.ts): this process's one read, handed on.
    const code = await finishRun({ root, reportsDir, settings: runnerSettings().settings, stop: readRunStop(reportsDir, id) });
    // Playwright knows passed (0), failed (1) and interrupted (130); the gate also says 2 (BROKEN) and 3 (INCOMPLETE).
    process.on('exit', () => {
      process.exitCode = code;
    });
    return { status: code === 0 ? 'passed' : 'failed' };
  }
}
