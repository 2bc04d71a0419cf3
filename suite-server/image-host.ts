/**
 * The image host of the suite's own HTTP server: what a target fetches when an
 * item's `main_image.url` or an image add points at the suite.
 *
 *   /images/valid.jpg     a real 16x16 JPEG
 *   /images/photo.png     a real 16x16 PNG (not a JPG: the spec allows JPG/JPEG only)
 *   /images/huge.jpg      a JPEG header then padding: 10 MiB + 1 MiB, streamed (over the 10 MB limit)
 *   /images/redirect.jpg  302 to valid.jpg (the spec forbids redirections)
 *   /images/missing.jpg   404 (the spec requires a 2xx)
 *   /images/gone.jpg      404 whose body is the valid JPEG, typed image/jpeg: only the status is wrong,
 *                         so a server that ignores the status and judges the bytes accepts it
 *   /images/stall.jpg     headers never come; the socket is closed after STALL_MS so nothing hangs forever
 *   /images/served/<…>    an image served the way a check chose: status, Content-Type, length declared or
 *                         chunked, redirects of any 3xx kind, bytes at or over the limit, the answer held back
 *                         for a delay (suite-server/served-image.ts)
 *
 * Tests add a unique `?n=…` so a target that caches by URL cannot answer from cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VALID_JPEG, VALID_PNG } from './image-bytes.js';
import { parseServedPath, serveChosenImage, writeChunks } from './served-image.js';

export { VALID_JPEG, VALID_PNG } from './image-bytes.js';

export const IMAGE_NAMES = ['valid', 'png', 'huge', 'redirect', 'missing', 'gone', 'stall'] as const;
export type ImageName = (typeof IMAGE_NAMES)[number];

export const IMAGE_PATHS: Record<ImageName, string> = {
  valid: '/images/valid.jpg',
  png: '/images/photo.png',
  huge: '/images/huge.jpg',
  redirect: '/images/redirect.jpg',
  missing: '/images/missing.jpg',
  gone: '/images/gone.jpg',
  stall: '/images/stall.jpg',
};

/** 10 MiB (the limit read as 10 × 1024 × 1024) plus 1 MiB: over the limit whichever way a server counts a megabyte. */
export const HUGE_JPEG_BYTES = 10_485_760 + 1_048_576;

/** How long /images/stall.jpg holds the socket before closing it. */
export const STALL_MS = 30_000;

const ZEROS = Buffer.alloc(64 * 1024);

/** A JPEG's first bytes, then zeros up to HUGE_JPEG_BYTES. */
function* hugeJpeg(header: Buffer): Generator<Buffer> {
  yield header;
  for (let sent = header.length; sent < HUGE_JPEG_BYTES; sent += ZEROS.length) {
    const n = Math.min(ZEROS.length, HUGE_JPEG_BYTES - sent);
    yield n === ZEROS.length ? ZEROS : ZEROS.subarray(0, n);
  }
}

function streamHuge(res: ServerResponse): void {
  // A JPEG starts with SOI + APP0 (JFIF); a server that sniffs the first bytes sees a JPEG.
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(HUGE_JPEG_BYTES) });
  // A client that stops reading after the headers (as a careful server does) closes the socket: writing stops.
  writeChunks(res, hugeJpeg(VALID_JPEG.subarray(0, 20)));
}

/** Answers an /images/ request; returns false when the path is not an image route. */
export function serveImage(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const send = (status: number, type: string, body: Buffer | string, extra: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  switch (path) {
    case IMAGE_PATHS.valid:
      send(200, 'image/jpeg', VALID_JPEG);
      return true;
    case IMAGE_PATHS.png:
      send(200, 'image/png', VALID_PNG);
      return true;
    case IMAGE_PATHS.huge:
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(HUGE_JPEG_BYTES) });
        res.end();
      } else streamHuge(res);
      return true;
    case IMAGE_PATHS.redirect: {
      const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      send(302, 'text/plain', 'moved', { location: `${IMAGE_PATHS.valid}${query}` });
      return true;
    }
    case IMAGE_PATHS.missing:
      send(404, 'text/plain', 'no such image');
      return true;
    case IMAGE_PATHS.gone:
      send(404, 'image/jpeg', VALID_JPEG);
      return true;
    case IMAGE_PATHS.stall: {
      const timer = setTimeout(() => res.destroy(), STALL_MS);
      timer.unref();
      res.on('close', () => clearTimeout(timer));
      return true;
    }
    default: {
      const chosen = parseServedPath(path);
      if (!chosen) return false;
      serveChosenImage(req, res, chosen);
      return true;
    }
  }
}
