/**
 * The preflight: before any check, in a few seconds, is this run able to judge
 * the target at all? Global setup runs it after the settings are read and the
 * suite's own server listens. Every probe runs at once, bounded by a deadline:
 *
 *   SC_PUBLIC_URL     the suite's server answers there (when it can be told from here)
 *   SC_BASE_URL       {base_url} answers at all (GET /items/categories, no token)
 *   SC_AUTH_URL       {auth_url}/auth answers, and is not a 404
 *   SC_CONTROL_*      a control API answers there and accepts its token (when set; transport/control-probe.ts)
 *   SC_ACCOUNTS       each account logs in (the login driver SC_LOGIN picks), which proves its password;
 *                     the codes of the accounts the workers take first (`sessionsPerPlan` of each plan)
 *                     are exchanged, which proves SC_CLIENT_ID / SC_CLIENT_SECRET, and their sessions
 *                     handed on; the others' codes are not (a code grant spent on a session nobody
 *                     takes is one of the run's token budget for nothing: issue 41)
 *   (the target)      the API accepts a fresh access token (GET /items/categories)
 *
 * The outcome:
 *   ok        the run goes on; `absent` lists capabilities the settings name but the target
 *             lacks, when the run requires them (global setup hands that on: those checks are
 *             not applicable, and the gate says INCOMPLETE);
 *   broken    one line per problem, each naming the setting or the account (never a secret): the run
 *             stops, judges no requirement and exits 2;
 *   refused   the API refuses every fresh token: one failure of GEN-AUTH-4 (the spec's "one access token
 *             … accepted by the items, transactions and webhooks groups alike"), not a hundred; the run
 *             stops, every other requirement is not exercised, and it exits 1.
 * Pure module (no Playwright): tests/lifecycle/preflight.spec.ts drives it directly. The probes are
 * lifecycle/preflight-probes.ts, the logins lifecycle/preflight-logins.ts, the lines lifecycle/preflight-findings.ts.
 */
import type { Capability } from '../results/outcomes.js';
import type { PreflightStop, RefusedToken } from '../results/run-artifacts.js';
import { joinUrl } from '../lib/http.js';
import type { Session } from '../sessions/session.js';
import { type Authorize, authorizeOptions, openAggregatorSession } from '../sessions/open-session.js';
import type { BudgetDelta } from '../results/budget-files.js';
import { servedTarget } from '../transport/served-target.js';
import type { Settings } from '../settings/settings.js';
import { Findings, path } from './preflight-findings.js';
import { classifyLoginFailure, defaultAuthorize } from './preflight-logins.js';
import { probeAuthUrl, probeBaseUrl, probeControl, probePublicUrl, probeToken } from './preflight-probes.js';

export type PreflightOutcome =
  | {
      kind: 'ok';
      notes: string[];
      durationMs: number;
      /** The sessions the logins opened, for sessions/session-broker.ts. */
      sessions: Session[];
      /** Capabilities the settings name but the target lacks (the run requires them: the gate says INCOMPLETE). */
      absent: Capability[];
      /** What the logins spent at the target (token requests): the run's budget counts them (lifecycle/global-setup.ts). */
      spent: BudgetDelta;
    }
  | PreflightStop;

export interface PreflightOptions {
  /** The suite server's own address and the token of its control routes (global setup started it). */
  suite?: { localUrl: string; token: string };
  /** The login driver; default: the one SC_LOGIN picks. */
  authorize?: Authorize;
  /** The whole preflight's deadline (default 40 s: a failed preflight exits within 60 s). */
  deadlineMs?: number;
  /**
   * Per plan, how many accounts' codes are exchanged: those the workers pool first (one per worker,
   * sessions/session-pool.ts pooledAccount), whose sessions are handed on; the others log in only.
   * Default: every account's.
   */
  sessionsPerPlan?: number;
  /** How many logins run at once (default 4). */
  concurrency?: number;
  /** The capabilities the run must reach (default: SC_REQUIRE as results/require.ts reads it). */
  required?: readonly Capability[];
}

const DEFAULT_DEADLINE_MS = 40_000;

/** SC_REQUIRE's capabilities (a bad value is the settings' line, already given: none here). */
function requiredBy(settings: Settings): readonly Capability[] {
  const read = settings.report.required;
  return 'error' in read ? [] : read.capabilities;
}

