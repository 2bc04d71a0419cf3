/**
 * The suite server's desk for what a run's workers share beyond webhooks and
 * images (suite-server/server.ts routes the requests here, bodies parsed):
 *
 *   POST /_suite/pace {key, limit, windowMs?}   when a worker may send one request:
 *        {id, waitMs}, or {retryMs}: ask again (transport/pacing-window.ts)
 *        {key, done: id, at}                    that request's answer came back at `at`
 *        {key, holdMs}                          a 429 said wait: hold the key
 *   POST /_suite/sessions {sessions}            sessions handed on: the preflight's, and the unused
 *                                               ones of checks (sessions/session-broker.ts)
 *   POST /_suite/sessions/take {usernames, authUrl}  one session of the first of these accounts, of that target
 *                                               that has one, once (404: none)
 */
import { PaceSchedule } from '../transport/pacing-window.js';

export interface DeskAnswer {
  status: number;
  body: unknown;
}

export class RunDesk {
  /** The run's one request schedule: every worker asks it before an API request (transport/pacing.ts). */
  readonly #pace = new PaceSchedule();
  /** Sessions handed on, by target and account, oldest first: each is taken once. */
  readonly #handed = new Map<string, unknown[]>();

  pace(ask: { key?: unknown; limit?: unknown; holdMs?: unknown; windowMs?: unknown; done?: unknown; at?: unknown }): DeskAnswer {
    if (typeof ask.key !== 'string') return { status: 400, body: { error: 'key must be a string' } };
    if (typeof ask.holdMs === 'number' && ask.holdMs >= 0) {
      this.#pace.hold(ask.key, Math.min(ask.holdMs, 60_000));
      return { status: 200, body: { waitMs: 0 } };
    }
    if (typeof ask.done === 'number') {
      this.#pace.done(ask.key, ask.done, typeof ask.at === 'number' ? ask.at : Date.now());
      return { status: 200, body: {} };
    }
    if (typeof ask.limit !== 'number' || !(ask.limit > 0)) return { status: 400, body: { error: 'limit must be a positive number' } };
    const windowMs = typeof ask.windowMs === 'number' && ask.windowMs >= 1 && ask.windowMs <= 600_000 ? ask.windowMs : undefined;
    return { status: 200, body: this.#pace.grant(ask.key, ask.limit, Date.now(), windowMs) };
  }

  sessions(take: boolean, body: { sessions?: unknown; username?: unknown; usernames?: unknown; authUrl?: unknown }): DeskAnswer {
    // By target and account: a session is taken only by a taker of the target that issued it (sessions/session-broker.ts).
    const keyOf = (authUrl: unknown, username: string) => `${typeof authUrl === 'string' ? authUrl : ''}\n${username}`;
    if (!take && Array.isArray(body.sessions)) {
      for (const s of body.sessions as { username?: unknown; authUrl?: unknown }[]) {
        if (typeof s?.username !== 'string') continue;
        const key = keyOf(s.authUrl, s.username);
        this.#handed.set(key, [...(this.#handed.get(key) ?? []), s]);
      }
      return { status: 200, body: { deposited: body.sessions.length } };
    }
    const names = Array.isArray(body.usernames) ? body.usernames : [body.username];
    if (take && names.length > 0 && names.every((n) => typeof n === 'string')) {
      for (const name of names as string[]) {
        const session = this.#handed.get(keyOf(body.authUrl, name))?.shift();
        if (session) return { status: 200, body: session };
      }
      return { status: 404, body: { error: 'no session for those accounts' } };
    }
    return { status: 400, body: { error: 'expected {sessions: [...]} or /take {usernames}' } };
  }
}
