/**
 * What every token response holding tokens carries by the named standard
 * (RFC 6749 5.1; issue 17.3, the catalog's decisions): Cache-Control: no-store,
 * so no cache keeps the tokens (AUTH-TOKEN-6), and token_type bearer, the type
 * the API's `Authorization: Bearer` takes (AUTH-TOKEN-7). A code exchange and a
 * refresh are both judged: the clause covers any response holding tokens.
 */
import { type Exchange, soft, test } from '../fixtures.js';

/** The directives of a Cache-Control header, lower-cased (RFC 9111 5.2: case-insensitive). */
const directives = (header: string | undefined) => (header ?? '').split(',').map((d) => d.trim().split('=')[0].toLowerCase());

async function judgeTokenResponse(answer: Exchange, what: string): Promise<void> {
  const cacheControl = answer.headers['cache-control'];
  await soft.verify(directives(cacheControl).includes('no-store'), {
    title: `the ${what} answer carries Cache-Control: no-store`,
    requirements: ['AUTH-TOKEN-6'],
    expected: 'Cache-Control with the no-store directive (RFC 6749 5.1)',
    actual: cacheControl === undefined ? 'no Cache-Control header' : `Cache-Control: ${cacheControl}`,
    exchange: answer,
  });
  const type = (answer.json as { token_type?: unknown } | undefined)?.token_type;
  await soft.verify(typeof type === 'string' && type.toLowerCase() === 'bearer', {
    title: `the ${what} answer carries token_type Bearer`,
    requirements: ['AUTH-TOKEN-7'],
    expected: 'token_type "Bearer", in any letter case (RFC 6749 5.1)',
    actual: type === undefined ? 'no token_type' : `token_type ${JSON.stringify(type)}`,
    exchange: answer,
  });
}

test.describe('token responses', { tag: '@auth' }, () => {
  test('[AUTH-TOKEN-6][AUTH-TOKEN-7] a code exchange and a refresh answer Cache-Control: no-store and token_type Bearer', async ({ oauth, sessions }) => {
    const grant = await oauth.authorize(sessions.anyAccount('basic'));
    const exchanged = await oauth.exchange(grant);
    const pair = await oauth.expectTokens(exchanged, ['AUTH-TOKEN-1']);
    await judgeTokenResponse(exchanged, 'code exchange');
    const refreshed = await oauth.refresh(pair.refreshToken);
    await oauth.expectTokens(refreshed, ['AUTH-REFRESH-1']);
    await judgeTokenResponse(refreshed, 'refresh');
  });
});
