/**
 * Binds the support modules to the harness: the checked client and a session
 * become an ItemsApi, the harness's assertions a Judge, the cleanup tracker
 * the `track` callback. The only support module that imports the fixtures.
 */
import type { TestInfo } from '@playwright/test';
import { type ApiClient, expectStatus, type ImageHost, recordFinding, runTag, type Session, type Track, verify } from '../../../fixtures/index.js';
import type { Draft } from './generators.js';
import { toPayload } from './generators.js';
import { ItemsApi } from './items-api.js';
import type { Judge } from './judge.js';

export function judgeFor(testInfo: TestInfo): Judge {
  return {
    status: (res, expected, requirements, title) => expectStatus(res, expected, requirements, title),
    verify: (condition, facts) => verify(condition, facts),
    finding: (requirement, message) => recordFinding(testInfo, { requirement, message }),
  };
}

/** The items API of one session; every item it creates is deleted after the test. */
export function itemsApiOf(api: ApiClient, session: Session, track: Track, testInfo: TestInfo): ItemsApi {
  return new ItemsApi((req) => api.request(session, req), judgeFor(testInfo), (id) => track.item(session, id));
}

/** A create payload of the draft with a fresh image URL and the run's external_id tag. */
export function freshPayload(draft: Draft, imageHost: ImageHost, titlePrefix?: string): Record<string, unknown> {
  return toPayload(draft, { imageUrl: imageHost.url('valid'), externalId: runTag(), titlePrefix });
}

export interface ItemsFixtures {
  api: ApiClient;
  sessions: { lease(plan: 'pro' | 'basic'): Promise<Session>; shared(plan: 'pro' | 'basic'): Promise<Session> };
  track: Track;
}

/** An account of the plan for this test alone (items are created in it), and its items API. */
export async function leased(f: ItemsFixtures, plan: 'pro' | 'basic', testInfo: TestInfo): Promise<{ items: ItemsApi; session: Session }> {
  const session = await f.sessions.lease(plan);
  return { items: itemsApiOf(f.api, session, f.track, testInfo), session };
}

/** Read-only use: the worker's shared session (never create or change anything with it). */
export async function readOnly(f: ItemsFixtures, testInfo: TestInfo): Promise<ItemsApi> {
  const session = await f.sessions.shared('pro');
  return new ItemsApi((req) => f.api.request(session, req), judgeFor(testInfo), () => {
    throw new Error('a read-only items API created an item: lease the account instead');
  });
}
