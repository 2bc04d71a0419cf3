/**
 * The state comes back unchanged whatever its characters (AUTH-STATE-1): each
 * run logs in with a state drawn over RFC 6749's VSCHAR alphabet, with the
 * values a query string must percent-encode (space, +, &, =, %, #, ?) as fixed
 * examples (support/state.ts), and compares the callback's state with the one
 * sent. A login only, no exchange: the runs spend no token-endpoint grants.
 */
import fc from 'fast-check';
import { test, verify } from '../fixtures.js';
import { assertProperty } from '../shared/property.js';
import { STATE_EXAMPLES, states } from './support/state.js';

test.describe('state encoding', { tag: '@auth' }, () => {
  test('[AUTH-STATE-1] a state of any VSCHAR characters, those that need percent-encoding among them, comes back unchanged', async ({ oauth, sessions, settings }) => {
    const account = sessions.anyAccount('basic');
    await assertProperty(
      fc.asyncProperty(states(), async (state) => {
        const grant = await oauth.authorize(account, { state }, ['AUTH-STATE-1']);
        await verify(grant.returnedState === state, {
          title: 'the callback carries the state sent, unchanged',
          requirements: ['AUTH-STATE-1'],
          expected: `state ${JSON.stringify(state)}`,
          actual: grant.returnedState === undefined ? 'no state parameter' : `state ${JSON.stringify(grant.returnedState)}`,
        });
      }),
      { settings, numRuns: 4, timeLimitMs: 30_000, examples: STATE_EXAMPLES.map((s) => [s]) },
    );
  });
});
