/**
 * The run's context: what the processes of one run hand each other through the
 * environment, and the facts of the process's environment that are nobody's
 * setting (CI, NO_COLOR, a Playwright worker's index). With settings/settings.ts
 * (the user's settings) this is the only module that touches `process.env`
 * (tests/lifecycle/settings-env.spec.ts enforces it).
 *
 * The hand-offs are named apart from the settings: users set `SC_*`, the run sets
 * `SC_INTERNAL_*` for its own processes. A nested run (the kill matrix, the project's
 * tests) drops every `SC_` variable it inherits, these with them.
 *
 *   SC_INTERNAL_RUN_ID                the run's id: SC_RUN_ID when given, else a new one (tags what the run creates)
 *   SC_INTERNAL_RUN_DIR               a folder of this run (account lease locks, target health)
 *   SC_INTERNAL_SUITE_SERVER_URL      loopback address of the suite server (the workers' control routes)
 *   SC_INTERNAL_SUITE_SERVER_TOKEN    random token protecting those routes
 *   SC_INTERNAL_SUITE_PUBLIC_URL      the address the target uses (SC_PUBLIC_URL, else the listen address)
 *   SC_INTERNAL_PREFLIGHT_ABSENT      capabilities the settings name but the preflight found missing (`control-api`)
 *   SC_INTERNAL_RUN_STARTED           when the run started (epoch ms): a broken run's line says how far into the run
 *   SC_INTERNAL_RUN_END               `script`: the process that started Playwright ends the run (scripts/conformance.ts),
 *                                     the conformance reporter only records how it ended (reporting/finish.ts)
 *
 * lifecycle/global-setup.ts publishes them (runner process), every worker inherits them; scripts/conformance.ts
 * publishes the run's id and SC_INTERNAL_RUN_END to the Playwright it starts.
 */
import { randomBytes } from 'node:crypto';

export const HAND_OFF = {
  runId: 'SC_INTERNAL_RUN_ID',
  runDir: 'SC_INTERNAL_RUN_DIR',
  suiteServerUrl: 'SC_INTERNAL_SUITE_SERVER_URL',
  suiteServerToken: 'SC_INTERNAL_SUITE_SERVER_TOKEN',
  suitePublicUrl: 'SC_INTERNAL_SUITE_PUBLIC_URL',
  preflightAbsent: 'SC_INTERNAL_PREFLIGHT_ABSENT',
  runStarted: 'SC_INTERNAL_RUN_STARTED',
  runEnd: 'SC_INTERNAL_RUN_END',
  /** `i/n` of `--shard i/n` (global setup reads it from Playwright's config): the shard's share of the token budget. */
  shard: 'SC_INTERNAL_SHARD',
} as const;

export type HandOff = { -readonly [K in keyof typeof HAND_OFF]?: string };

/** What this process was handed (read each time: global setup publishes while the runner runs). */
export function handedOff(): HandOff {
  const out: HandOff = {};
  for (const [key, name] of Object.entries(HAND_OFF) as [keyof HandOff, string][]) {
    const value = process.env[name];
    if (value) out[key] = value;
  }
  return out;
}

/** Publishes hand-offs to this process and every process it starts; undefined withdraws one. */
export function handOff(values: HandOff): void {
  for (const [key, value] of Object.entries(values) as [keyof HandOff, string | undefined][]) {
    if (value === undefined) delete process.env[HAND_OFF[key]];
    else process.env[HAND_OFF[key]] = value;
  }
}

/** The suite server's addresses, when this process runs inside a conformance run. */
export function suiteServer(): { localUrl: string; token: string; publicUrl: string } | undefined {
  const h = handedOff();
  if (!h.suiteServerUrl || !h.suiteServerToken) return undefined;
  return { localUrl: h.suiteServerUrl, token: h.suiteServerToken, publicUrl: (h.suitePublicUrl ?? h.suiteServerUrl).replace(/\/+$/, '') };
}

/** Capabilities the preflight found missing (empty outside a run). */
export const preflightAbsent = (): string[] => (handedOff().preflightAbsent ?? '').split(',').filter(Boolean);

/**
 * The run's id: the one handed off, else `given` (SC_RUN_ID) or a new one, then
 * handed off so every process of the run (workers, the report) uses the same.
 */
export function ensureRunId(given: string | undefined): string {
  const id = handedOff().runId ?? given ?? `scc-${randomBytes(4).toString('hex')}`;
  handOff({ runId: id });
  return id;
}

/** How many shards the run is split into (`--shard i/n`: n), 1 when it is not. */
export function shardCount(): number {
  const n = Number(handedOff().shard?.split('/')[1]);
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** The run's id when this process belongs to a run (workers, the report builder). */
export const runId = (): string | undefined => handedOff().runId;

/** The environment for a child process: this one's, without the variables `drop` matches, plus `extra` (null removes). */
export function childEnv(extra: Record<string, string | null | undefined> = {}, drop: readonly RegExp[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!drop.some((re) => re.test(k))) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) delete env[k];
    else if (v !== undefined) env[k] = v;
  }
  return env;
}

/** Facts of the process's environment, not settings of the suite. */
export const environment = {
  /** On a CI system (CI set): dot reporter, no test.only. */
  ci: (): boolean => !!process.env.CI,
  /** NO_COLOR set: no colours in the console summary. */
  noColor: (): boolean => !!process.env.NO_COLOR,
  /** REFERENCE_PORT now: webServer puts the embedded reference's port there once it listens (settings/runner-settings.ts). */
  referencePort: (): string | undefined => process.env.REFERENCE_PORT || undefined,
  /** A Playwright worker (TEST_WORKER_INDEX set by Playwright), not the runner. */
  playwrightWorker: (): boolean => process.env.TEST_WORKER_INDEX !== undefined,
  /** TEETH_BATCH_PLAN: the plan file of a kill-matrix batch run (teeth/batch/run-batch.ts sets it for its child). */
  teethBatchPlan: (): string | undefined => process.env.TEETH_BATCH_PLAN || undefined,
  /** GITHUB_OUTPUT: the file a GitHub Actions step writes its outputs to (scripts/action-run.ts). */
  githubOutput: (): string | undefined => process.env.GITHUB_OUTPUT || undefined,
  /** SC_INTEROP_DIR: the folder of the independent Python server the interop lane runs against (interop/python-target.ts). */
  interopDir: (): string | undefined => process.env.SC_INTEROP_DIR || undefined,
  /** The names of the SC_ settings the environment gives (not empty; the suite's own SC_INTERNAL_ hand-offs aside). */
  settingsGiven: (): string[] => Object.keys(process.env).filter((name) => name.startsWith('SC_') && !name.startsWith('SC_INTERNAL_') && process.env[name] !== '').sort(),
};
