/**
 * Pacing, 429s and the run's budget (transport/pacing*.ts, transport/spending.ts,
 * the suite server's /_suite/pace, the reference's `throttle-36` variant).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { Pool } from 'undici';
import { workerBudget } from '../../transport/spending.js';
import { depositSessions, depositSpare, takeAny, takeSession } from '../../sessions/session-broker.js';
import { Session } from '../../sessions/session.js';
import type { Settings } from '../../settings/settings.js';
import { drainThrottleNotes, onGiveUp, pacedApi, pacedToken, tolerateThrottle } from '../../transport/pacing.js';
import { forgetCurrentSettings } from '../../settings/settings.js';
import { ownTarget, servedTarget } from '../../transport/served-target.js';
import { isThrottled, retryAfterMs } from '../../transport/throttle-wait.js';
import { pacingSettings, shardShare } from '../../settings/pacing-settings.js';
import { PaceSchedule } from '../../transport/pacing-window.js';
import { budgetLines, budgetTotals, peakInWindow } from '../../results/budget-files.js';
import { startSuiteServer } from '../../suite-server/server.js';
import { httpRequest } from '../../lib/http.js';
import { startReference } from '../../reference/server.js';
import { login } from '../reference/reference-login.js';

/** The process's own target reads its settings again (after a change of SC_RATE_LIMIT…), with a fresh schedule. */
function resetPacing(): void {
  forgetCurrentSettings();
  ownTarget().schedule = new PaceSchedule();
}

const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers });

/** A pooled session whose token was 'old' and has worked; a renewal makes it 'new' and is counted. */
function pooledSession() {
  const state = { token: 'old', renewals: 0 };
  const session = {
    get accessToken() {
      return state.token;
    },
    username: 'pro-1',
    pooled: true,
    worked: true,
    markWorked() {},
    needsRenewal: () => false,
    renew: async () => {
      state.renewals++;
      state.token = 'new';
      return true;
    },
  };
  return { state, session };
}

