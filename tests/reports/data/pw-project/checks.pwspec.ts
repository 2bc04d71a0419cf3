import { test } from '@playwright/test';
import { fail } from '../../../../judging/failure.js';
import { recordFinding } from '../../../../judging/findings.js';

/**
 * Checks shaped like the conformance suite's, against no server: one passes,
 * one fails through the harness's `fail` (evidence attachment), one records a
 * SHOULD finding, one is not exercised. The failing one leaks recognisable
 * fake secrets into its error message, as a careless check might: a bearer
 * token (masked by structure) and the client secret (masked by value, from
 * SC_CLIENT_SECRET). Playwright's own reports keep them; ours must not.
 */
const LEAKED_TOKEN = process.env.PW_FIXTURE_TOKEN ?? 'fixture-access-token-0000';
const CLIENT_SECRET = process.env.SC_CLIENT_SECRET ?? 'fixture-client-secret-0000';

test('[ITEM-QUOTA-1][ITEM-LIST-2] a create beyond the quota answers 201 and the item is inactive', { tag: '@items' }, async () => {});

test('[ITEM-CREATE-1] a valid create answers 201 with an id', { tag: '@items' }, async () => {
  const testInfo = test.info();
  console.log(`sent Authorization: Bearer ${LEAKED_TOKEN} with client secret ${CLIENT_SECRET}`);
  await fail(testInfo, {
    title: `POST /items answers 201 (secret ${CLIENT_SECRET}, Bearer ${LEAKED_TOKEN})`,
    requirements: ['ITEM-CREATE-1'],
    expected: '201',
    actual: '500',
    exchange: {
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/items',
        headers: { authorization: `Bearer ${LEAKED_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ item: { title: 'Lamp' } }),
        auth: 'session',
      },
      status: 500,
      headers: { 'content-type': 'application/json' },
      text: JSON.stringify({ code: 'INTERNAL', message: `boom ${CLIENT_SECRET}` }),
      json: undefined,
      durationMs: 3,
    },
  });
});

test('[ITEM-IMG-2] an image add with order -1 is refused with a 4xx', { tag: '@items' }, async () => {
  recordFinding(test.info(), { requirement: 'GEN-ERR-2', message: 'INVALID_BODY_REQUEST where INVALID_IMAGE fits better' });
});

test('[ITEM-QUOTA-2] lowering the limit inactivates items', { tag: '@items' }, async () => {
  test.skip(true, 'not exercised: needs the control API (SC_CONTROL_URL)');
});
