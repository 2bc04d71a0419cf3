/**
 * Binds the items API to the harness: the checked client and a session become
 * an ItemsApi whose creates are tracked for deletion. The fixtures
 * (fixtures.ts) hand these out.
 */
import { type ApiClient, type ImageHost, runTag, type Session, type Track } from '../../../fixtures/index.js';
import type { Draft } from './generators.js';
import { toPayload } from './generators.js';
import { ItemsApi } from './items-api.js';

/** The items API of one session; every item it creates is deleted after the test. */
export function itemsApiOf(api: ApiClient, session: Session, track: Track): ItemsApi {
  return new ItemsApi(
    (req) => api.request(session, req),
    (res) => track.created('item', session, res),
  );
}

/** The items API of a session that must not create (the worker's shared one). */
export function readOnlyItemsApi(api: ApiClient, session: Session): ItemsApi {
  return new ItemsApi(
    (req) => api.request(session, req),
    (res) => {
      if (res.status >= 200 && res.status <= 299) throw new Error('a read-only items API created an item: lease the account instead');
    },
  );
}

/** A create payload of the draft with a fresh image URL and the run's external_id tag. */
export function freshPayload(draft: Draft, imageHost: ImageHost, titlePrefix?: string): Record<string, unknown> {
  return toPayload(draft, { imageUrl: imageHost.url('valid'), externalId: runTag(), titlePrefix });
}
