/**
 * Token rotation and the signature: "Shared signing secret (HMAC), returned on
 * create, list and token rotation". After PATCH …/token, what is signed is
 * signed with the new token, and the old one no longer verifies it.
 */
import { expectStatus, notExercised, partKey, recordNotExercised, soft, test, verify } from '../fixtures.js';
import { ofType, verifiesWith } from './support/notification-checks.js';
import { attachDeliveries } from './support/problems.js';
import { awaitDeliveries } from './support/waiting.js';

const INACTIVATED = 'ITEM_INACTIVATED';
/** The rotation's answer, and what is signed after it: a 200 alone judges no notification. */
const ROTATION = partKey('WH-SIG-5', 'rotation');
const SIGNED_WITH_NEW = partKey('WH-SIG-5', 'signed-with-new');

test.describe('notifications after a token rotation', { tag: '@webhooks' }, () => {
  test('[WH-SIG-5][WH-SIG-2] after PATCH …/token notifications verify with the new token and not with the old one', async ({ seller, hook }) => {
    const webhook = await seller.subscribe(hook, [INACTIVATED]);
    const res = await seller.webhooks.rotate(webhook.id);
    const rotated = (res.json as { token?: unknown } | undefined)?.token;
    await expectStatus(res, 200, ['WH-SUB-7', ROTATION], 'PATCH /webhooks/{id}/token answers 200');
    await verify(typeof rotated === 'string' && rotated !== '' && rotated !== webhook.token, {
      title: 'the rotation answers a new token',
      requirements: [ROTATION, partKey('WH-SUB-7', 'new-token')],
      expected: 'a token different from the old one',
      actual: typeof rotated !== 'string' ? 'no token' : rotated === webhook.token ? 'the old token again' : 'an empty token',
      exchange: res,
    });
    const newToken = rotated as string;

    const itemId = await seller.provokeItemInactivated();
    const deliveries = ofType(
      await awaitDeliveries(hook, (ds) => ofType(ds, INACTIVATED, itemId).length > 0, `an ${INACTIVATED} notification after the rotation`, ['WH-EVT-2']),
      INACTIVATED,
      itemId,
    );
    const withNew = deliveries.filter((d) => verifiesWith(d, newToken)).length;
    const withOld = deliveries.filter((d) => verifiesWith(d, webhook.token)).length;
    const withNeither = deliveries.filter((d) => !verifiesWith(d, newToken) && !verifiesWith(d, webhook.token)).length;
    if (withNew !== deliveries.length || withOld > 0) await attachDeliveries(deliveries);
    // A signature that verifies with neither token breaks the signing scheme itself (WH-SIG-2), not the rotation.
    const signed = await soft.verify(withNeither === 0, {
      title: 'every notification sent after the rotation verifies with one of the webhook’s tokens',
      requirements: ['WH-SIG-2'],
      expected: 'HMAC-SHA256(token, body ":" X-Service-Timestamp), hex or base64, under the new or the old token',
      actual: `${withNeither} of ${deliveries.length} verify with neither token`,
    });
    // Only then does the key tell which token signed: the new one, never the old. Else the rotation's effect is unjudged.
    if (!signed) {
      const why = `${withNeither} of ${deliveries.length} notifications after the rotation verify with neither token (WH-SIG-2): which token signed them cannot be told`;
      return recordNotExercised([SIGNED_WITH_NEW], notExercised('stopped_at_failure', why));
    }
    await verify(withOld === 0 && withNew === deliveries.length, {
      title: 'every notification sent after the rotation verifies with the new token, none with the old one',
      requirements: [SIGNED_WITH_NEW],
      expected: 'signed with the token the rotation answered',
      actual: `${withOld} of ${deliveries.length} signed with the token before the rotation`,
    });
  });
});
