/**
 * What a run spends at the target: token requests by grant type, logins, API
 * requests (with their send times per account, for the peak rate) and 429s.
 *
 * Each worker counts in memory, per target (the ServedTarget's `spending`: token-client.ts,
 * authorizer.ts, pacing.ts call the count* functions with the target they send to, so a
 * straggling call of a previous target in the kill matrix's lanes counts for that target),
 * and appends what it counted for a target since the last flush to
 * `<SC_REPORTS>/budget/<SC_RUN_ID>-<pid>.jsonl` after every test and when it
 * exits (sessions.ts flushes). the reports sum them (results/budget-files.ts: the
 * file's line, `budgetTotals`, `budgetLines`).
 *
 * Only a conformance run writes (its run folder handed off by lifecycle/global-setup.ts):
 * project tests that use the fixtures count in memory and write nothing.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BudgetDelta, emptyBudgetDelta as empty } from '../results/budget-files.js';
import { runId } from '../settings/run-context.js';
import { ownTarget, type ServedTarget } from './served-target.js';

/** This process's counts since it started (for tests and the per-test annotation). */
const lifetime = empty();

/** One token request sent now; `share`: the token budget it was kept within, for the summary. */
export function countToken(target: ServedTarget, grantType: string | undefined, share?: BudgetDelta['tokenShare'], at = Date.now()): void {
  const pending = target.spending;
  const name = grantType ?? 'none';
  pending.token[name] = (pending.token[name] ?? 0) + 1;
  pending.tokenSends = { ...pending.tokenSends, [name]: [...(pending.tokenSends?.[name] ?? []), at] };
  if (share) pending.tokenShare = share;
  lifetime.token[name] = (lifetime.token[name] ?? 0) + 1;
}

export function countLogin(target: ServedTarget): void {
  target.spending.logins++;
  lifetime.logins++;
}

/** One API request sent for `account` now. */
export function countRequest(target: ServedTarget, account: string, at = Date.now()): void {
  const pending = target.spending;
  pending.requests++;
  lifetime.requests++;
  const list = pending.sends[account] ?? [];
  list.push(at);
  pending.sends[account] = list;
}

/** One re-check after a 401: a token read on the API, or a credential grant at the token endpoint. */
export function countRecheck(target: ServedTarget, kind: 'api' | 'token'): void {
  target.spending.rechecks[kind]++;
  lifetime.rechecks[kind]++;
}

export function countThrottled(target: ServedTarget, waitMs: number, final: boolean): void {
  const pending = target.spending;
  pending.throttled++;
  lifetime.throttled++;
  pending.throttleWaitMs += waitMs;
  lifetime.throttleWaitMs += waitMs;
  if (final) {
    pending.throttledFinal++;
    lifetime.throttledFinal++;
  }
}

/** This process's counts so far (token requests, logins, requests, 429s). */
export function workerBudget(): Readonly<Omit<BudgetDelta, 'sends'>> {
  const { sends: _sends, ...rest } = lifetime;
  return rest;
}

/** Where a target's budget files go: SC_BUDGET_DIR, else `<SC_REPORTS or reports>/budget`. */
export function budgetDir(target: ServedTarget): string {
  const { run } = target.settings;
  return resolve(run.budgetDir ?? join(run.reports, 'budget'));
}

/**
 * Appends this worker's counts since the last flush to the target's file (a conformance run only: its
 * folder handed off). Flushed after every test (fixtures/sessions.ts) and when a target is closed
 * (transport/target-registry.ts), so a worker that serves several targets charges each its own counts.
 */
export function flushBudget(target: ServedTarget): void {
  const delta = target.spending;
  const nothing = delta.requests === 0 && delta.logins === 0 && delta.throttled === 0 && Object.keys(delta.token).length === 0 && delta.rechecks.api + delta.rechecks.token === 0;
  if (nothing || !target.runDir) return;
  target.spending = empty();
  try {
    const dir = budgetDir(target);
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `${runId() ?? 'run'}-${process.pid}.jsonl`), `${JSON.stringify(delta)}\n`);
  } catch {
    // Counting must never fail a test: a lost flush only lowers the summary's figures.
  }
}

// What is left at exit (a worker's teardown closed its targets already) is the process's own target's.
process.once('exit', () => flushBudget(ownTarget()));
