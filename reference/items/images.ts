import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Seam } from '../seam.js';
import { invalid } from './refusal.js';

/**
 * Checks an image URL the way the spec asks: "direct link, no redirections,
 * must answer with a 2xx status; only JPG or JPEG, up to 10 MB". Every refusal
 * is INVALID_IMAGE. The whole exchange (connect, headers, body) runs under one
 * deadline, so a host that stalls cannot hold a request of ours open.
 */

/** 10 MB read as 10 MiB, as schemas/constants.schema.json#/$defs/imageMaxBytes decides. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Default deadline; `REFERENCE_IMAGE_TIMEOUT_MS` overrides it. */
export const IMAGE_TIMEOUT_MS = 3000;

/** Every JPEG starts with SOI (FF D8) and the first marker's FF. */
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

/** At most this many hops, for the defect that follows redirects. */
const MAX_HOPS = 5;

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export class ImageChecker {
  constructor(
    private readonly seam: Seam,
    private readonly timeoutMs: number,
  ) {}

  /** Resolves when the URL serves an acceptable JPEG; rejects with ApiError INVALID_IMAGE otherwise. */
  async check(rawUrl: string, what = 'image'): Promise<void> {
    const problem = await this.problemOf(rawUrl);
    if (problem !== undefined) throw invalid(this.seam, 'INVALID_IMAGE', `${what} ${rawUrl}: ${problem}`);
  }

  private async problemOf(rawUrl: string): Promise<string | undefined> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return 'is not an absolute URL';
    }
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http or https`;
        const res = await get(url, signal);
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          const location = res.headers.location;
          // Spec: "direct link, no redirections". The defects follow them instead (every kind, or 307 and 308 alone).
          const follows = this.seam.defect('image-redirect-followed') || (this.seam.defect('image-redirect-307-308-followed') && (status === 307 || status === 308));
          if (!follows || !location || hop >= MAX_HOPS) {
            return `answered ${status} (a redirection); a direct link is required`;
          }
          url = new URL(location, url);
          continue;
        }
        // The defect takes 200 for the only success: a JPEG answered 201, 202 or 203 is refused.
        if (status !== 200 && status >= 200 && status < 300 && this.seam.defect('image-status-200-only')) {
          res.resume();
          return `answered ${status}; only 200 is taken for an image`;
        }
        if (status < 200 || status >= 300) {
          // The defect ignores the status and judges the bytes alone: a 404 serving a JPEG passes.
          if (this.seam.defect('image-status-ignored')) return await this.inspectBody(res, url);
          res.resume();
          // The defect takes any answer as the image, without looking at it.
          if (this.seam.defect('image-non-2xx-accepted')) return undefined;
          return `answered ${status}; a 2xx status is required`;
        }
        return await this.inspectBody(res, url);
      }
    } catch (error) {
      if (signal.aborted) return `no complete answer within ${this.timeoutMs} ms`;
      return `could not be fetched (${(error as Error).message})`;
    }
  }

  /** Reads at most IMAGE_MAX_BYTES + 1 bytes, keeping only the first few for the format check. */
  private async inspectBody(res: IncomingMessage, url: URL): Promise<string | undefined> {
    const checkSize = !this.seam.defect('image-size-not-checked');
    // The defect reads the size from Content-Length alone: a body streamed chunked is never counted.
    const countBytes = checkSize && !this.seam.defect('image-size-from-header');
    // The defect takes "10 MB" for 10^7 bytes and the limit for exclusive: exactly 10,000,000 bytes is refused.
    const tooBig = (n: number) => (this.seam.defect('image-limit-exclusive') ? n >= 10_000_000 : n > IMAGE_MAX_BYTES);
    const declared = Number(res.headers['content-length']);
    if (this.seam.defect('image-length-required') && res.headers['content-length'] === undefined) {
      res.destroy();
      return 'declares no Content-Length';
    }
    if (checkSize && Number.isFinite(declared) && tooBig(declared)) {
      res.destroy();
      return `is ${declared} bytes; at most ${IMAGE_MAX_BYTES} are accepted`;
    }
    const rawType = (res.headers['content-type'] ?? '').split(';')[0].trim();
    const type = rawType.toLowerCase();
    let head = Buffer.alloc(0);
    let total = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4);
      total += chunk.length;
      if (countBytes && tooBig(total)) {
        res.destroy();
        return `is more than ${IMAGE_MAX_BYTES} bytes`;
      }
    }
    // The defects judge the format by a label: the declared type, or the path's extension.
    if (this.seam.defect('image-type-from-header') && type === 'image/jpeg') return undefined;
    if (this.seam.defect('image-type-from-extension') && /\.jpe?g$/i.test(url.pathname)) return undefined;
    if (this.seam.defect('image-type-case-sensitive') && rawType !== '' && rawType !== type) return `declares Content-Type ${rawType}; image/jpeg expected`;
    if (startsWith(head, PNG_MAGIC) && this.seam.defect('image-png-accepted')) return undefined;
    // The bytes decide; a declared type that names another image format is refused as well.
    if (!startsWith(head, JPEG_MAGIC)) return 'is not a JPEG (its bytes do not start with FF D8 FF)';
    if (type.startsWith('image/') && !['image/jpeg', 'image/jpg', 'image/pjpeg'].includes(type)) {
      return `declares Content-Type ${type}; only JPEG is accepted`;
    }
    return undefined;
  }
}

function get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { signal, headers: { accept: 'image/jpeg' } }, resolve);
    req.on('error', reject);
  });
}
