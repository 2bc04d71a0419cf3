/**
 * `seller-connect-conformance action`: the logic step of the GitHub Action (action.yml), run from the
 * Action's own checkout. Everything the Action decides is here, so that `npm test` runs it as GitHub would
 * (tests/package/action-steps.spec.ts: action.yml's steps, the action's folder apart from the workspace;
 * tests/package/package.spec.ts: from the packed tarball) and a workflow's YAML holds no logic of its own.
 *
 * Reads (action.yml sets them from its inputs):
 *   SCC_INPUT_<NAME>        the input of the setting SC_<NAME> (base-url: SCC_INPUT_BASE_URL): when not empty,
 *                           it is SC_<NAME>; when empty, the SC_<NAME> of the job's or step's env: stays
 *   SC_…                    the target's settings (docs/TARGET.md); an empty one counts as unset
 *   SCC_GREP, SCC_RULE      the selection (--grep, --rule)
 *   SCC_ARGS                more options of the command, split like a shell's words (--shard 1/3, --reporter line)
 *   SCC_BASELINE            a baseline file of the caller's repository (relative to GITHUB_WORKSPACE): SC_BASELINE;
 *                           not there yet: a notice that names the command writing one, and a run without it
 *   SCC_HISTORY_DIR         the folder the Action keeps between runs (actions/cache): SC_HISTORY, and
 *                           last/conformance.json, the previous whole run's report (SC_PREVIOUS_REPORT)
 *   SCC_FAIL_ON_INCOMPLETE  'false': an INCOMPLETE gate (exit 3) is a warning and the step passes
 *   SCC_ARTIFACT_NAME       the name under which the Action uploads the reports, for the summary
 * Writes the step's outputs (gate, exit-code, headline, reports) to GITHUB_OUTPUT, one ::error annotation per
 * failing MUST rule and a summary to GITHUB_STEP_SUMMARY (scripts/action-report.ts), and exits 0 PASSED,
 * 1 FAILED, 2 BROKEN, 3 INCOMPLETE (0 when INCOMPLETE may pass).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, environment } from '../settings/run-context.js';
import { jobExitCode, settingsEnv, splitWords } from './action-env.js';
import { annotations, GATE_STATES, summaryMarkdown, type WrittenReport } from './action-report.js';

const BIN = fileURLToPath(new URL('../bin/seller-connect-conformance.mjs', import.meta.url));
function readReport(file: string): WrittenReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as WrittenReport;
  } catch {
    return undefined;
  }
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
  process.on('SIGHUP', () => pass('SIGTERM'));
  return new Promise((done) => {
    child.on('error', () => done(2));
    child.on('exit', (code) => done(code ?? 2));
  });
}

async function main(): Promise<number> {
  const env = settingsEnv(childEnv());
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  let extra: string[] | undefined;
  try {
    extra = splitWords(env.SCC_ARGS ?? '');
  } catch (err) {
    // A broken run (exit 2) that never starts: the outputs and the summary still say so.
    console.log(`::error title=conformance::${(err as Error).message}: ${env.SCC_ARGS}`);
  }
  const args = [...(env.SCC_GREP ? ['--grep', env.SCC_GREP] : []), ...(env.SCC_RULE ? ['--rule', env.SCC_RULE] : []), ...(extra ?? [])];
  const reportsDir = resolve(env.SC_REPORTS || 'reports');
  env.SC_REPORTS = reportsDir;

  const baseline = env.SCC_BASELINE ? (isAbsolute(env.SCC_BASELINE) ? env.SCC_BASELINE : join(workspace, env.SCC_BASELINE)) : undefined;
  if (baseline && !existsSync(baseline)) {
    // A workflow copied before its first run has no baseline yet: say how to write one, and run without it.
    console.log(
      `::notice title=conformance baseline::${env.SCC_BASELINE} is not in the repository yet: this run has no baseline. ` +
        `To write one from a run against your server: npx seller-connect-conformance --write-baseline ${env.SCC_BASELINE} ` +
        `(or the Action's input args: --write-baseline reports/baseline.json, and take the file from the reports artifact), and commit it.`,
    );
  } else if (baseline) env.SC_BASELINE = baseline;
  const history = env.SCC_HISTORY_DIR ? resolve(env.SCC_HISTORY_DIR) : undefined;
  const previous = history && join(history, 'last', 'conformance.json');
  if (history) {
    mkdirSync(history, { recursive: true });
    env.SC_HISTORY = history;
    if (previous && existsSync(previous) && !env.SC_PREVIOUS_REPORT) env.SC_PREVIOUS_REPORT = previous;
  }
  const gate = extra ? await runSuite(args, env) : 2;
  const report = extra ? readReport(join(reportsDir, 'conformance.json')) : undefined;
  // The next run's "since the last run" compares whole runs only, as SC_HISTORY keeps them.
  if (history && previous && report && gate !== 2 && !report.run?.filtered) {
    mkdirSync(join(history, 'last'), { recursive: true });
    copyFileSync(join(reportsDir, 'conformance.json'), previous);
  }

  const state = report?.gate?.state ?? GATE_STATES[gate] ?? 'BROKEN';
  const failOnIncomplete = env.SCC_FAIL_ON_INCOMPLETE !== 'false';
  const exit = jobExitCode(gate, failOnIncomplete);
  setOutputs({ gate: state, 'exit-code': String(gate), headline: report?.summary?.headline?.text ?? '', reports: reportsDir });
  for (const line of annotations(report)) console.log(line);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summaryMarkdown(report, gate, env.SCC_ARTIFACT_NAME || undefined));
  if (gate === 3 && exit === 0) console.log(`::warning title=conformance::INCOMPLETE (exit 3), accepted: fail-on-incomplete is false`);
  else if (exit !== 0) console.log(`::error title=conformance::${state} (exit ${gate})${report?.summary?.headline?.text ? `: ${report.summary.headline.text}` : ''}`);
  return exit;
}

process.exitCode = await main();
