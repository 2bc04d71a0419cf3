/**
 * The run's budget files, the hand-off from the workers to the reports: what a
 * run spent at the target. Each worker (transport/spending.ts counts) appends one
 * BudgetDelta line per flush to `<SC_REPORTS>/budget/<SC_RUN_ID>-<pid>.jsonl`;
 * `budgetTotals(dir)` sums the files of the newest run and `budgetLines(totals)`
 * is the run summary's paragraph (reporting/console.ts, conformance.json, the benchmark).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One flush of one worker (a line of its .jsonl file). */
export interface BudgetDelta {
  /** Token requests by grant_type (`authorization_code`, `refresh_token`, …). */
  token: Record<string, number>;
  logins: number;
  requests: number;
  /** 429 answers received, and how many of them were the last answer (given up after the retries). */
  throttled: number;
  throttledFinal: number;
  throttleWaitMs: number;
  /**
   * Re-checks after a 401 (issue "A PASS is proof"): `api` reads that re-checked a
   * token (GET /items/categories, also counted in `requests`), `token` grants that
   * re-checked the client credentials (also counted in `token` by grant type).
   */
  rechecks: { api: number; token: number };
  /** Send times (epoch ms) of API requests, by account. */
  sends: Record<string, number[]>;
  /** Send times (epoch ms) of token requests, by grant type (lines of older runs have none). */
  tokenSends?: Record<string, number[]>;
  /** The token budget this run (or each shard) kept to: `perGrant` per grant type in any 5 minutes, SC_TOKEN_BUDGET ÷ shards (settings/pacing-settings.ts). */
  tokenShare?: { perGrant: number; budget: number; shards: number };
}

/** The identity provider's window: the real service allows 174 token requests per 5 minutes per source IP and grant type. */
export const TOKEN_WINDOW_MS = 300_000;

/** A run's totals: the counts of its workers' lines summed (no send times), and the peaks they show. */
export interface BudgetTotals extends Omit<BudgetDelta, 'sends' | 'tokenSends'> {
  /** Per grant type, the most token requests in any 5 minutes (TOKEN_WINDOW_MS). */
  tokenPeak: Record<string, number>;
  runId: string;
  workers: number;
  /** The most API requests sent in any 1000 ms window, per account, and the highest of them. */
  peakPerAccount: Record<string, number>;
  /** API requests per account. */
  requestsPerAccount: Record<string, number>;
  peak: { account: string; requests: number } | undefined;
}

export const emptyBudgetDelta = (): BudgetDelta => ({
  token: {},
  logins: 0,
  requests: 0,
  throttled: 0,
  throttledFinal: 0,
  throttleWaitMs: 0,
  rechecks: { api: 0, token: 0 },
  sends: {},
  tokenSends: {},
});

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

/**
 * The totals of the newest run whose files are in `dir`, or undefined when there is none. Files of older runs are removed.
 */
