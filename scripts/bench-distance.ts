/**
 * npm run bench:distance [-- --rtt 0,50,150,300 --workers 2,8 --shards 1,4 --variants <names> --out docs/BENCHMARKS.md --label <name> --grep <pattern>]
 *
 * The full conformance run against the reference at a distance: for each round
 * trip time and worker count, a fresh reference (its own process, `npm run
 * reference`, with REFERENCE_VARIANTS `--variants`), a counting proxy on 127.0.0.1
 * in front of it (scripts/counting-proxy.ts) that holds every exchange for the
 * round trip (half before forwarding the request, half before answering), and
 * `npm run conformance` pointed at the proxy as a remote target (so the suite's
 * defaults for a remote target apply: SC_RATE_LIMIT 34, SC_TOKEN_BUDGET 174);
 * with `--shards n`, n shards (`--shard i/n`) at once, each on its own accounts.
 * Prints per setting, as the proxy saw it: wall time, requests, token requests
 * by grant type and the most in any 5 minutes, the most API requests in any
 * sliding second per account (and the suite's own send-time peak), 429s; and
 * logins, checks passed/failed, MUST failures, and a floor estimate (round trips
 * per worker × RTT + the wall time of the same run at 0 ms). Writes the table
 * into `--out` between the `<!-- bench:distance:<label> -->` markers when given.
 *
 * A script, not part of npm test: a full matrix takes minutes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetTotals } from '../results/budget-files.js';
import { cleanEnv, startExternalReference } from '../tests/support/external-reference.js';
import { exitOnHelp } from '../lib/cli-help.js';
import { startCountingProxy } from './counting-proxy.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
exitOnHelp(`
usage: npm run bench:distance [-- --rtt 0,50,150,300 --workers 2,8 --shards 1,4 --variants <names> --out docs/BENCHMARKS.md --label <name> --grep <pattern>]

The full conformance run against the reference behind a counting proxy that adds each round
trip time, for each worker count (and shard count: n shards at once, each on its own accounts);
prints, as the target saw them, wall time, requests, token requests by grant type (and the most
in any 5 minutes), the most API requests in any sliding second per account, 429s, and the
failures per setting, and writes the table into --out between its markers.
`);

const RTTS = arg('rtt', '0,50,150,300').split(',').map(Number);
const WORKERS = arg('workers', '2,8').split(',').map(Number);
const OUT = arg('out', '');
const GREP = arg('grep', '');
/** Names the table's block in --out, so runs of different settings keep their own tables. */
const LABEL = arg('label', 'all');
/** REFERENCE_VARIANTS of the reference (e.g. throttle-36: 429s past 36 per second per account). */
const VARIANTS = arg('variants', '');
/** Run this many shards (--shard i/n) at once from this one machine, through the one proxy (the per-IP token budget). */
const SHARDS = arg('shards', '1').split(',').map(Number);

interface Row {
  rtt: number;
  workers: number;
  shards: number;
  wallS: number;
  requests: number;
  apiRequests: number;
  /** Token requests by grant type, counted at the proxy. */
  grants: Record<string, number>;
  /** Per grant type, the most token requests in any 5 minutes at the proxy (the per-IP limit's window). */
  grantPeak5min: Record<string, number>;
  logins: number;
  /** Per account, the most API requests arriving in any 1000 ms at the proxy. */
  peakPerAccount: Record<string, number>;
  /** The same from the suite's own send times (<SC_REPORTS>/budget). */
  sentPeak: string;
  throttled: number;
  passed: number;
  failed: number;
  skipped: number;
  mustFailed: number;
  floorS?: number;
}

/** Shard `i` of `n`'s accounts: every n-th of each plan, so shards run on disjoint accounts (docs/REPORTS.md). */
function shardAccounts(all: string, i: number, n: number): string {
  const accounts = JSON.parse(all) as { plan: string }[];
  return JSON.stringify(accounts.filter((a) => accounts.filter((b) => b.plan === a.plan).indexOf(a) % n === i));
}

