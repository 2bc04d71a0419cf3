/**
 * The session pool behind the `sessions` fixture (fixtures/sessions.ts): sessions with the target, by plan.
 *
 *   await sessions.shared('pro')   the worker's pooled session of an account of the plan
 *   await sessions.pooled('pro')   the same (any plan or account): for checks that neither
 *                                  test the login nor spend or revoke the session
 *   await sessions.fresh('pro')    a new aggregator session: a login (checks that test the login)
 *   await sessions.own('pro')      an aggregator session of the test's own, to spend or revoke:
 *                                  one another check opened and left unused, else a login
 *   sessions.spare(account, pair)  hands on a session the test opened and will not use
 *   await sessions.direct('pro')   a new direct-integrator session; skips the test, not
 *                                  applicable [no_direct_sessions], when neither
 *                                  SC_DIRECT_TOKEN_COMMAND nor the control API is set
 *   await sessions.lease('pro')    an account for this test ALONE (cross-process lock, released
 *                                  after the test's cleanup) and the worker's pooled session of it;
 *                                  given an Account, that one (waiting while another test holds it)
 *
 * Session economy (the target's token endpoint is rate limited per source IP):
 * each worker keeps ONE aggregator session per account (the pool), opened on
 * first use and reused by every lease, shared and pooled call. A pooled session
 * renews itself when `expires_in` says its access token is near its end, and
 * after a 401 whose token a re-check proved dead (transport/pacing.ts): by a
 * refresh, else a new login; neither is charged to the server. A login that meets a
 * transport failure (reset, refused, a 502/503/504 from a proxy) is started over
 * once, from a new code_verifier and state: the one step always safe to repeat.
 *
 * RULE: a test that creates or changes items (or anything counted per account)
 * in an account leases it. A plan absent from SC_ACCOUNTS skips the test (not applicable [accounts]).
 * Every argument `plan` may also be a given Account.
 */
import { type TestInfo, test } from '@playwright/test';
import { HttpError } from '../lib/http.js';
import { mask } from '../lib/secrets.js';
import { notApplicable } from '../results/outcomes.js';
import { type Account, accountsOf, type Plan } from '../settings/settings.js';
import type { ServedTarget } from '../transport/served-target.js';
import { ControlClient } from '../transport/control-client.js';
import { acquireLease, type Lease } from './lease.js';
import { LoginError } from './login.js';
import { type Session, SessionError } from './session.js';
import { type Authorize, openAggregatorSession, openDirectSession } from './open-session.js';
import { depositSpare, takeAny, takeSession } from './session-broker.js';
import type { Exchange } from '../transport/exchange.js';
import type { TokenPair } from '../transport/token-client.js';

export interface Sessions {
  shared(plan: Plan): Promise<Session>;
  pooled(plan: Plan | Account): Promise<Session>;
  fresh(plan: Plan | Account): Promise<Session>;
  own(plan: Plan | Account): Promise<Session>;
  /** Hands on a session this test's own login opened and that it will not use (neither sent nor refreshed). */
  spare(account: Account, pair: TokenPair, answer?: Exchange): Promise<void>;
  direct(plan: Plan | Account): Promise<Session>;
  lease(plan: Plan | Account): Promise<Session>;
  /** The accounts of a plan (skips the test when there is none). */
  accounts(plan: Plan): Account[];
  /** Some account, of the preferred plan when there is one (never skips: SC_ACCOUNTS holds at least one). */
  anyAccount(prefer?: Plan): Account;
}

export interface WorkerState {
  /** The worker's pool: one aggregator session per account (username). */
  pool: Map<string, Promise<Session>>;
  cursor: Map<Plan, number>;
  /** The target's run folder (the lease locks); undefined outside a conformance run. */
  runDir: string | undefined;
  /**
   * This worker's place among the target's workers, which picks its accounts: Playwright's indices
   * for the process's own target; for a target of the kill matrix, the worker's ordinal among those
   * that served it, as a one-worker run of its own would number them (transport/target-registry.ts).
   */
  slot: { parallelIndex: number; workerIndex: number };
}

/** How long a lease waits for a free account, at most. */
const LEASE_WAIT_MS = 45_000;
/** Statuses a proxy answers for a target it could not reach: a transport problem, not the IdP's answer. */
const PROXY_STATUSES = new Set([502, 503, 504]);

/** True when a login failed on the way (reset, refused, timeout, a proxy's 502/503/504), not by the IdP's answer. */
export function isTransportFailure(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  if (error instanceof SessionError) return PROXY_STATUSES.has(error.exchange?.status ?? 0);
  if (error instanceof LoginError) {
    const e = error as LoginError & { transport?: boolean; status?: number };
    if (e.transport === true || PROXY_STATUSES.has(e.status ?? 0)) return true;
    return /the request failed|no complete answer|connection (refused|failed|reset)|, got 50[234] /.test(error.message);
  }
  return false;
}

/** A login (and its code exchange) started over once after a transport failure. */
export async function openAggregatorWithRetry(target: ServedTarget, account: Account, authorize: Authorize, onRetry?: (error: unknown) => void): Promise<Session> {
  try {
    return await openAggregatorSession(target, account, authorize);
  } catch (error) {
    if (!isTransportFailure(error)) throw error;
    onRetry?.(error);
    return openAggregatorSession(target, account, authorize);
  }
}