export function budgetTotals(dir: string): BudgetTotals | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return undefined;
  }
  const runOf = (name: string) => name.replace(/-\d+\.jsonl$/, '');
  const newest = new Map<string, number>();
  for (const name of names) {
    const mtime = statSync(join(dir, name)).mtimeMs;
    newest.set(runOf(name), Math.max(newest.get(runOf(name)) ?? 0, mtime));
  }
  const runId = [...newest.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (runId === undefined) return undefined;
  const sum = emptyBudgetDelta();
  let workers = 0;
  for (const name of names) {
    if (runOf(name) !== runId) {
      rmSync(join(dir, name), { force: true });
      continue;
    }
    workers++;
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let d: BudgetDelta;
      try {
        d = JSON.parse(line) as BudgetDelta;
      } catch {
        continue;
      }
      add(sum.token, d.token);
      sum.logins += d.logins;
      sum.requests += d.requests;
      sum.throttled += d.throttled;
      sum.throttledFinal += d.throttledFinal;
      sum.throttleWaitMs += d.throttleWaitMs;
      // Lines written before the re-checks were counted have none.
      sum.rechecks.api += d.rechecks?.api ?? 0;
      sum.rechecks.token += d.rechecks?.token ?? 0;
      for (const [account, times] of Object.entries(d.sends)) sum.sends[account] = [...(sum.sends[account] ?? []), ...times];
      for (const [grant, times] of Object.entries(d.tokenSends ?? {})) sum.tokenSends = { ...sum.tokenSends, [grant]: [...(sum.tokenSends?.[grant] ?? []), ...times] };
      sum.tokenShare ??= d.tokenShare;
    }
  }
  const peakPerAccount: Record<string, number> = {};
  const requestsPerAccount: Record<string, number> = {};
  let peak: BudgetTotals['peak'];
  for (const [account, times] of Object.entries(sum.sends)) {
    const p = peakInWindow(times.sort((a, b) => a - b));
    peakPerAccount[account] = p;
    requestsPerAccount[account] = times.length;
    if (!peak || p > peak.requests) peak = { account, requests: p };
  }
  const tokenPeak = Object.fromEntries(Object.entries(sum.tokenSends ?? {}).map(([grant, times]) => [grant, peakInWindow(times.sort((a, b) => a - b), TOKEN_WINDOW_MS)]));
  const { sends: _sends, tokenSends: _tokenSends, ...counts } = sum;
  return { runId, workers, ...counts, peakPerAccount, requestsPerAccount, peak, tokenPeak };
}

/** The run summary's lines about the budget (console summary, benchmark). */
export function budgetLines(t: BudgetTotals): string[] {
  const grants = Object.entries(t.token)
    .sort((a, b) => b[1] - a[1])
    .map(([g, n]) => `${n} ${g}`)
    .join(', ');
  const peaks = Object.entries(t.tokenPeak ?? {})
    .sort((a, b) => b[1] - a[1])
    .map(([g, n]) => `${n} ${g}`)
    .join(', ');
  const s = t.tokenShare;
  const share = s ? `; the budget ${s.perGrant} per grant type${s.shards > 1 ? ` per shard (SC_TOKEN_BUDGET ${s.budget} ÷ ${s.shards} shards)` : ` (SC_TOKEN_BUDGET)`}` : '';
  const lines = [
    `Token requests: ${grants || 'none'}; logins: ${t.logins}`,
    ...(peaks ? [`Token requests in any 5 minutes, at most: ${peaks}${share}`] : []),
    `API requests: ${t.requests}; peak ${t.peak ? `${t.peak.requests} in one second (${t.peak.account})` : '—'}`,
  ];
  if (t.throttled > 0) {
    lines.push(`429 answers: ${t.throttled}, waited out ${(t.throttleWaitMs / 1000).toFixed(1)} s${t.throttledFinal > 0 ? `; ${t.throttledFinal} still 429 after the retries (those checks not exercised)` : ''}`);
  } else lines.push('429 answers: none');
  // Only when there were any: a conforming target never answers 401 to a token that works.
  const rechecks = t.rechecks ?? { api: 0, token: 0 };
  if (rechecks.api + rechecks.token > 0) {
    lines.push(`401 re-checks: ${rechecks.api} token read(s) on the API (in the API requests), ${rechecks.token} credential grant(s) at the token endpoint (in the token requests)`);
  }
  return lines;
}

/**
 * For the run summary (reporting/console.ts) and conformance.json: the totals of
 * the run whose reports are in `reportsDir`, and their lines; undefined when the
 * workers wrote none (a run that stopped before any check).
 */
export function runBudget(reportsDir: string): { totals: BudgetTotals; lines: string[] } | undefined {
  const totals = budgetTotals(join(reportsDir, 'budget'));
  return totals && { totals, lines: budgetLines(totals) };
}

/** The most sends in any window of `windowMs` (default one second) among sorted timestamps (two pointers). */
export function peakInWindow(sorted: readonly number[], windowMs = 1000): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