/** One conformance run (or shard) through the proxy; resolves when it exits, its log kept in its reports folder. */
function conformance(env: NodeJS.ProcessEnv, reports: string, extra: string[]): Promise<void> {
  return new Promise<void>((done) => {
    const args = ['--import', 'tsx', 'scripts/conformance.ts', ...(GREP ? ['--grep', GREP] : []), ...extra];
    const child = spawn(process.execPath, args, { cwd: root, env: { ...env, SC_REPORTS: reports }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (c: Buffer) => {
      log += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      log += c.toString();
    });
    child.on('exit', () => {
      writeFileSync(join(reports, 'run.log'), log);
      done();
    });
  });
}

async function runOne(rtt: number, workers: number, shards: number): Promise<Row> {
  const reference = await startExternalReference({ REFERENCE_PORT: '0', ...(VARIANTS ? { REFERENCE_VARIANTS: VARIANTS } : {}) });
  const origin = new URL(reference.settings.SC_BASE_URL).origin;
  const userField = (reference.settings.SC_LOGIN_FIELDS ?? 'username,password').split(',')[0];
  const proxy = await startCountingProxy(origin, { rttMs: rtt, apiPath: new URL(reference.settings.SC_BASE_URL).pathname.replace(/\/$/, ''), userField });
  const via = (u: string) => u.replace(origin, proxy.url);
  const base = mkdtempSync(join(tmpdir(), `bench-distance-${rtt}-${workers}-`));
  const env = {
    ...cleanEnv(),
    ...reference.settings,
    SC_BASE_URL: via(reference.settings.SC_BASE_URL),
    SC_AUTH_URL: via(reference.settings.SC_AUTH_URL),
    SC_CONTROL_URL: via(reference.settings.SC_CONTROL_URL),
    SC_WORKERS: String(workers),
    CI: '1',
  };
  const folders = shards > 1 ? Array.from({ length: shards }, (_, i) => join(base, `shard-${i + 1}`)) : [base];
  const started = performance.now();
  try {
    for (const reports of folders) mkdirSync(reports, { recursive: true });
    await Promise.all(
      folders.map((reports, i) =>
        shards > 1 ? conformance({ ...env, SC_ACCOUNTS: shardAccounts(reference.settings.SC_ACCOUNTS, i, shards) }, reports, ['--shard', `${i + 1}/${shards}`]) : conformance(env, reports, []),
      ),
    );
  } finally {
    await proxy.close();
    await reference.stop();
  }
  const wallS = (performance.now() - started) / 1000;
  const row: Row = {
    rtt,
    workers,
    shards,
    wallS,
    requests: proxy.requests,
    apiRequests: 0,
    grants: proxy.grants(),
    grantPeak5min: proxy.tokenPeak(300_000),
    logins: 0,
    peakPerAccount: proxy.peakPerAccount(1000),
    sentPeak: '—',
    throttled: proxy.status429,
    passed: 0,
    failed: 0,
    skipped: 0,
    mustFailed: 0,
  };
  for (const reports of folders) {
    try {
      const stats = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8')).stats as { expected: number; unexpected: number; skipped: number; flaky: number };
      row.passed += stats.expected + stats.flaky;
      row.failed += stats.unexpected;
      row.skipped += stats.skipped;
      row.mustFailed += (JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { summary: { must: { failed: number } } }).summary.must.failed;
    } catch {
      // no report: the run broke (its run.log says why)
      row.mustFailed = Number.NaN;
    }
    const budget = budgetTotals(join(reports, 'budget'));
    row.apiRequests += budget?.requests ?? 0;
    row.logins += budget?.logins ?? 0;
    if (budget?.peak && shards === 1) row.sentPeak = `${budget.peak.requests} (${budget.peak.account})`;
  }
  return row;
}

/** `pro-1 33, pro-2 31`: the figures of a record, highest first. */
const listed = (figures: Record<string, number>) =>
  Object.entries(figures)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '—';

function table(rows: Row[]): string {
  const head =
    '| RTT | workers | shards | wall | floor | requests (API) | token requests by grant type | most in any 5 min | logins | peak API requests per account in any second, at the target | sent peak | 429s | passed / failed / skipped | MUST failed |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.rtt} ms | ${r.workers} | ${r.shards} | ${r.wallS.toFixed(0)} s | ${r.floorS === undefined ? '—' : `${r.floorS.toFixed(0)} s`} | ${r.requests} (${r.apiRequests}) | ${listed(r.grants)} | ${listed(r.grantPeak5min)} | ${r.logins} | ${listed(r.peakPerAccount)} | ${r.sentPeak} | ${r.throttled} | ${r.passed} / ${r.failed} / ${r.skipped} | ${Number.isNaN(r.mustFailed) ? '?' : r.mustFailed} |`,
  );
  return [head, rule, ...body].join('\n');
}

const rows: Row[] = [];
for (const shards of SHARDS) {
  for (const rtt of RTTS) {
    for (const workers of WORKERS) {
      process.stdout.write(`RTT ${rtt} ms, ${workers} workers, ${shards} shard(s) … `);
      const row = await runOne(rtt, workers, shards);
      // Floor: the round trips each worker waits for in sequence, plus the start-up a run has at 0 ms.
      const zero = rows.find((r) => r.rtt === 0 && r.workers === workers && r.shards === shards);
      if (rtt > 0 && zero) row.floorS = (row.requests / workers / shards) * (rtt / 1000) + zero.wallS;
      rows.push(row);
      const top = Math.max(0, ...Object.values(row.peakPerAccount));
      console.log(`${row.wallS.toFixed(0)} s, ${row.passed} passed, ${row.failed} failed, grants ${listed(row.grants)}, peak ${top} per second on one account, ${row.throttled} × 429`);
    }
  }
}
const text = table([...rows].sort((a, b) => a.shards - b.shards || a.workers - b.workers || a.rtt - b.rtt));
console.log(`\n${text}`);
if (OUT) {
  const file = resolve(root, OUT);
  let doc = '';
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '';
  }
  const open = `<!-- bench:distance:${LABEL} -->`;
  const close = `<!-- /bench:distance:${LABEL} -->`;
  const block = `${open}\n_${new Date().toISOString().slice(0, 16)}Z, ${GREP ? `--grep ${GREP}` : 'full suite'}_\n\n${text}\n${close}`;
  const at = doc.indexOf(open);
  const end = doc.indexOf(close);
  doc = at >= 0 && end > at ? `${doc.slice(0, at)}${block}${doc.slice(end + close.length)}` : `${doc}${doc.endsWith('\n') || doc === '' ? '' : '\n'}${block}\n`;
  writeFileSync(file, doc);
  console.log(`table written to ${OUT}`);
}
