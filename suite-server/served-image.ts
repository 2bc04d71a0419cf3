/**
 * One image served the way a check chose (issue 17.2): every dimension the
 * spec's image rules speak of ("direct link, no redirections, must answer with
 * a 2xx status; only JPG or JPEG, up to 10 MB") is a field, so a generator can
 * draw the way an image is served, valid or broken in exactly one property:
 *
 *   /images/served/<base64url JSON of a ServedImage>.<extension>?n=<nonce>
 *
 * The image host (suite-server/image-host.ts) answers that path; clients/receiver-client.ts
 * makes the URL. A redirect hop points at the same image with one hop less,
 * the same nonce, so the fetches of every hop are seen together.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VALID_JPEG, VALID_PNG } from './image-bytes.js';

/** The bytes of the final answer. */
export type ServedBody =
  /** The 16x16 JPEG. */
  | 'jpeg'
  /** A decodable JPEG of exactly 10,000,000 bytes (comment segments): at the limit whichever way a megabyte is read. */
  | 'jpeg-at-limit'
  /** A decodable JPEG of 11 MiB: over the limit whichever way a megabyte is read. */
  | 'jpeg-over-limit'
  /** The 16x16 PNG. */
  | 'png';

export interface ServedImage {
  body: ServedBody;
  /** Status of the final answer. */
  status: number;
  /** Content-Type of the final answer; null sends none. */
  contentType: string | null;
  /** 'declared': Content-Length; 'chunked': Transfer-Encoding: chunked, no length given. */
  length: 'declared' | 'chunked';
  /** Redirects before the final answer, in order: each a 3xx with a Location to the next hop. */
  redirects: number[];
  /** The URL path's extension. */
  extension: 'jpg' | 'jpeg' | 'png';
  /** Milliseconds the final answer is held back (a slow image host), up to MAX_IMAGE_DELAY_MS; none when absent. */
  delayMs?: number;
}

export const SERVED_PREFIX = '/images/served/';

/** The longest a served image may be held back: well under the suite server's own request timeout. */
export const MAX_IMAGE_DELAY_MS = 10_000;

/** 10 MB read as 10^7 bytes: the smaller reading, so an image of this size keeps the limit under both. */
export const AT_LIMIT_BYTES = 10_000_000;
/** 10 MiB plus 1 MiB: over the limit under both readings. */
export const OVER_LIMIT_BYTES = 10_485_760 + 1_048_576;

/** The path (without the nonce) of an image served so. */
export function servedPath(image: ServedImage): string {
  return `${SERVED_PREFIX}${Buffer.from(JSON.stringify(image)).toString('base64url')}.${image.extension}`;
}

/** The image a served path names, or undefined when it names none. */
export function parseServedPath(path: string): ServedImage | undefined {
  if (!path.startsWith(SERVED_PREFIX)) return undefined;
  const name = path.slice(SERVED_PREFIX.length);
  const dot = name.lastIndexOf('.');
  try {
    const image = JSON.parse(Buffer.from(name.slice(0, dot), 'base64url').toString('utf8')) as ServedImage;
    const valid =
      ['jpeg', 'jpeg-at-limit', 'jpeg-over-limit', 'png'].includes(image.body) &&
      Number.isInteger(image.status) &&
      image.status >= 200 &&
      image.status <= 599 &&
      (image.contentType === null || typeof image.contentType === 'string') &&
      ['declared', 'chunked'].includes(image.length) &&
      Array.isArray(image.redirects) &&
      image.redirects.length <= 5 &&
      image.redirects.every((s) => Number.isInteger(s) && s >= 300 && s <= 399) &&
      (image.delayMs === undefined || (Number.isInteger(image.delayMs) && image.delayMs >= 0 && image.delayMs <= MAX_IMAGE_DELAY_MS));
    return valid ? image : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A JPEG of exactly `size` bytes that decoders still read: the 16x16 JPEG with
 * COM (comment) segments of spaces after its APP0 segment. Each segment is
 * FF FE, a two-byte length (at most 65535, itself included), then its bytes.
 */
export function paddedJpeg(size: number): Buffer {
  const app0End = 4 + VALID_JPEG.readUInt16BE(4);
  const need = size - VALID_JPEG.length;
  if (need === 0) return VALID_JPEG;
  if (need < 4) throw new Error(`a padded JPEG needs at least 4 bytes of padding, not ${need}`);
  const count = Math.ceil(need / 65_537);
  const out = Buffer.alloc(size, 0x20);
  VALID_JPEG.copy(out, 0, 0, app0End);
  let at = app0End;
  for (let i = 0; i < count; i++) {
    const segment = Math.floor(need / count) + (i < need % count ? 1 : 0);
    out[at] = 0xff;
    out[at + 1] = 0xfe;
    out.writeUInt16BE(segment - 2, at + 2);
    at += segment;
  }
  VALID_JPEG.copy(out, at, app0End);
  return out;
}

// The large bodies are built once per process, when first served.
const cache = new Map<ServedBody, Buffer>();
function bytesOf(body: ServedBody): Buffer {
  let bytes = cache.get(body);
  if (!bytes) {
    bytes = body === 'jpeg' ? VALID_JPEG : body === 'png' ? VALID_PNG : paddedJpeg(body === 'jpeg-at-limit' ? AT_LIMIT_BYTES : OVER_LIMIT_BYTES);
    cache.set(body, bytes);
  }
  return bytes;
}

const CHUNK = 64 * 1024;

/**
 * Writes chunks as the client reads them (backpressure), then ends the answer; stops when the client goes
 * away (a careful server stops reading at its limit). The one streaming writer of the suite's image host.
 */
export function writeChunks(res: ServerResponse, chunks: Iterator<Buffer>): void {
  const pump = (): void => {
    while (!res.destroyed) {
      const next = chunks.next();
      if (next.done) {
        res.end();
        return;
      }
      if (!res.write(next.value)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

/** Writes the bytes in chunks, with backpressure. */
function stream(res: ServerResponse, bytes: Buffer): void {
  writeChunks(res, chunksOf(bytes));
}

/** Answers a served-image request: one redirect hop at once, or the final answer as the image says, after its delay. */
export function serveChosenImage(req: IncomingMessage, res: ServerResponse, image: ServedImage): void {
  if (image.redirects.length === 0 && image.delayMs) {
    // Held back, not hung: the answer comes after the delay unless the fetcher went away first.
    const timer = setTimeout(() => {
      if (!res.destroyed) answerNow(req, res, image);
    }, image.delayMs);
    res.on('close', () => clearTimeout(timer));
    return;
  }
  answerNow(req, res, image);
}

function answerNow(req: IncomingMessage, res: ServerResponse, image: ServedImage): void {
  const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  if (image.redirects.length > 0) {
    const [status, ...rest] = image.redirects;
    const body = 'moved';
    res.writeHead(status, { location: `${servedPath({ ...image, redirects: rest })}${query}`, 'content-type': 'text/plain', 'content-length': String(body.length), 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const bytes = bytesOf(image.body);
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (image.contentType !== null) headers['content-type'] = image.contentType;
  if (image.length === 'declared') headers['content-length'] = String(bytes.length);
  res.writeHead(image.status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  stream(res, bytes);
}
