/**
 * The User-Agent rule (spec, Authentication step 5 and Errors rule 4: a token
 * exchange without a valid User-Agent "can be rejected"). "Can" is the server's
 * choice: the suite always sends one (AUTH-UA-1) and, here, never fails a server
 * either way. It only records the choice; a 5xx (or a hang) still fails.
 */
import { test, tokenPair, verify } from '../fixtures.js';

test.describe('User-Agent at the token endpoint', { tag: '@auth' }, () => {
  test('[AUTH-UA-2] a token exchange or a refresh without User-Agent is either served or refused with a 4xx', { tag: '@optional' }, async ({ oauth, sessions }) => {
    const account = sessions.anyAccount('basic');
    const grant = await oauth.authorize(account);
    const exchange = await oauth.exchange(grant, { userAgent: null });
    // The exchange's own pair when it was served (a refresh does), else a session of the check's own.
    const refreshToken = tokenPair(exchange)?.refreshToken ?? (await sessions.own(account)).refreshToken;
    const refresh = await oauth.refresh(refreshToken, { userAgent: null });
    for (const [what, answer] of [['code exchange', exchange], ['refresh', refresh]] as const) {
      const served = answer.status >= 200 && answer.status <= 299;
      const refused = answer.status >= 400 && answer.status <= 499;
      // oauth.* already failed any 5xx; a 1xx/3xx is neither of the two allowed outcomes.
      await verify(served || refused, {
        title: `a ${what} without User-Agent is served or refused`,
        requirements: ['AUTH-UA-2'],
        expected: 'a 2xx with tokens, or any 4xx',
        actual: String(answer.status),
        exchange: answer,
      });
      if (served) await oauth.expectTokens(answer, ['AUTH-UA-2']);
      test.info().annotations.push({ type: 'choice', description: `${what} without User-Agent: ${served ? 'served' : `refused (${answer.status})`}` });
    }
  });
});
