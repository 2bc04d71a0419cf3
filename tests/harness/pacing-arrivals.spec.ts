/**
 * Pacing judged where the target counts (issue 41): the arrival times at a
 * server in a process of its own, not the suite's send times. Concurrent
 * workers send on one account, some with its session, some with a bare token
 * pair of the account (an auth check's), while the event loop is loaded (timers
 * fire late) and the server answers 429s and 401s (retries and re-checks go out
 * too). No sliding second at the server may hold more than the limit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { Pool } from 'undici';
import { ownTarget, servedTarget } from '../../transport/served-target.js';
import { drainThrottleNotes, onGiveUp, pacedApi } from '../../transport/pacing.js';
import { ownPair } from '../../transport/token-owners.js';
import { peakInWindow } from '../../results/budget-files.js';

/** The recording server: each request's arrival time by its bearer; every 9th request answers 429, /401 answers 401. */
const SERVER = `
const http = require('node:http');
const arrivals = [];
let n = 0;
const server = http.createServer((req, res) => {
  const at = Date.now();
  if (req.url === '/_arrivals') return res.end(JSON.stringify(arrivals));
  arrivals.push({ at, bearer: req.headers.authorization || '', url: req.url });
  n++;
  if (n % 9 === 0) { res.writeHead(429, n % 2 ? { 'retry-after': '0' } : {}); return res.end(); }
  res.writeHead(req.url === '/401' ? 401 : 200).end('{}');
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

async function startRecorder(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the recording server did not start in 10 s')), 10_000);
    child.stdout?.on('data', (c: Buffer) => {
      const m = /port (\d+)/.exec(c.toString());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

test('concurrent workers on one account never put more than the limit in any sliding second at the server, late timers, 429s and 401 re-checks included', async () => {
  test.setTimeout(60_000);
  const limit = 20;
  const target = servedTarget({ ...ownTarget().settings, pacing: { rateLimit: limit, tokenBudget: undefined, retries: 4, recoveryS: 65 } }, undefined);
  const recorder = await startRecorder();
  const pool = new Pool(recorder.url, { connections: 32 });
  // A loaded machine: the event loop is blocked 10–60 ms at a time, so timers fire late (transport/pace-permit.ts LATE_MS).
  let blocking = true;
  const block = async () => {
    while (blocking) {
      const until = Date.now() + 10 + Math.random() * 50;
      while (Date.now() < until) {
        // busy: nothing else runs
      }
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 60));
    }
  };
  const loaded = block();
  const send = (path: string) => async (headers: Record<string, string>) => {
    const res = await pool.request({ method: 'GET', path, headers });
    await res.body.text();
    return { status: res.statusCode, headers: res.headers as Record<string, string> };
  };
  // The account's session, and a bare pair of the same account (an auth check's): paced as one account.
  const session = { username: 'acct-1', accessToken: 'session-token' };
  ownPair({ accessToken: 'pair-token' }, 'acct-1');
  const pair = { accessToken: 'pair-token' };
  const worker = async (w: number) => {
    for (let i = 0; i < 14; i++) {
      const bearer = w % 2 === 0 ? session : pair;
      const path = i % 5 === 4 ? '/401' : '/read';
      await pacedApi(target, bearer, true, { authorization: `Bearer ${bearer.accessToken}` }, send(path), `GET ${path}`, { probe: send('/probe') });
    }
  };
  onGiveUp(() => {});
  try {
    await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
  } finally {
    blocking = false;
    await loaded;
    // The 429s' notes are this test's: the next test of the worker starts without them.
    drainThrottleNotes();
  }
  const res = await pool.request({ method: 'GET', path: '/_arrivals' });
  const arrivals = (await res.body.json()) as { at: number; bearer: string; url: string }[];
  await pool.close();
  recorder.child.kill();
  const times = arrivals.map((a) => a.at).sort((a, b) => a - b);
  // 6 × 14 requests, the 401s' re-checks and the 429s' retries: all on the one account.
  expect(arrivals.filter((a) => a.url === '/probe').length).toBeGreaterThan(0);
  expect(times.length).toBeGreaterThan(6 * 14 + 10);
  expect(peakInWindow(times, 1000)).toBeLessThanOrEqual(limit);
});
