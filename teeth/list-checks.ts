/**
 * The checks a Playwright config holds, with their titles, without running them:
 * `playwright test --list --reporter=json`. Listing loads the spec files (so titles
 * built in loops are seen as they are) but starts no webServer and no global setup,
 * so it needs no reference and no target.
 */
import { join } from 'node:path';
import { type TeethCheck, checksOf, topLevelErrors } from './job-checks.js';
import { runPlaywright } from './run-playwright.js';

export interface Listing {
  checks: TeethCheck[];
  /** Load errors (a spec that does not compile…); the listing is then incomplete. */
  errors: string[];
}

export async function listChecks(options: { config: string; dir: string; cwd?: string; timeoutMs?: number }): Promise<Listing> {
  const reportFile = join(options.dir, 'playwright.json');
  const outcome = await runPlaywright({
    name: `list ${options.config}`,
    config: options.config,
    cwd: options.cwd,
    args: ['--list', '--reporter=json'],
    // The json reporter named on the command line writes here instead of stdout.
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
    dir: options.dir,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  if (outcome.timedOut) return { checks: [], errors: [`listing ${options.config} hung`] };
  if (!outcome.report) return { checks: [], errors: [`listing ${options.config}: ${outcome.reportError}\n${outcome.logTail}`] };
  const errors = topLevelErrors(outcome.report);
  // "No tests found" is not an error of a listing: an empty folder lists nothing.
  return { checks: checksOf(outcome.report), errors: errors.filter((e) => !/No tests found/i.test(e)) };
}
