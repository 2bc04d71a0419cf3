/**
 * The conformance report as a Playwright reporter, registered LAST in
 * playwright.config.ts: when its onEnd runs, the JSON, JUnit, HTML and Allure
 * reporters before it have written their files. It then builds
 * conformance.json/html (reporting/finish.ts), prints the summary and makes the
 * gate the process's exit code, so `npx playwright test` and
 * `npm run conformance` leave the same reports and the same gate (0, 1, 2, 3).
 *
 * A run the preflight stopped (run/preflight.ts) is reported from the
 * preflight's outcome (protocol/run-artifacts.ts); a run stopped by Ctrl-C, SIGTERM, its deadline
 * (SC_RUN_DEADLINE_S) or a target that stopped answering (the broken run's line, kept by global
 * teardown: protocol/run-artifacts.ts) is reported for every check that finished, the rest
 * *not run*, with why it stopped as the first run error.
 */
import type { FullConfig, FullResult, Reporter } from '@playwright/test/reporter';
import { loadCatalog } from '../catalog/index.js';
import { brokenRunLine, recordedPreflightStop } from '../protocol/run-artifacts.js';
import { handedOff } from '../settings/run-context.js';
import { finishRun } from './finish.js';
import { preflightRead } from './preflight-report.js';
import { stopSignal } from './run-stop.js';

export interface ConformanceReporterOptions {
  /** The repository root (catalog/). */
  root: string;
  /** Where the reports go (SC_REPORTS). */
  reportsDir: string;
  /** The run's deadline in seconds (SC_RUN_DEADLINE_S, read by the config's settings; 0: none): named when it stopped the run. */
  runDeadlineS: number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

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

  /** Why the run ended before every check ran, when it did: the first run error of the report. */
  private stopReason(result: FullResult): string | undefined {
    const after = seconds(Date.now() - this.started);
    if (result.status === 'timedout') {
      // No config when the deadline passed before the checks began (onBegin): the setting says it.
      const ms = this.config?.globalTimeout || this.options.runDeadlineS * 1000;
      const limit = ms ? seconds(ms) : 'its global timeout';
      return `the run was stopped by its deadline (${limit}, SC_RUN_DEADLINE_S) after ${after}: the checks that finished are judged, the rest were not run`;
    }
    if (result.status === 'interrupted') {
      // The circuit stopped it (a worker found the target no longer answering and interrupted the run): that is the cause.
      const broken = brokenRunLine(handedOff().runDir);
      // The gate says "the run is broken: " in front of the first run error: the line alone.
      if (broken) return `${broken} (stopped after ${after}: the checks that finished are judged, the rest were not run)`;
      const signal = stopSignal() ?? 'SIGINT';
      const how = signal === 'SIGINT' ? 'Ctrl-C (SIGINT)' : signal;
      return `the run was stopped by ${how} after ${after}: the checks that finished are judged, the rest were not run`;
    }
    return undefined;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] }> {
    const { root, reportsDir } = this.options;
    const preflight = recordedPreflightStop();
    let code: number;
    if (preflight) {
      const catalog = loadCatalog(`${root}/catalog`);
      const read = preflightRead(preflight, catalog);
      code = await finishRun({ root, reportsDir, read, runErrors: [] });
    } else {
      const reason = this.stopReason(result);
      code = await finishRun({ root, reportsDir, runErrors: reason ? [reason] : [] });
    }
    // Playwright knows passed (0), failed (1) and interrupted (130); the gate also says 2 (BROKEN) and 3 (INCOMPLETE).
    process.on('exit', () => {
      process.exitCode = code;
    });
    return { status: code === 0 ? 'passed' : 'failed' };
  }
}