/** Runs `tasks` with at most `n` at once. */
async function limited<T>(items: T[], n: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(n, queue.length) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await task(next);
  }));
}

export async function runPreflight(settings: Settings, options: PreflightOptions = {}): Promise<PreflightOutcome> {
  const started = Date.now();
  const f = new Findings(settings.accounts.map((a) => a.username));
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  // One exchange never takes more than the run's own deadline, nor most of the preflight's.
  const timeoutMs = Math.max(100, Math.min(settings.requestTimeoutMs, deadlineMs - 5_000));
  const driver = options.authorize ? { authorize: options.authorize, close: async () => {} } : defaultAuthorize(settings);
  const pending = new Set<string>();
  const step = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
    pending.add(name);
    try {
      return await body();
    } finally {
      pending.delete(name);
    }
  };
  let refused: RefusedToken | undefined;
  const sessions: Session[] = [];
  const absent: Capability[] = [];
  const required = options.required ?? requiredBy(settings);
  // The target of these settings, as the logins see it: no run folder, so its health stays off (the runner is no worker).
  const target = servedTarget(settings, undefined);

  const all = (async () => {
    const [, baseOk, authOk] = await Promise.all([
      step('SC_PUBLIC_URL', () => probePublicUrl(settings, options.suite, f, Math.min(timeoutMs, 5_000))),
      step('SC_BASE_URL', () => probeBaseUrl(settings, f, timeoutMs)),
      step('SC_AUTH_URL', () => probeAuthUrl(settings, f, timeoutMs)),
      step('SC_CONTROL_URL', async () => {
        if ((await probeControl(settings, f, timeoutMs, required.includes('control-api'))) === 'absent') absent.push('control-api');
      }),
    ]);
    if (!authOk) return;
    const perPlan = Math.max(1, options.sessionsPerPlan ?? settings.accounts.length);
    const exchanged = new Set(settings.accounts.filter((a, _, all) => all.filter((b) => b.plan === a.plan).indexOf(a) < perPlan).map((a) => a.username));
    await limited(settings.accounts, options.concurrency ?? 4, (account) =>
      step(`login of account '${account.username}'`, async () => {
        try {
          if (exchanged.has(account.username)) sessions.push(await openAggregatorSession(target, account, driver.authorize));
          else await driver.authorize(authorizeOptions(target, account));
        } catch (error) {
          const failure = classifyLoginFailure(error, account.username);
          if ('setting' in failure) f.accountProblem(failure.setting, account.username);
          else f.notes.push(`${failure.server}: a failure of the server, left to the checks`);
        }
      }),
    );
    if (!baseOk || sessions.length === 0) return;
    const token = await step('the API with a fresh token', () => probeToken(settings, sessions, timeoutMs));
    if (token === 'not-found') f.problem(`SC_BASE_URL: GET ${path(joinUrl(settings.baseUrl, 'items/categories'))} with a fresh token answers 404: is the path of ${settings.baseUrl} right?`);
    else refused = token;
  })();

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  try {
    if ((await Promise.race([all.then(() => 'done' as const), deadline])) === 'late') {
      const late = `did not finish within ${Math.round(deadlineMs / 1000)} s`;
      for (const name of pending) {
        // Many accounts with a slow (browser) login: those not tried in time are left to the run once one logged in.
        if (name.startsWith('login of') && sessions.length > 0) f.notes.push(`preflight: ${name} ${late}; not checked`);
        else f.problem(`preflight: ${name} ${late}`);
      }
    }
  } finally {
    clearTimeout(timer);
    await Promise.race([driver.close(), new Promise((r) => setTimeout(r, 3_000).unref())]);
  }
  const durationMs = Date.now() - started;
  if (f.problems.length) return { kind: 'broken', problems: f.problems, notes: f.notes, durationMs };
  if (refused) return { kind: 'refused', refused, notes: f.notes, durationMs };
  return { kind: 'ok', notes: f.notes, durationMs, sessions, absent, spent: target.spending };
}

/** The one-line summary of a stopping outcome, as the run prints it. */
export function outcomeLines(outcome: PreflightOutcome): string[] {
  if (outcome.kind === 'broken') return outcome.problems;
  if (outcome.kind === 'refused') return [`${outcome.refused.requirement}: ${outcome.refused.message} (a failure of the target; every other check is not run)`];
  return [];
}
