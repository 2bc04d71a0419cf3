import { createHmac } from 'node:crypto';
import { signatureDigest } from '../../lib/signature.js';
import type { Seam } from '../seam.js';
import type { Webhook } from './store.js';

/** The key a `signature-wrong-key` server signs with instead of the webhook's token. */
const FIXED_WRONG_KEY = 'reference-fixed-signing-key';

type TextEncoding = 'hex' | 'base64' | 'base64url';

/**
 * `X-Service-Signature` for one attempt: HMAC-SHA256 of `<body bytes>:<timestamp>`
 * under the webhook's token as it is at this attempt (so a rotation takes effect
 * on the next attempt), hex by default, base64 under the `signature-base64` variant,
 * base64url under `signature-base64url` (the spec leaves the encoding open), one
 * encoding throughout (WH-SIG-9). `sendIndex` counts the requests the dispatcher
 * signed before this one. The defects below sign something else.
 */
export function signatureFor(seam: Seam, webhook: Webhook, body: Buffer, timestamp: string, sendIndex: number): string {
  const encoding = encodingOf(seam, sendIndex);
  if (seam.defect('signature-without-timestamp')) {
    return createHmac('sha256', webhook.token).update(body).digest(encoding);
  }
  if (seam.defect('signature-over-reformatted-body')) {
    // Signs a pretty-printed copy while the compact body is sent: equal JSON, other bytes.
    return signatureDigest(JSON.stringify(JSON.parse(body.toString('utf8')), null, 2), timestamp, webhook.token).toString(encoding);
  }
  let key = webhook.token;
  if (seam.defect('signature-wrong-key')) key = FIXED_WRONG_KEY;
  if (seam.defect('signature-old-key-after-rotation')) key = webhook.previousToken ?? webhook.token;
  return signatureDigest(body, timestamp, key).toString(encoding);
}

/** The variant's encoding; the defect switches to another (hex, or base64 from hex) on every other request signed. */
function encodingOf(seam: Seam, sendIndex: number): TextEncoding {
  const chosen: TextEncoding = seam.variant('signature-base64url') ? 'base64url' : seam.variant('signature-base64') ? 'base64' : 'hex';
  // A switch guard of the seam's shape (seam read && …), so the mutation run knows its branch for the defect's alone.
  if (seam.defect('signature-encoding-alternates') && sendIndex % 2 === 1) return chosen === 'hex' ? 'base64' : 'hex';
  return chosen;
}
