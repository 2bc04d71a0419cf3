/**
 * What the suite creates, it tags and removes.
 *
 * - `runTag()`: a unique `external_id` value `<SC_RUN_ID>-<pid>-<n>` (≤ 75
 *   characters) for every item the suite creates, so a person (or a later
 *   sweep) can tell the suite's items from anyone else's.
 * - `track.created(kind, session, res)`: the one way a create's answer is
 *   tracked: a 2xx with a string `id` is deleted after the test.
 * - `track.item(session, id)` / `track.webhook(session, id)`: test-scoped
 *   teardown deletes exactly these, newest first, after the test (pass or fail)
 *   and before the test's leases are released. A 404/410 counts as already gone;
 *   a 401's token is re-checked (transport/pacing.ts: a dead one renewed and the
 *   DELETE sent again), a 403 triggers one refresh and a retry; anything else (a 429
 *   after the retries, a 5xx, no answer) is cleanup's own record: a `cleanup`
 *   annotation, the 429s in the run's budget, the resource in the footprint.
 *   It never changes the check's verdict: nothing in the teardown skips or
 *   throws. Nothing else is ever touched.
 * - `track.undo(what, fn)`: a change to the account that is not a resource (a
 *   limit raised or lowered through the control API) undone in the same
 *   teardown, in reverse order with the deletions: what was tracked after it
 *   (the items made in the room it made) is deleted first. A failed undo is a
 *   `cleanup` annotation too.
 * - Each test that created something is annotated `created` with JSON
 *   `{items, webhooks}`: the run's footprint on the accounts, added up by
 *   `footprint()` (lib/footprint-count.ts, scripts/footprint.ts).
 */
import { type TestInfo, test } from '@playwright/test';
import { httpRequest, joinUrl } from '../lib/http.js';
import { CREATED_ANNOTATION } from '../lib/footprint-count.js';
import { mask } from '../lib/secrets.js';
import { runId as handedRunId } from '../settings/run-context.js';
import { pacedApi, tolerateThrottle } from '../transport/pacing.js';
import type { Session } from '../sessions/session.js';
import type { ServedTarget } from '../transport/served-target.js';

let counter = 0;

/** A unique tag for `external_id` (the spec caps that attribute at 75 characters). */
export function runTag(): string {
  const runId = (handedRunId() ?? 'scc-local').slice(0, 40);
  return `${runId}-${process.pid.toString(36)}-${(++counter).toString(36)}`.slice(0, 75);
}

export interface Track {
  item(session: Session, itemId: string): void;
  webhook(session: Session, webhookId: string): void;
  /**
   * The id of what a create answer made, tracked for deletion: any 2xx whose
   * body has a string `id` (whatever the status the check expects, so a create
   * that answered wrongly is removed all the same); undefined otherwise.
   */
  created(kind: 'item' | 'webhook', session: Session, res: { status: number; json?: unknown }): string | undefined;
  /** Undoes a change after the test, after deleting everything tracked later. */
  undo(what: string, fn: () => Promise<unknown>): void;
}

export type Tracked = { kind: 'item' | 'webhook'; session: Session; id: string } | { kind: 'undo'; what: string; fn: () => Promise<unknown> };

/** A test's tracker: the `track` handed to the check, and what it tracked, in order. */
export function newTracker(): { track: Track; tracked: Tracked[] } {
  const tracked: Tracked[] = [];
  const track: Track = {
    item: (session, id) => void tracked.push({ kind: 'item', session, id }),
    webhook: (session, id) => void tracked.push({ kind: 'webhook', session, id }),
    created: (kind, session, res) => {
      const id = (res.json as { id?: unknown } | undefined)?.id;
      if (res.status < 200 || res.status > 299 || typeof id !== 'string') return undefined;
      tracked.push({ kind, session, id });
      return id;
    },
    undo: (what, fn) => void tracked.push({ kind: 'undo', what, fn }),
  };
  return { track, tracked };
}

/** Deletes (and undoes) what a test tracked, newest first; whatever goes wrong is a `cleanup` annotation, never the check's verdict. */
export async function cleanUp(target: ServedTarget, tracked: Tracked[], testInfo: TestInfo): Promise<void> {
  if (tracked.length === 0) return;
  const { settings } = target;
  // The footprint on the accounts: what this test created (the run summary can add them up).
  const created = { items: tracked.filter((t) => t.kind === 'item').length, webhooks: tracked.filter((t) => t.kind === 'webhook').length };
  if (created.items + created.webhooks > 0) testInfo.annotations.push({ type: CREATED_ANNOTATION, description: JSON.stringify(created) });
  // A final 429 comes back as an answer here (tolerateThrottle), never as a skip of the check that already ended.
  await tolerateThrottle(() =>
    test.step(
      `cleanup: delete ${created.items + created.webhooks} created resource(s)`,
      async () => {
        for (const t of tracked.reverse()) {
          if (t.kind === 'undo') {
            try {
              await t.fn();
            } catch (error) {
              testInfo.annotations.push({ type: 'cleanup', description: mask(`could not undo ${t.what}: ${(error as Error).message}`) });
            }
            continue;
          }
          const path = t.kind === 'item' ? `items/${encodeURIComponent(t.id)}` : `webhooks/${encodeURIComponent(t.id)}`;
          // Paced like every API request (transport/pacing.ts): 429s waited out; a 401's token re-checked, and a dead one
          // of a pooled session renewed and the DELETE (idempotent) sent again. A 401 to a token that works is the
          // target's answer: no refresh (a target answering 401 for what the check already deleted costs no grant).
          const del = () =>
            pacedApi(
              target,
              t.session,
              true,
              { authorization: `Bearer ${t.session.accessToken}`, accept: 'application/json' },
              (headers) => httpRequest({ method: 'DELETE', url: joinUrl(settings.baseUrl, path), headers, timeoutMs: settings.requestTimeoutMs }),
              `cleanup: DELETE /${path}`,
              {
                method: 'DELETE',
                probe: (headers) =>
                  httpRequest({ method: 'GET', url: joinUrl(settings.baseUrl, 'items/categories'), headers: { authorization: headers.authorization, accept: 'application/json' }, timeoutMs: settings.requestTimeoutMs }),
              },
            );
          let outcome: string;
          try {
            let res = await del();
            if (res.status === 403) {
              // DELETE is idempotent: sent again once with a refreshed token.
              await t.session.refresh().catch(() => undefined);
              res = await del();
            }
            const gone = (res.status >= 200 && res.status <= 299) || res.status === 404 || res.status === 410;
            const why = res.status === 429 ? ' after the retries' : res.authCheck?.token === 'alive' ? ' to a token that works (the check may have deleted it already)' : '';
            outcome = gone ? '' : `${res.status}${why} (left on the account: see the footprint)`;
          } catch (error) {
            outcome = (error as Error).message;
          }
          if (outcome) {
            testInfo.annotations.push({ type: 'cleanup', description: mask(`could not delete ${t.kind} ${t.id} of ${t.session.username}: ${outcome}`) });
          }
        }
      },
      { box: true },
    ),
  ).catch((error) => {
    // Whatever broke the cleanup is the cleanup's record, not the check's verdict.
    testInfo.annotations.push({ type: 'cleanup', description: mask(`the cleanup stopped: ${(error as Error).message.split('\n')[0]}`) });
  });
}
