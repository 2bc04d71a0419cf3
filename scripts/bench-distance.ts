/**
 * npm run bench:distance [-- --rtt 0,50,150,300 --workers 2,8 --out docs/BENCHMARKS.md --label <name> --grep <pattern>]
 *
 * The full conformance run against the reference at a distance: for each round
 * trip time and worker count, a fresh reference (its own process, `npm run
 * reference`), a real node:http proxy on 127.0.0.1 in front of it that holds
 * every exchange for the round trip (half before forwarding the request, half
 * before answering), and `npm run conformance` pointed at the proxy as a remote
 * target (so the suite's defaults for a remote target apply: SC_RATE_LIMIT 30).
 * Prints per setting: wall time, requests through the proxy, token requests by
 * grant type, logins, peak API requests per second per account, 429s, checks
 * passed/failed and MUST failures, and a floor estimate (round trips per worker
 * × RTT + the wall time of the same run at 0 ms). Writes the table into `--out`
 * between the `<!-- bench:distance:<label> -->` markers when given.
 *
 * A script, not part of npm test: a full matrix takes minutes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetTotals } from '../results/budget-files.js';
import { cleanEnv, startExternalReference } from '../tests/support/external-reference.js';
import { exitOnHelp } from '../lib/cli-help.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
exitOnHelp(`
usage: npm run bench:distance [-- --rtt 0,50,150,300 --workers 2,8 --out docs/BENCHMARKS.md --label <name> --grep <pattern>]

The full conformance run against the reference behind a proxy that adds each round trip
time, for each worker count; prints wall time, requests, token grants, logins, peak rate,
429s and failures per setting, and writes the table into --out between its markers.
`);

const RTTS = arg('rtt', '0,50,150,300').split(',').map(Number);
const WORKERS = arg('workers', '2,8').split(',').map(Number);
const OUT = arg('out', '');
const GREP = arg('grep', '');
/** Names the table's block in --out, so runs of different settings keep their own tables. */
const LABEL = arg('label', 'all');

interface DelayProxy {
  url: string;
  requests: number;
  status429: number;
  close(): Promise<void>;
}

/** A node:http proxy to `upstream` that adds `rttMs` to every exchange. */
async function startDelayProxy(upstream: string, rttMs: number): Promise<DelayProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const half = rttMs / 2;
  const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
  const state = { requests: 0, status429: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      await wait(half);
      const headers = { ...req.headers, host: target.host };
      const up = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', async () => {
            if (answer.statusCode === 429) state.status429++;
            await wait(half);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
          answer.on('error', () => res.destroy());
        },
      );
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      up.end(Buffer.concat(chunks));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get status429() {
      return state.status429;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
        agent.destroy();
      }),
  };
}

interface Row {
  rtt: number;
  workers: number;
  wallS: number;
  requests: number;
  apiRequests: number;
  authorizationCode: number;
  refreshToken: number;
  logins: number;
  peak: string;
  throttled: number;
  passed: number;
  failed: number;
  skipped: number;
  mustFailed: number;
  floorS?: number;
}

async function runOne(rtt: number, workers: number): Promise<Row> {
  const reference = await startExternalReference({ REFERENCE_PORT: '0' });
  const origin = new URL(reference.settings.SC_BASE_URL).origin;
  const proxy = await startDelayProxy(origin, rtt);
  const via = (u: string) => u.replace(origin, proxy.url);
  const reports = mkdtempSync(join(tmpdir(), `bench-distance-${rtt}-${workers}-`));
  const env = {
    ...cleanEnv(),
    ...reference.settings,
    SC_BASE_URL: via(reference.settings.SC_BASE_URL),
    SC_AUTH_URL: via(reference.settings.SC_AUTH_URL),
    SC_CONTROL_URL: via(reference.settings.SC_CONTROL_URL),
    SC_WORKERS: String(workers),
    SC_REPORTS: reports,
    CI: '1',
  };
  const started = performance.now();
  try {
    await new Promise<void>((done) => {
      const args = ['--import', 'tsx', 'scripts/conformance.ts', ...(GREP ? ['--grep', GREP] : [])];
      const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  } finally {
    await proxy.close();
    await reference.stop();
  }
  const wallS = (performance.now() - started) / 1000;
  const stats = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8')).stats as { expected: number; unexpected: number; skipped: number; flaky: number };
  let mustFailed = Number.NaN;
  try {
    mustFailed = (JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { summary: { must: { failed: number } } }).summary.must.failed;
  } catch {
    // no conformance.json: the run broke; the counts above say how
  }
  const budget = budgetTotals(join(reports, 'budget'));
  return {
    rtt,
    workers,
    wallS,
    requests: proxy.requests,
    apiRequests: budget?.requests ?? 0,
    authorizationCode: budget?.token.authorization_code ?? 0,
    refreshToken: budget?.token.refresh_token ?? 0,
    logins: budget?.logins ?? 0,
    peak: budget?.peak ? `${budget.peak.requests} (${budget.peak.account})` : '—',
    throttled: proxy.status429,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    mustFailed,
  };
}

function table(rows: Row[]): string {
  const head = '| RTT | workers | wall | floor | requests (API) | auth-code grants | refresh grants | logins | peak req/s per account | 429s | passed / failed / skipped | MUST failed |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.rtt} ms | ${r.workers} | ${r.wallS.toFixed(0)} s | ${r.floorS === undefined ? '—' : `${r.floorS.toFixed(0)} s`} | ${r.requests} (${r.apiRequests}) | ${r.authorizationCode} | ${r.refreshToken} | ${r.logins} | ${r.peak} | ${r.throttled} | ${r.passed} / ${r.failed} / ${r.skipped} | ${Number.isNaN(r.mustFailed) ? '?' : r.mustFailed} |`,
  );
  return [head, rule, ...body].join('\n');
}

const rows: Row[] = [];
for (const rtt of RTTS) {
  for (const workers of WORKERS) {
    process.stdout.write(`RTT ${rtt} ms, ${workers} workers … `);
    const row = await runOne(rtt, workers);
    // Floor: the round trips each worker waits for in sequence, plus the start-up a run has at 0 ms.
    const zero = rows.find((r) => r.rtt === 0 && r.workers === workers);
    if (rtt > 0 && zero) row.floorS = (row.requests / workers) * (rtt / 1000) + zero.wallS;
    rows.push(row);
    console.log(`${row.wallS.toFixed(0)} s, ${row.passed} passed, ${row.failed} failed, ${row.authorizationCode}+${row.refreshToken} grants, peak ${row.peak}, ${row.throttled} × 429`);
  }
}
const text = table([...rows].sort((a, b) => a.workers - b.workers || a.rtt - b.rtt));
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
