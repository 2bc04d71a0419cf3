import { test as base } from '@playwright/test';
import { type RunningReference, startReference } from '../../reference/server.js';
import { type External, startExternalReference } from '../support/external-reference.js';
import { type ImageHost, startImageHost } from './reference-items-harness.js';
import { startTransactions, type TransactionsRig } from './reference-transactions-harness.js';
import { startWebhooks, type WebhooksRig } from './reference-webhooks-harness.js';

/**
 * The references the project's own tests run against, as worker fixtures: each
 * is started once per worker, on a port the system picks, and stopped when the
 * worker ends, whatever the tests did.
 *
 *   import { expect, test } from './reference-fixture.js';
 *   test('…', async ({ reference }) => { … reference.baseUrl … });
 *
 * A file whose tests leave a reference in a state other files must not meet (a
 * flood of random requests with the control token) names itself in
 * `test.use({ referenceOwner: 'robustness' })`: a different worker option value
 * runs its tests in workers of their own, with a reference of their own.
 *
 * The webhooks and transactions parts alone, behind the in-process harness, are
 * test fixtures instead: each test gets fresh ones, with no state left by another.
 */
export interface ReferenceFixtures {
  /** The reference in process (reference/server.ts), faithful, default settings. */
  reference: RunningReference;
  /** `npm run reference` in a process of its own, started with `externalReferenceEnv`. */
  externalReference: External;
  /** REFERENCE_… settings of `externalReference` (REFERENCE_PORT is 0 unless given). */
  externalReferenceEnv: Record<string, string>;
  /** An image host serving the image cases of reference-items-harness.ts. */
  imageHost: ImageHost;
  /** Empty: shared with every file of the worker; a name: a worker (and references) of that file's own. */
  referenceOwner: string;
}

/** A reference part behind the in-process harness, default settings, fresh for each test. */
export interface RigFixtures {
  webhooksRig: WebhooksRig;
  transactionsRig: TransactionsRig;
}

/** Uses what `start` gives for as long as `use` runs (a worker's life, a test, a case), then stops it, whatever `use` did. */
export async function serve<T>(start: () => Promise<T>, stop: (t: T) => Promise<void>, use: (t: T) => Promise<void>): Promise<void> {
  const started = await start();
  try {
    await use(started);
  } finally {
    await stop(started);
  }
}

export const test = base.extend<RigFixtures, ReferenceFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  webhooksRig: ({}, use) => serve(() => startWebhooks(), (rig) => rig.close(), use),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  transactionsRig: ({}, use) => serve(() => startTransactions(), (rig) => rig.close(), use),
  referenceOwner: ['', { scope: 'worker', option: true }],
  // Depends on referenceOwner so that a file naming an owner gets a reference of its own.
  reference: [({ referenceOwner: _owner }, use) => serve(() => startReference(), (r) => r.close(), use), { scope: 'worker' }],
  externalReferenceEnv: [{}, { scope: 'worker', option: true }],
  externalReference: [
    ({ externalReferenceEnv }, use) => serve(() => startExternalReference({ REFERENCE_PORT: '0', ...externalReferenceEnv }), (r) => r.stop(), use),
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
  imageHost: [({}, use) => serve(startImageHost, (host) => host.close(), use), { scope: 'worker' }],
});

export { expect } from '@playwright/test';
