import { test as base } from '@playwright/test';
import { type RunningReference, startReference } from '../reference/server.js';
import { type External, startExternalReference } from './external-reference.js';
import { type ImageHost, startImageHost } from './reference-items-harness.js';

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

export const test = base.extend<object, ReferenceFixtures>({
  referenceOwner: ['', { scope: 'worker', option: true }],
  reference: [
    // Depends on referenceOwner so that a file naming an owner gets a reference of its own.
    async ({ referenceOwner: _owner }, use) => {
      const reference = await startReference();
      try {
        await use(reference);
      } finally {
        await reference.close();
      }
    },
    { scope: 'worker' },
  ],
  externalReferenceEnv: [{}, { scope: 'worker', option: true }],
  externalReference: [
    async ({ externalReferenceEnv }, use) => {
      const reference = await startExternalReference({ REFERENCE_PORT: '0', ...externalReferenceEnv });
      try {
        await use(reference);
      } finally {
        await reference.stop();
      }
    },
    { scope: 'worker' },
  ],
  imageHost: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use) => {
      const host = await startImageHost();
      try {
        await use(host);
      } finally {
        await host.close();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