/** What a test's sessions are made of: the worker's pool and the judging the fixture wires in (fixtures/sessions.ts). */
export interface PoolContext {
  /** The test's target (its settings inside): every session's requests go to it. */
  target: ServedTarget;
  authorize: Authorize;
  state: WorkerState;
  testInfo: TestInfo;
  /** Ends the test, not judged, for this reason (no account of a plan, no direct sessions). */
  skip: (reason: string) => never;
  /** Opens a session; a failed login or exchange becomes the check's failure (judging/auth-step.ts openedOrFail). */
  opened: (kind: 'aggregator' | 'direct', open: () => Promise<Session>, timeoutMs?: number) => Promise<Session>;
}

/** A test's sessions, and the leases it took (released by the fixture after the test's cleanup). */
export function openSessions({ target, authorize, state, testInfo, skip, opened }: PoolContext): { sessions: Sessions; leases: Lease[] } {
  const { settings } = target;
  const accountsOrSkip = (plan: Plan): Account[] => {
    const list = accountsOf(settings, plan);
    if (list.length === 0) skip(notApplicable('accounts', `needs a ${plan} account (SC_ACCOUNTS)`));
    return list;
  };
  const leases: Lease[] = [];
  const control = settings.controlUrl && settings.controlToken ? new ControlClient(settings.controlUrl, settings.controlToken, settings.requestTimeoutMs) : undefined;
  const step = <T>(title: string, body: () => Promise<T>) => test.step(title, body, { box: true });
  const via = settings.login === 'browser' ? 'browser' : 'form';

  const retried = (error: unknown) =>
    testInfo.annotations.push({ type: 'transport', description: mask(`login started over once after a transport failure: ${(error as Error).message.split('\n')[0]}`) });
  const aggregator = (account: Account) =>
    step(`login ${account.username} (aggregator, ${via})`, () =>
      opened('aggregator', () => openAggregatorWithRetry(target, account, authorize, retried), settings.requestTimeoutMs),
    );

  /** The worker's session of the account: opened on first use, renewed when near its end. */
  const pooledOf = async (account: Account): Promise<Session> => {
    const cached = state.pool.get(account.username);
    if (cached) {
      const session = await cached.catch(() => undefined);
      if (session) {
        if (session.needsRenewal()) await step(`renew the session of ${account.username} (expires_in)`, () => session.renew());
        return session;
      }
    }
    // The preflight's session of the account when it handed one on, else a login.
    const opening = takeSession(target, account)
      .then((handed) => handed ?? aggregator(account))
      .then((session) => session.pool(() => openAggregatorWithRetry(target, account, authorize)));
    state.pool.set(account.username, opening);
    // A failed login is not kept: the next test tries again.
    opening.catch(() => state.pool.delete(account.username));
    return opening;
  };
  /**
   * The worker's own account of the plan (by worker index, where its leases start too), so workers
   * spread their reads over the accounts (each account has its own rate limit) and reuse one session.
   */
  const pooledAccount = (plan: Plan): Account => {
    const list = accountsOrSkip(plan);
    return list[state.slot.parallelIndex % list.length];
  };

  const nextAccount = (plan: Plan): Account => {
    const list = accountsOrSkip(plan);
    const n = state.cursor.get(plan) ?? state.slot.workerIndex;
    state.cursor.set(plan, n + 1);
    return list[n % list.length];
  };
  const resolve = (p: Plan | Account): Account => (typeof p === 'string' ? nextAccount(p) : p);

  const sessions: Sessions = {
    accounts: (plan) => accountsOrSkip(plan),
    anyAccount: (prefer = 'pro') => accountsOf(settings, prefer)[0] ?? settings.accounts[0],

    shared: (plan) => pooledOf(pooledAccount(plan)),
    pooled: (plan) => pooledOf(typeof plan === 'string' ? pooledAccount(plan) : plan),

    fresh: (plan) => aggregator(resolve(plan)),
    own: async (plan) => {
      const handed = await takeAny(target, typeof plan === 'string' ? accountsOrSkip(plan) : [plan]);
      if (!handed) return aggregator(resolve(plan));
      testInfo.annotations.push({ type: 'session', description: `a session of ${handed.username} that another check opened and left unused: no login` });
      return handed;
    },
    spare: (account, pair, answer) => depositSpare(target, account, pair, answer),

    direct: async (plan) => {
      if (!settings.directTokenCommand && !control) {
        skip(notApplicable('no_direct_sessions', 'needs direct-integrator sessions (SC_DIRECT_TOKEN_COMMAND or SC_CONTROL_URL)'));
      }
      const account = resolve(plan);
      return step(`open direct session of ${account.username}`, () =>
        opened('direct', () => openDirectSession(target, account, control), settings.requestTimeoutMs),
      );
    },

    lease: async (plan) => {
      // A given account is leased itself (waiting while another test holds it); a plan, any free account of it.
      const list = typeof plan === 'string' ? accountsOrSkip(plan) : [plan];
      const runDir = state.runDir;
      if (!runDir) throw new Error('no run folder was handed off: leases need lifecycle/global-setup.ts (run through playwright.config.ts)');
      // Start at a different account in each worker, so workers rarely wait on each other.
      const start = state.slot.parallelIndex % list.length;
      const order = [...list.slice(start), ...list.slice(0, start)].map((a) => a.username).filter((u) => !leases.some((l) => l.username === u));
      const lease = await step(`lease ${typeof plan === 'string' ? `a ${plan} account` : plan.username}`, () =>
        acquireLease(runDir, order, { owner: `${testInfo.titlePath.join(' › ')} (pid ${process.pid})`, timeoutMs: Math.min(LEASE_WAIT_MS, testInfo.timeout * 0.75 || LEASE_WAIT_MS) }),
      );
      leases.push(lease);
      return pooledOf(list.find((a) => a.username === lease.username) as Account);
    },
  };
  return { sessions, leases };
}
