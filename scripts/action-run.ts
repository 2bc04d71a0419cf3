/**
 * `seller-connect-conformance action`: the one step of the GitHub Action (action.yml) that runs the suite.
 * Everything the Action decides is here, so that `npm test` can run it from the packed tarball
 * (tests/package-action.spec.ts) and a workflow's YAML holds no logic of its own.
 *
 * Reads (action.yml sets them from its inputs; empty SC_ settings count as unset):
 *   SC_…                    the target's settings (docs/TARGET.md)
 *   SCC_GREP, SCC_RULE      the selection (--grep, --rule)
 *   SCC_BASELINE            a baseline file of the caller's repository (relative to GITHUB_WORKSPACE):
 *                           SC_BASELINE; named but missing is a broken run (exit 2), never silently none
 *   SCC_HISTORY_DIR         the folder the Action keeps between runs (actions/cache): SC_HISTORY, and
 *                           last/conformance.json, the previous whole run's report (SC_PREVIOUS_REPORT)
 *   SCC_FAIL_ON_INCOMPLETE  'false': an INCOMPLETE gate (exit 3) is a warning and the step passes
 * Writes the step's outputs (gate, exit-code, headline, reports) to GITHUB_OUTPUT and a summary to
 * GITHUB_STEP_SUMMARY, and exits 0 PASSED, 1 FAILED, 2 BROKEN, 3 INCOMPLETE (0 when INCOMPLETE may pass).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, environment } from '../settings/run-context.js';

const BIN = fileURLToPath(new URL('../bin/seller-connect-conformance.mjs', import.meta.url));
const STATES = ['PASSED', 'FAILED', 'BROKEN', 'INCOMPLETE'] as const;

/** The job's exit code for a gate's: INCOMPLETE passes the step only when the caller allows it. */
export function jobExitCode(gate: number, failOnIncomplete: boolean): number {
  if (gate === 3 && !failOnIncomplete) return 0;
  return gate >= 0 && gate <= 3 ? gate : 2;
}

interface WrittenReport {
  gate?: { state?: string; exitCode?: number; reasons?: string[] };
  summary?: { headline?: { text?: string } };
  run?: { filtered?: string };
  requirements?: { id: string; verdict: string; severity: string; statement: string }[];
}

function readReport(file: string): WrittenReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as WrittenReport;
  } catch {
    return undefined;
  }
}

/** The run page's summary: the gate, the headline, its reasons and the failing MUST rules. */
export function summaryMarkdown(report: WrittenReport | undefined, gate: number): string {
  const state = report?.gate?.state ?? STATES[gate] ?? 'BROKEN';
  const failing = (report?.requirements ?? []).filter((r) => r.verdict === 'failed' && r.severity === 'MUST');
  return [
    `## Seller Connect conformance: ${state} (exit ${gate})`,
    report?.summary?.headline?.text ? `MUST rules of the server: ${report.summary.headline.text}` : 'No conformance report was written.',
    ...(report?.gate?.reasons ?? []).map((reason) => `- ${reason}`),
    ...failing.map((r) => `- **${r.id}** ${r.statement}`),
    '',
  ].join('\n');
}

function setOutputs(values: Record<string, string>): void {
  const file = environment.githubOutput();
  if (!file) return;
  // The heredoc form: a headline may hold any character.
  for (const [name, value] of Object.entries(values)) appendFileSync(file, `${name}<<SCC_EOF\n${value}\nSCC_EOF\n`);
}

function runSuite(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: 'inherit', env });
  const pass = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  return new Promise((done) => {
    child.on('error', () => done(2));
    child.on('exit', (code) => done(code ?? 2));
  });
}

async function main(): Promise<number> {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(childEnv()).filter(([name, value]) => !(name.startsWith('SC_') && value === '')));
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const args = [...(env.SCC_GREP ? ['--grep', env.SCC_GREP] : []), ...(env.SCC_RULE ? ['--rule', env.SCC_RULE] : [])];
  const reportsDir = resolve(env.SC_REPORTS || 'reports');
  env.SC_REPORTS = reportsDir;

  let gate: number;
  const baseline = env.SCC_BASELINE ? (isAbsolute(env.SCC_BASELINE) ? env.SCC_BASELINE : join(workspace, env.SCC_BASELINE)) : undefined;
  if (baseline && !existsSync(baseline)) {
    console.log(`::error title=conformance::baseline ${env.SCC_BASELINE}: no such file in the repository`);
    gate = 2;
  } else {
    if (baseline) env.SC_BASELINE = baseline;
    const history = env.SCC_HISTORY_DIR ? resolve(env.SCC_HISTORY_DIR) : undefined;
    const previous = history && join(history, 'last', 'conformance.json');
    if (history) {
      mkdirSync(history, { recursive: true });
      env.SC_HISTORY = history;
      if (previous && existsSync(previous) && !env.SC_PREVIOUS_REPORT) env.SC_PREVIOUS_REPORT = previous;
    }
    gate = await runSuite(args, env);
    const written = readReport(join(reportsDir, 'conformance.json'));
    // The next run's "since the last run" compares whole runs only, as SC_HISTORY keeps them.
    if (history && previous && written && gate !== 2 && !written.run?.filtered) {
      mkdirSync(join(history, 'last'), { recursive: true });
      copyFileSync(join(reportsDir, 'conformance.json'), previous);
    }
  }

  const report = readReport(join(reportsDir, 'conformance.json'));
  const state = report?.gate?.state ?? STATES[gate] ?? 'BROKEN';
  const failOnIncomplete = env.SCC_FAIL_ON_INCOMPLETE !== 'false';
  const exit = jobExitCode(gate, failOnIncomplete);
  setOutputs({ gate: state, 'exit-code': String(gate), headline: report?.summary?.headline?.text ?? '', reports: reportsDir });
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summaryMarkdown(report, gate));
  if (gate === 3 && exit === 0) console.log(`::warning title=conformance::INCOMPLETE (exit 3), accepted: fail-on-incomplete is false`);
  else if (exit !== 0) console.log(`::error title=conformance::${state} (exit ${gate})${report?.summary?.headline?.text ? `: ${report.summary.headline.text}` : ''}`);
  return exit;
}

process.exitCode = await main();