test.describe('pacing', () => {
  test('the schedule never lets more than the limit arrive in any second, whatever the asks and the time on the way', () => {
    // Each request: asked after a gap, sent when granted (late by up to `late`), arriving somewhere before its answer.
    const request = fc.record({ gap: fc.integer({ min: 0, max: 50 }), late: fc.integer({ min: 0, max: 80 }), way: fc.integer({ min: 0, max: 400 }), arrival: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(request, { minLength: 1, maxLength: 200 }), (limit, requests) => {
        const schedule = new PaceSchedule();
        let now = 1_000_000;
        const arrivals: number[] = [];
        const inFlight: { id: number; end: number }[] = [];
        for (const r of requests) {
          now += r.gap;
          for (;;) {
            // Answers that are in by now are reported first.
            for (const f of inFlight.filter((x) => x.end <= now)) schedule.done('a', f.id, f.end);
            inFlight.splice(0, inFlight.length, ...inFlight.filter((x) => x.end > now));
            const g = schedule.grant('a', limit, now);
            if ('id' in g) {
              const sent = now + g.waitMs + r.late;
              arrivals.push(sent + r.arrival * r.way);
              inFlight.push({ id: g.id, end: sent + r.way });
              break;
            }
            now = Math.min(...inFlight.map((x) => x.end));
          }
        }
        return peakInWindow(arrivals.sort((a, b) => a - b)) <= limit;
      }),
    );
  });

  test('a hold (a 429 seen by one worker) delays every later grant of that account only; a request waits for the answer of the one `limit` places before it', () => {
    const schedule = new PaceSchedule();
    schedule.hold('a', 2_000, 0);
    expect(schedule.grant('a', 30, 0)).toMatchObject({ waitMs: 2_000 });
    expect(schedule.grant('b', 30, 0)).toMatchObject({ waitMs: 0 });
    const first = schedule.grant('c', 2, 0);
    schedule.grant('c', 2, 0);
    expect(schedule.grant('c', 2, 10)).toEqual({ retryMs: expect.any(Number) });
    if ('id' in first) schedule.done('c', first.id, 300);
    expect(schedule.grant('c', 2, 310)).toMatchObject({ waitMs: 992 }); // a window after the answer, and 2 ms for a timer firing early
  });

  test('Retry-After is read in seconds or as a date, bounded; anything else is absent', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('3600')).toBe(30_000);
    expect(retryAfterMs(new Date(Date.now() + 5_000).toUTCString())).toBeGreaterThan(3_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  test('SC_RATE_LIMIT: 34 for a remote target and the throttled reference, off for the embedded one, one line when malformed', () => {
    expect(pacingSettings({}).rateLimit).toBeUndefined();
    expect(pacingSettings({ SC_BASE_URL: 'https://x' }).rateLimit).toBe(34);
    expect(pacingSettings({ REFERENCE_VARIANTS: 'page-size-1,throttle-36' }).rateLimit).toBe(34);
    expect(pacingSettings({ SC_BASE_URL: 'https://x', SC_RATE_LIMIT: 'off' }).rateLimit).toBeUndefined();
    expect(pacingSettings({ SC_RATE_LIMIT: '12.5' }).rateLimit).toBe(12.5);
    expect(() => pacingSettings({ SC_RATE_LIMIT: 'fast' })).toThrow(/SC_RATE_LIMIT: .*positive number.*'fast'/);
    expect(() => pacingSettings({ SC_RATE_LIMIT_RETRIES: '-1' })).toThrow(/SC_RATE_LIMIT_RETRIES/);
  });

  test('a 429 is waited out and sent again; one that outlasts the retries is handed over, never thrown', async () => {
    process.env.SC_RATE_LIMIT_RETRIES = '2';
    resetPacing();
    try {
      const before = workerBudget().throttled;
      const script = [answer(429, { 'retry-after': '0' }), answer(429), answer(200)];
      const res = await pacedApi(ownTarget(), null, false, {}, async () => script.shift() ?? answer(500), 'GET /items');
      expect(res.status).toBe(200);
      expect(workerBudget().throttled - before).toBe(2);
      expect(drainThrottleNotes()).toEqual([expect.stringContaining('Retry-After'), expect.stringContaining('backoff')]);

      const given: string[] = [];
      onGiveUp((what) => given.push(what));
      const last = await pacedToken(ownTarget(), 'refresh_token', async () => answer(429, { 'retry-after': '0' }));
      expect(last.status).toBe(429);
      expect(given).toEqual(['POST /token (refresh_token)']);
    } finally {
      onGiveUp(() => {});
      delete process.env.SC_RATE_LIMIT_RETRIES;
      resetPacing();
    }
  });

  test('a 503 with Retry-After is a throttle: waited out and sent again like a 429; a 503 without it is the answer at once', async () => {
    process.env.SC_RATE_LIMIT_RETRIES = '2';
    resetPacing();
    drainThrottleNotes(); // the notes of the tests before
    try {
      const before = workerBudget().throttled;
      const script = [answer(503, { 'retry-after': '0' }), answer(200)];
      const res = await pacedApi(ownTarget(), null, false, {}, async () => script.shift() ?? answer(500), 'GET /items');
      expect(res.status).toBe(200);
      expect(workerBudget().throttled - before).toBe(1);
      expect(drainThrottleNotes()).toEqual([expect.stringMatching(/^GET \/items: 503, waited \d+ ms \(Retry-After\)/)]);
      let sent = 0;
      const bare = await pacedApi(ownTarget(), null, false, {}, async () => {
        sent++;
        return answer(503);
      }, 'GET /items');
      expect([bare.status, sent]).toEqual([503, 1]);
      expect(isThrottled(answer(503, { 'retry-after': 'soon' }))).toBe(false);
      expect(isThrottled(answer(503, { 'retry-after': new Date().toUTCString() }))).toBe(true);
    } finally {
      delete process.env.SC_RATE_LIMIT_RETRIES;
      resetPacing();
    }
  });

  test('a 401 is re-checked with one read of the same token: alive, the 401 is the answer; dead, a pooled session renews and only an idempotent request is sent again', async () => {
    const newTokenReads = async (h: Record<string, string>) => answer(h.authorization === 'Bearer new' ? 200 : 401);
    /** One request on a fresh pooled session whose server answers `respond`: the answer, what was sent, the session's state. */
    const sendOnPooled = async (what: string, respond: (h: Record<string, string>) => Promise<ReturnType<typeof answer>>, probe: (h: Record<string, string>) => Promise<ReturnType<typeof answer>>) => {
      const { state, session } = pooledSession();
      const sent: string[] = [];
      const [method] = what.split(' ');
      const res = await pacedApi(ownTarget(), session, true, { authorization: 'Bearer old' }, async (h) => {
        sent.push(h.authorization);
        return respond(h);
      }, what, { method, probe });
      return { res, sent, state };
    };
    const before = workerBudget().rechecks.api;
    // Alive: the server answers 401 to this request but the same token reads: no renewal, no re-send.
    const alive = await sendOnPooled('POST /items', async () => answer(401), async () => answer(200));
    expect(alive.res.status).toBe(401);
    expect(alive.res.authCheck).toEqual({ token: 'alive', probeStatus: 200 });
    expect(alive.sent).toEqual(['Bearer old']);
    expect(alive.state.renewals).toBe(0);
    // Dead, POST: renewed, never sent twice.
    const deadPost = await sendOnPooled('POST /items', async () => answer(401), newTokenReads);
    expect(deadPost.res.authCheck).toMatchObject({ token: 'dead', renewed: true });
    expect(deadPost.sent).toEqual(['Bearer old']);
    expect(deadPost.state.renewals).toBe(1);
    // Dead, GET: renewed and sent again with the new token.
    const deadGet = await sendOnPooled('GET /items', newTokenReads, newTokenReads);
    expect(deadGet.res.status).toBe(200);
    expect(deadGet.sent).toEqual(['Bearer old', 'Bearer new']);
    expect(workerBudget().rechecks.api - before).toBe(3);
    drainThrottleNotes();
  });

  test('a final 429 inside tolerateThrottle is returned, not handed over', async () => {
    process.env.SC_RATE_LIMIT_RETRIES = '0';
    resetPacing();
    const given: string[] = [];
    onGiveUp((what) => given.push(what));
    try {
      const res = await tolerateThrottle(() => pacedApi(ownTarget(), null, false, {}, async () => answer(429, { 'retry-after': '0' }), 'DELETE /items/x', { method: 'DELETE' }));
      expect(res.status).toBe(429);
      expect(given).toEqual([]);
    } finally {
      onGiveUp(() => {});
      delete process.env.SC_RATE_LIMIT_RETRIES;
      resetPacing();
      drainThrottleNotes();
    }
  });

  test('a request sent once (the rate-limit check) is neither retried after a 429 nor re-checked after a 401, and is counted', async () => {
    const given: string[] = [];
    onGiveUp((what) => given.push(what));
    const before = workerBudget();
    try {
      for (const once of ['unpaced', 'paced'] as const) {
        const { state, session } = pooledSession();
        let sent = 0;
        const counted = (status: number, headers: Record<string, string> = {}) => async () => {
          sent++;
          return answer(status, headers);
        };
        const throttled = await pacedApi(ownTarget(), session, true, { authorization: 'Bearer old' }, counted(429, { 'retry-after': '0' }), 'GET /items/limits', { once });
        const refused = await pacedApi(ownTarget(), session, true, { authorization: 'Bearer old' }, counted(401), 'GET /items/limits', {
          once,
          probe: async () => answer(200),
        });
        expect([throttled.status, refused.status, refused.authCheck, sent, state.renewals]).toEqual([429, 401, undefined, 2, 0]);
      }
      expect(given).toEqual([]);
      expect(drainThrottleNotes()).toEqual([]);
      // Each request counted, each 429 too (none waited out).
      const after = workerBudget();
      expect([after.requests - before.requests, after.throttled - before.throttled, after.throttleWaitMs - before.throttleWaitMs]).toEqual([4, 2, 0]);
    } finally {
      onGiveUp(() => {});
    }
  });

  test('a pooled session renews itself after a 401 to a token that worked, once', async () => {
    const { state, session } = pooledSession();
    const seen: string[] = [];
    const res = await pacedApi(ownTarget(), session, true, { authorization: 'Bearer old' }, async (h) => {
      seen.push(h.authorization);
      return answer(h.authorization === 'Bearer new' ? 200 : 401);
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(state.renewals).toBe(1);
    drainThrottleNotes();
  });

  test('the suite server serves one schedule to every worker; its overhead per request is small', async () => {
    const server = await startSuiteServer({ host: '127.0.0.1', port: 0, token: 't' });
    const pool = new Pool(server.localUrl, { connections: 4 });
    try {
      const ask = async (body: object) => {
        const res = await pool.request({ method: 'POST', path: '/_suite/pace', headers: { 'x-suite-token': 't', 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return (await res.body.json()) as { id: number; waitMs: number };
      };
      // Each request's answer reported at once, as transport/pace-permit.ts does.
      const grant = async (key: string) => {
        const g = await ask({ key, limit: 5 });
        await ask({ key, done: g.id, at: Date.now() });
        return g.waitMs;
      };
      const waits = [];
      for (let i = 0; i < 7; i++) waits.push(await grant('pro-1'));
      expect(waits.slice(0, 5).every((w) => w === 0)).toBe(true);
      // The sixth waits a second from the first one's answer, less the time the five took.
      expect(waits[5]).toBeGreaterThan(0);
      expect(waits[5]).toBeLessThanOrEqual(1000);
      const n = 400;
      const started = performance.now();
      for (let i = 0; i < n; i++) await grant(`k${i}`);
      const perGrant = (performance.now() - started) / n;
      test.info().annotations.push({ type: 'overhead', description: `${perGrant.toFixed(2)} ms per paced request (loopback)` });
      expect(perGrant).toBeLessThan(20);
    } finally {
      await pool.close();
      await server.close();
    }
  });

  test('budget totals sum the newest run, take the peak over any second and drop older runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    const line = (o: object) => `${JSON.stringify({ token: {}, logins: 0, requests: 0, throttled: 0, throttledFinal: 0, throttleWaitMs: 0, sends: {}, ...o })}\n`;
    writeFileSync(join(dir, 'old-1.jsonl'), line({ logins: 99 }));
    const t0 = Date.now();
    writeFileSync(join(dir, 'new-2.jsonl'), line({ token: { authorization_code: 2 }, logins: 2, requests: 3, sends: { a: [t0, t0 + 500, t0 + 1500] } }));
    writeFileSync(join(dir, 'new-3.jsonl'), line({ token: { authorization_code: 1, refresh_token: 4 }, logins: 1, requests: 1, sends: { a: [t0 + 900] } }));
    const totals = budgetTotals(dir);
    expect(totals?.runId).toBe('new');
    expect(totals?.token).toEqual({ authorization_code: 3, refresh_token: 4 });
    expect(totals?.logins).toBe(3);
    expect(totals?.peak).toEqual({ account: 'a', requests: 3 });
  });

  test('the token budget: 174 per 5 minutes for a remote target, split between shards; the summary shows the most in any 5 minutes', () => {
    expect(pacingSettings({ SC_BASE_URL: 'https://x' }).tokenBudget).toBe(174);
    expect(pacingSettings({}).tokenBudget).toBeUndefined();
    expect(pacingSettings({ SC_BASE_URL: 'https://x', SC_TOKEN_BUDGET: 'off' }).tokenBudget).toBeUndefined();
    expect(() => pacingSettings({ SC_TOKEN_BUDGET: '1.5' })).toThrow(/SC_TOKEN_BUDGET: .*positive integer/);
    expect([shardShare(174, 4), shardShare(174, 3), shardShare(174, 1), shardShare(undefined, 4), shardShare(3, 4)]).toEqual([43, 58, 174, undefined, 1]);
    // The token schedule is the API's with a 5-minute window: the fourth of 3 waits 5 minutes from the first one's answer.
    const schedule = new PaceSchedule();
    const first = schedule.grant('token:authorization_code', 3, 0, 300_000);
    schedule.grant('token:authorization_code', 3, 0, 300_000);
    schedule.grant('token:authorization_code', 3, 0, 300_000);
    if ('id' in first) schedule.done('token:authorization_code', first.id, 200);
    expect(schedule.grant('token:authorization_code', 3, 1_000, 300_000)).toMatchObject({ waitMs: 299_202 });

    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    const t0 = Date.now();
    const line = { token: { authorization_code: 3 }, logins: 0, requests: 0, throttled: 0, throttledFinal: 0, throttleWaitMs: 0, sends: {} };
    const share = { perGrant: 43, budget: 174, shards: 4 };
    writeFileSync(join(dir, 'run-1.jsonl'), `${JSON.stringify({ ...line, tokenSends: { authorization_code: [t0, t0 + 1_000, t0 + 400_000] }, tokenShare: share })}\n`);
    const totals = budgetTotals(dir);
    expect(totals?.tokenPeak).toEqual({ authorization_code: 2 });
    expect(budgetLines(totals as NonNullable<typeof totals>)).toContain('Token requests in any 5 minutes, at most: 2 authorization_code; the budget 43 per grant type per shard (SC_TOKEN_BUDGET 174 ÷ 4 shards)');
  });

  test('the throttle-36 variant answers 429 past 36 requests per second per account, alternately with Retry-After', async () => {
    const reference = await startReference({ variants: ['throttle-36'] });
    try {
      const { access_token } = await login(reference, reference.accounts[0]);
      const statuses = await Promise.all(
        Array.from({ length: 45 }, () => httpRequest({ method: 'GET', url: `${reference.baseUrl}/items/categories`, headers: { authorization: `Bearer ${access_token}` }, timeoutMs: 5_000 })),
      );
      const refused = statuses.filter((r) => r.status === 429);
      expect(statuses.filter((r) => r.status === 200).length).toBe(36);
      expect(refused.length).toBe(9);
      expect(refused.filter((r) => r.headers['retry-after'] === '1').length).toBe(5);
    } finally {
      await reference.close();
    }
  });

  test('the throttle-36-text-body variant throttles the same way, its 429 a text body; the suite does not pace for it', async () => {
    expect(pacingSettings({ REFERENCE_VARIANTS: 'throttle-36-text-body' }).rateLimit).toBeUndefined();
    const reference = await startReference({ variants: ['throttle-36-text-body'] });
    try {
      const { access_token } = await login(reference, reference.accounts[0]);
      const statuses = await Promise.all(
        Array.from({ length: 120 }, () => httpRequest({ method: 'GET', url: `${reference.baseUrl}/items/categories`, headers: { authorization: `Bearer ${access_token}` }, timeoutMs: 10_000 })),
      );
      // At least one: on a loaded machine the requests may spread over more than the one-second window.
      const refused = statuses.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.headers['content-type']).toMatch(/^text\/plain/);
        expect(r.text).toBe('Too Many Requests');
      }
    } finally {
      await reference.close();
    }
  });

  test('a session the preflight deposits is taken once, by the first worker that asks, with its age; a check\'s spares likewise', async () => {
    const server = await startSuiteServer({ host: '127.0.0.1', port: 0, token: 't' });
    try {
      const endpoint = { target: ownTarget(), authUrl: 'http://127.0.0.1:9/oauth', clientId: 'c', clientSecret: 's', timeoutMs: 1_000 };
      const opened = Session.restore('pro-1', 'pro', { accessToken: 'a-1', refreshToken: 'r-1' }, endpoint, { at: Date.now() - 5_000, lifetimeMs: 300_000 });
      await depositSessions({ localUrl: server.localUrl, token: 't' }, [opened]);
      const target = servedTarget({ authUrl: endpoint.authUrl, clientId: 'c', clientSecret: 's', requestTimeoutMs: 1_000, clientAuth: 'form' } as Settings, undefined);
      const suite = { localUrl: server.localUrl, token: 't', publicUrl: server.localUrl };
      const account = { username: 'pro-1', password: 'x', plan: 'pro' as const };
      const taken = await takeSession(target, account, suite);
      expect(taken?.accessToken).toBe('a-1');
      expect(taken?.obtained.at).toBe(opened.obtained.at);
      expect(await takeSession(target, account, suite)).toBeUndefined();
      expect(await takeSession(target, { ...account, username: 'pro-2' }, suite)).toBeUndefined();

      // Spares of checks: several per account, each taken once, oldest first, by the first of the accounts asked that has one.
      const pro2 = { ...account, username: 'pro-2' };
      await depositSpare(target, pro2, { accessToken: 'a-2', refreshToken: 'r-2' }, undefined, suite);
      await depositSpare(target, pro2, { accessToken: 'a-3', refreshToken: 'r-3' }, undefined, suite);
      expect((await takeAny(target, [account, pro2], suite))?.accessToken).toBe('a-2');
      expect((await takeAny(target, [account, pro2], suite))?.accessToken).toBe('a-3');
      expect(await takeAny(target, [account, pro2], suite)).toBeUndefined();

      // Another target (the kill matrix's next defect, its own reference) never takes a session its token endpoint did not issue.
      const other = servedTarget({ authUrl: 'http://127.0.0.1:10/oauth', clientId: 'c', clientSecret: 's', requestTimeoutMs: 1_000, clientAuth: 'form' } as Settings, undefined);
      await depositSpare(target, account, { accessToken: 'a-4', refreshToken: 'r-4' }, undefined, suite);
      expect(await takeSession(other, account, suite)).toBeUndefined();
      expect((await takeSession(target, account, suite))?.accessToken).toBe('a-4');
    } finally {
      await server.close();
    }
  });
});
