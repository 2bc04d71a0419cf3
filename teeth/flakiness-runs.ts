/**
 * The whole suite against the clean reference N times in a row, each run with a
 * fresh FC_SEED (the seed the specs give their `fc.assert` calls), to find checks
 * that fail without a defect: flaky waits, races, property checks whose inputs the
 * reference does not handle. Every failure is reported with the seed that replays it.
 */
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { runPlaywright } from './run-playwright.js';
import { suiteVerdict } from './matrix-verdicts.js';

export interface FlakinessOptions {
  runs: number;
  /** SC_WORKERS of each run. */
  workers: number;
  timeoutMs: number;
  workDir: string;
  /** Fixed seeds to replay instead of random ones (one per run, reused in order). */
  seeds?: string[];
  signal?: AbortSignal;
  onRun?: (run: FlakinessRun) => void;
  /** Playwright config and working directory (default: the conformance run). */
  config?: string;
  cwd?: string;
}

export interface FlakinessRun {
  index: number;
  seed: string;
  verdict: string;
  seconds: number;
  counts: { total: number; passed: number; failed: number; skipped: number };
  failures: { title: string; status: string; error?: string }[];
  detail?: string;
  logPath: string;
}

export interface FlakinessResult {
  runs: FlakinessRun[];
  failedRuns: number;
  /** Check → seeds of the runs it failed in. */
  flakyChecks: Record<string, string[]>;
  wallSeconds: number;
  ok: boolean;
}

export async function runFlakiness(options: FlakinessOptions): Promise<FlakinessResult> {
  const started = Date.now();
  const runs: FlakinessRun[] = [];
  for (let index = 0; index < options.runs && !options.signal?.aborted; index++) {
    const seed = options.seeds?.length ? options.seeds[index % options.seeds.length] : String(randomInt(1, 2 ** 31));
    const outcome = await runPlaywright({
      name: `run ${index + 1}`,
      config: options.config,
      cwd: options.cwd,
      args: [],
      env: { FC_SEED: seed, SC_WORKERS: String(options.workers) },
      dir: join(options.workDir, `run-${index + 1}`),
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    const v = suiteVerdict(outcome, options.timeoutMs / 1000);
    const run: FlakinessRun = {
      index: index + 1,
      seed,
      verdict: v.verdict,
      seconds: outcome.seconds,
      counts: v.counts,
      failures: [
        ...v.failures.map((f) => ({ title: f.key, status: f.status, error: f.error })),
        ...v.unexplainedSkips.map((s) => ({ title: s.key, status: `skipped without "not exercised:" (${s.reason ?? 'no reason'})` })),
      ],
      detail: v.detail,
      logPath: outcome.logPath,
    };
    runs.push(run);
    options.onRun?.(run);
  }
  const flakyChecks: Record<string, string[]> = {};
  for (const r of runs) for (const f of r.failures) flakyChecks[f.title] = [...(flakyChecks[f.title] ?? []), r.seed];
  const failedRuns = runs.filter((r) => r.verdict !== 'PASS').length;
  return { runs, failedRuns, flakyChecks, wallSeconds: (Date.now() - started) / 1000, ok: failedRuns === 0 && runs.length === options.runs };
}

export function formatRun(r: FlakinessRun): string {
  const head = `run ${String(r.index).padStart(2)}  FC_SEED=${r.seed.padEnd(10)}  ${r.verdict.padEnd(13)} ${r.counts.passed}/${r.counts.failed}/${r.counts.skipped} pass/fail/skip  ${r.seconds.toFixed(1)} s`;
  const lines = [head];
  if (r.detail) lines.push(...r.detail.split('\n').slice(0, 6).map((l) => `      ${l}`));
  for (const f of r.failures) {
    lines.push(`    ${f.status}: ${f.title}`);
    if (f.error) lines.push(...f.error.split('\n').slice(0, 3).map((l) => `        ${l}`));
  }
  if (r.verdict !== 'PASS') lines.push(`    log: ${r.logPath}`);
  return lines.join('\n');
}

export function formatFlakiness(result: FlakinessResult): string {
  const seconds = result.runs.map((r) => r.seconds);
  const mean = seconds.length ? seconds.reduce((a, b) => a + b, 0) / seconds.length : 0;
  const out = [
    `runs: ${result.runs.length}, failed runs: ${result.failedRuns}, wall ${result.wallSeconds.toFixed(1)} s` +
      (seconds.length ? ` (per run: mean ${mean.toFixed(1)} s, min ${Math.min(...seconds).toFixed(1)} s, max ${Math.max(...seconds).toFixed(1)} s)` : ''),
  ];
  const flaky = Object.entries(result.flakyChecks);
  if (flaky.length) {
    out.push('checks that failed on the clean reference (replay: FC_SEED=<seed> npm run conformance -- --grep "<ID>"):');
    for (const [title, seeds] of flaky) out.push(`  ${seeds.length}× ${title}  seeds: ${seeds.join(', ')}`);
  }
  out.push(result.ok ? 'NO FLAKINESS SEEN' : 'FLAKY');
  return out.join('\n');
}
