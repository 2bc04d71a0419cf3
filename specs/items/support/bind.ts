/**
 * Binds the support modules to the harness: the checked client and a session
 * become an ItemsApi, the harness's assertions a Judge, the cleanup tracker
 * the `track` callback. The only support module that imports the fixtures.
 */
import { type TestInfo, test } from '@playwright/test';
import type { ApiResponse } from '../../../fixtures/api-client.js';
import { type ApiClient, expectStatus, type ImageHost, recordFinding, runTag, type Session, soft, type Track, verify } from '../../../fixtures/index.js';
import { otherReason } from '../../../fixtures/refusal.js';
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

/** Why an answer is a refusal for another reason than the rule under test (one reading for every group). */
export { otherReason };

/**
 * The refusal a check tests: any 4xx, except a refusal for another reason
 * (otherReason), which never counts as the refusal tested: the check is then
 * not exercised, with the reason. Not for use inside a fast-check property
 * (the skip would be taken for a counterexample).
 */
export async function expectRefused(items: ItemsApi, res: ApiResponse, requirements: string[], title: string): Promise<void> {
  const other = otherReason(res.status);
  if (other !== undefined) test.skip(true, `not exercised: ${title}: ${other}`);
  await items.judge.status(res, '4xx', requirements, title);
}

/**
 * expectRefused, soft: a failure is recorded and the check goes on, for a check
 * that proves several rules on one item (each rule still judged on its own).
 */
export async function expectRefusedSoft(res: ApiResponse, requirements: string[], title: string): Promise<boolean> {
  const other = otherReason(res.status);
  if (other !== undefined) test.skip(true, `not exercised: ${title}: ${other}`);
  return soft.expectStatus(res, '4xx', requirements, title);
}
