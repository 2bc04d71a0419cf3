import { type DefectInfo, declareFor } from './types.js';

const webhooks = declareFor('webhooks');

/** Deviations of the webhooks group. Each name is read with `seam.defect(name)` where it happens. */
export const WEBHOOKS_DEFECTS = {
  // Subscriptions (reference/webhooks/routes.ts)
  'create-answers-200': webhooks('POST /webhooks answers 200 instead of 201', ['WH-SUB-1']),
  'list-without-token': webhooks('GET /webhooks lists the webhooks without their token', ['WH-SUB-2', 'WH-SUB-3']),
  'put-answers-200-body': webhooks('PUT /webhooks/{id} answers 200 with the webhook instead of 204 without a body', ['WH-SUB-4']),
  'put-partial-body-accepted': webhooks('PUT /webhooks/{id} without url or events keeps the old value and answers 204 instead of 4xx', ['WH-SUB-5']),
  'put-url-ignored': webhooks('after PUT changes the url, notifications still go to the old url', ['WH-NOTIF-11']),
  'delete-answers-200-body': webhooks('DELETE /webhooks/{id} answers 200 with a body instead of 204 without one', ['WH-SUB-6']),
  'unknown-webhook-delete-answers-204': webhooks('DELETE /webhooks/{id} of an unknown id answers 204 instead of 4xx', ['WH-SUB-10']),
  'token-not-rotated': webhooks('PATCH /webhooks/{id}/token answers the same token instead of a new one', ['WH-SUB-7', 'WH-SIG-5']),
  'unknown-event-accepted': webhooks('POST and PUT /webhooks accept event types the spec does not list', ['WH-SUB-9']),
  'webhook-url-not-checked': webhooks('POST /webhooks accepts a url that is not an absolute http(s) URL', ['WH-SUB-12']),
  'dispute-cancelled-name-refused': webhooks('POST /webhooks refuses the neutral DISPUTE_CANCELLED_BY_SERVICE event type', ['WH-EVT-1']),
  'webhook-other-account-reachable': webhooks("PUT, DELETE and PATCH reach another account's webhook instead of answering 404", ['WH-SUB-11']),
  // Delivery (reference/webhooks/dispatcher.ts)
  'events-not-filtered': webhooks('every event type is sent to every subscription of the account, subscribed or not', ['WH-NOTIF-10']),
  'notify-other-accounts': webhooks("an account's events are also sent to other accounts' subscriptions", ['WH-NOTIF-13']),
  'notify-after-delete': webhooks('a deleted webhook keeps receiving notifications, and its pending retries go on', ['WH-NOTIF-12']),
  'query-string-dropped': webhooks('notifications go to the subscribed URL without its query string', ['WH-NOTIF-9']),
  'notification-content-type-text': webhooks('notifications are sent with Content-Type text/plain instead of application/json', ['WH-NOTIF-14']),
  'notification-id-is-webhook-id': webhooks("every notification's id is its webhook's id, so distinct notifications share it", ['WH-NOTIF-4']),
  'occurred-on-seconds': webhooks('occurred_on is epoch seconds instead of epoch milliseconds', ['WH-NOTIF-3']),
  'no-retry': webhooks('a notification answered with a non-2xx status is never retried', ['WH-NOTIF-6']),
  'retry-new-id': webhooks('a retry carries a new notification id instead of the same one', ['WH-NOTIF-5']),
  'duplicate-after-success': webhooks('a notification answered 2xx is delivered once more', ['WH-NOTIF-7']),
  // What the subscriber answers, and the query it subscribed (issue 17.2): each caught by notification-answers or notification-query alone
  'retry-only-after-5xx': webhooks('a notification answered a 4xx is never retried (only a 5xx or no answer is)', ['WH-NOTIF-6']),
  'only-200-confirms': webhooks('only a 200 answer confirms receipt: a notification answered 201, 202 or 204 is delivered again', ['WH-NOTIF-7']),
  'delivery-timeout-short': webhooks('a delivery attempt gives up after 250 ms: a 2xx answered later counts as failed and the notification comes again', ['WH-NOTIF-7']),
  'query-reencoded-as-uri': webhooks('the subscribed query is decoded and written again with encodeURI: values holding & = + # ? come back changed', ['WH-NOTIF-9']),
  'retry-same-timestamp': webhooks("a retry reuses the first attempt's X-Service-Timestamp instead of a new one", ['WH-SIG-4']),
  // Found by mutation testing (teeth/mutation-survivors.json): a timestamp that only follows the clock survived.
  // A SHOULD defect (issue 31.2): the same choice as variant timestamp-from-clock, killed by WH-SIG-8's finding.
  'timestamp-follows-clock': webhooks(
    'X-Service-Timestamp follows the clock alone: two notifications sent in one millisecond (one event, two subscriptions) share it',
    ['WH-SIG-8'],
  ),
  'timestamp-in-seconds': webhooks('X-Service-Timestamp is epoch seconds instead of epoch milliseconds', ['WH-SIG-3']),
  'timestamp-header-missing': webhooks('notifications carry no X-Service-Timestamp header (the signature still covers one)', ['WH-SIG-1']),
  // Signature (reference/webhooks/signing.ts)
  'signature-without-timestamp': webhooks('the signature is the HMAC of the payload alone, without ":" and the timestamp', ['WH-SIG-2']),
  'signature-wrong-key': webhooks("notifications are signed with a fixed key instead of the webhook's token", ['WH-SIG-2']),
  'signature-over-reformatted-body': webhooks('the signature covers a re-formatted copy of the JSON, not the body bytes sent', ['WH-SIG-2']),
  'signature-old-key-after-rotation': webhooks('after PATCH /webhooks/{id}/token, notifications are still signed with the previous token', ['WH-SIG-5']),
  // Events caused by actions (issue 32.3): SHOULD defects, each killed by its rule's finding (reference/items/routes-items.ts,
  // reference/transactions/index.ts and accept.ts); the same choice as the Python interop server's, which sends them only through POST /events.
  'no-item-listed-event': webhooks('an active create (POST /items with a free slot) sends no ITEM_LISTED', ['WH-EVT-8']),
  'no-delivery-request-started-event': webhooks('a purchase (control API POST /purchases) sends no DELIVERY_REQUEST_STARTED', ['WH-EVT-9']),
  'no-transaction-created-event': webhooks('accepting a shipping request sends no TRANSACTION_CREATED', ['WH-EVT-10']),
  'no-dispute-created-event': webhooks('a dispute opened (control API POST /disputes) sends no DISPUTE_CREATED', ['WH-EVT-11']),
  // A SHOULD defect (issue 32.3): every signature verifies (WH-SIG-2), but no one decoder reads them all; killed by WH-SIG-9's finding.
  'signature-encoding-alternates': webhooks('every other notification request is signed in base64 instead of hex (in hex with the signature-base64 or signature-base64url variant)', ['WH-SIG-9']),
} satisfies Record<string, DefectInfo>;
