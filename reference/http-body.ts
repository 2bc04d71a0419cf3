import type { IncomingMessage } from 'node:http';
import { ApiError } from './core/errors.js';

/** Request bodies are capped at 1 MiB (docs/ARCHITECTURE.md); larger ones answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Past the cap we keep reading and discarding, so the client can finish sending
 * and read its 413 (closing early makes clients see a reset instead). Beyond
 * this much we stop being polite and drop the connection.
 */
const MAX_DRAIN_BYTES = 32 * MAX_BODY_BYTES;

/** Which body syntax a mount accepts: JSON for /api and /control, forms for /oauth. */
export type BodyKind = 'json' | 'form';

/** A body that does not parse as JSON: its own class so a mount can tell it from other 400s. */
export class BodySyntaxError extends ApiError {
  constructor() {
    super(400, 'INVALID_BODY_REQUEST', 'the body is not valid JSON');
  }
}

/** The client went away while we were reading; there is nobody left to answer. */
export class ClientGone extends Error {}

const EMPTY = Buffer.alloc(0);

/** True when the request announces no body at all (most GETs): we skip reading it. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** Reads the whole body, at most MAX_BODY_BYTES; throws ApiError 413 past the cap, ClientGone on abort. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (hasNoBody(req)) return Promise.resolve(EMPTY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        reject(new ClientGone('body far beyond the cap'));
        return;
      }
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        reject(new ApiError(413, 'INVALID_BODY_REQUEST', `request body exceeds ${MAX_BODY_BYTES} bytes`));
      } else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    req.on('error', () => reject(new ClientGone('request stream failed')));
    // 'close' without 'end' means the client aborted; a settled promise ignores the extra reject.
    req.on('close', () => reject(new ClientGone('client aborted')));
  });
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.split(';')[0].trim().toLowerCase();
}

function isJsonType(type: string | undefined): boolean {
  return type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

/**
 * Parses a body by its Content-Type into what handlers see as `ctx.body`:
 * JSON → the parsed value; form → a plain object of the fields (the last
 * value wins; handlers that must refuse repeats read `rawBody`).
 * An empty body is `undefined`; the handler decides whether it needs one.
 */
export function parseBody(raw: Buffer, contentType: string | undefined, kind: BodyKind): unknown {
  if (raw.length === 0) return undefined;
  const type = mediaType(contentType);
  if (kind === 'json') {
    if (!isJsonType(type)) {
      throw new ApiError(415, 'INVALID_BODY_REQUEST', `the body must be sent as Content-Type: application/json, got '${type ?? 'none'}'`);
    }
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BodySyntaxError();
    }
  }
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ApiError(415, 'INVALID_BODY_REQUEST', `the body must be sent as Content-Type: application/x-www-form-urlencoded, got '${type ?? 'none'}'`);
  }
  // Object.fromEntries defines own properties, so a field named __proto__ stays a plain field.
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}
