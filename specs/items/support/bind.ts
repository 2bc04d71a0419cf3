/**
 * Binds the items API to the harness: the checked client and a session become
 * an ItemsApi whose creates are tracked for deletion. The fixtures
 * (support/fixtures.ts) hand these out; the refusal helpers read one answer.
 */
import { test } from '@playwright/test';
import type { ApiResponse } from '../../../fixtures/api-client.js';
import { type ApiClient, type ImageHost, runTag, type Session, soft, type Track } from '../../../fixtures/index.js';
import { otherReason } from '../../../fixtures/refusal.js';
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

/** The refusal helpers every group shares (one reading of a refusal for another reason). */
export { expectRefused, otherReason } from '../../../fixtures/refusal.js';

/**
 * expectRefused, soft: a failure is recorded and the check goes on, for a check
 * that proves several rules on one item (each rule still judged on its own).
 */
export async function expectRefusedSoft(res: ApiResponse, requirements: string[], title: string): Promise<boolean> {
  const other = otherReason(res.status);
  if (other !== undefined) test.skip(true, `not exercised: ${title}: ${other}`);
  return soft.expectStatus(res, '4xx', requirements, title);
}
