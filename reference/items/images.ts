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

export function imageTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.REFERENCE_IMAGE_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : IMAGE_TIMEOUT_MS;
}

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
          // Spec: "direct link, no redirections". The defect follows them instead.
          if (!this.seam.defect('image-redirect-followed') || !location || hop >= MAX_HOPS) {
            return `answered ${status} (a redirection); a direct link is required`;
          }
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          // The defect ignores the status and judges the bytes alone: a 404 serving a JPEG passes.
          if (this.seam.defect('image-status-ignored')) return await this.inspectBody(res);
          res.resume();
          // The defect takes any answer as the image, without looking at it.
          if (this.seam.defect('image-non-2xx-accepted')) return undefined;
          return `answered ${status}; a 2xx status is required`;
        }
        return await this.inspectBody(res);
      }
    } catch (error) {
      if (signal.aborted) return `no complete answer within ${this.timeoutMs} ms`;
      return `could not be fetched (${(error as Error).message})`;
    }
  }

  /** Reads at most IMAGE_MAX_BYTES + 1 bytes, keeping only the first few for the format check. */
  private async inspectBody(res: IncomingMessage): Promise<string | undefined> {
    const checkSize = !this.seam.defect('image-size-not-checked');
    const declared = Number(res.headers['content-length']);
    if (checkSize && Number.isFinite(declared) && declared > IMAGE_MAX_BYTES) {
      res.destroy();
      return `is ${declared} bytes; at most ${IMAGE_MAX_BYTES} are accepted`;
    }
    const type = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    let head = Buffer.alloc(0);
    let total = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4);
      total += chunk.length;
      if (checkSize && total > IMAGE_MAX_BYTES) {
        res.destroy();
        return `is more than ${IMAGE_MAX_BYTES} bytes`;
      }
    }
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
