/**
 * Served images over what the spec's image rules allow (issue 17.2): "direct
 * link, no redirections, must answer with a 2xx status; only JPG or JPEG, up to
 * 10 MB". A case is a valid image drawn over every way the image host can serve
 * one (a 2xx with a body, the JPEG media type in any letter case, its length
 * declared or streamed chunked, a .jpg or .jpeg path, bytes up to the limit), or
 * that image with exactly ONE property broken, and its twin (the same image
 * with that property whole) as the control:
 *
 *   status     a 4xx or 5xx instead of the 2xx (the body still the JPEG, typed image/jpeg)
 *   redirect   one to three redirects of any kind (301, 302, 303, 307, 308) before the image
 *   format     PNG bytes, typed image/png or image/jpeg, at a .png, .jpg or .jpeg path
 *   size       a JPEG of 11 MiB, its length declared or streamed chunked
 *
 * Left out, as the spec is silent on them: a JPEG without a Content-Type or
 * labelled as another type, 204/205/206 (no whole body), 10 MiB exactly (over 10^7
 * bytes, under 10·2^20), a JPEG whose path has another extension.
 */
import fc from 'fast-check';
import type { ServedImage } from '../../../fixtures/index.js';

export type Broken = 'status' | 'redirect' | 'format' | 'size';

export interface ImageCase {
  /** The image the check serves. */
  image: ServedImage;
  /** The property broken, or undefined for a valid image. */
  broken?: Broken;
}

/** Success statuses that carry a whole body. */
export const OK_STATUSES = [200, 201, 202, 203] as const;
/** Non-2xx statuses that are not redirects. */
export const REFUSED_STATUSES = [400, 403, 404, 410, 429, 500, 502, 503] as const;
/** Every redirect status of HTTP (RFC 9110 15.4). */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
/** The JPEG media type; type and subtype are case-insensitive (RFC 9110 8.3.1). */
export const JPEG_TYPES = ['image/jpeg', 'IMAGE/JPEG', 'Image/Jpeg'] as const;

/** The plainest valid image: the twin every broken property is repaired to. */
export const PLAIN: ServedImage = { body: 'jpeg', status: 200, contentType: 'image/jpeg', length: 'declared', redirects: [], extension: 'jpg' };

export function validImages(): fc.Arbitrary<ServedImage> {
  return fc.record({
    body: fc.constantFrom('jpeg' as const, 'jpeg' as const, 'jpeg' as const, 'jpeg-at-limit' as const),
    status: fc.constantFrom(...OK_STATUSES),
    contentType: fc.constantFrom(...JPEG_TYPES),
    length: fc.constantFrom('declared' as const, 'chunked' as const),
    redirects: fc.constant([] as number[]),
    extension: fc.constantFrom('jpg' as const, 'jpeg' as const),
  });
}

/** The valid image `from` with one property broken. */
export function breakOne(from: ServedImage, broken: Broken): fc.Arbitrary<ImageCase> {
  const base = { ...from, body: 'jpeg' as const };
  switch (broken) {
    case 'status':
      return fc.constantFrom(...REFUSED_STATUSES).map((status) => ({ broken, image: { ...base, status, contentType: 'image/jpeg' } }));
    case 'redirect':
      return fc.array(fc.constantFrom(...REDIRECT_STATUSES), { minLength: 1, maxLength: 3 }).map((redirects) => ({ broken, image: { ...base, redirects } }));
    case 'format':
      return fc
        .tuple(fc.constantFrom('image/png', 'image/jpeg'), fc.constantFrom('png' as const, 'jpg' as const, 'jpeg' as const))
        .map(([contentType, extension]) => ({ broken, image: { ...base, body: 'png' as const, contentType, extension } }));
    case 'size':
      return fc.constant({ broken, image: { ...base, body: 'jpeg-over-limit' as const } });
  }
}

/** A valid image, or one with exactly one property broken. */
export function imageCases(): fc.Arbitrary<ImageCase> {
  const broken = fc
    .tuple(validImages(), fc.constantFrom<Broken>('status', 'redirect', 'format', 'size'))
    .chain(([image, what]) => breakOne(image, what));
  return fc.oneof(validImages().map((image) => ({ image })), broken);
}

/** The control of a broken case: the same image with the broken property whole (a plain JPEG where the bytes were broken). */
export function twinOf(c: ImageCase): ServedImage {
  const { image } = c;
  switch (c.broken) {
    case undefined:
      return image;
    case 'status':
      return { ...image, status: 200 };
    case 'redirect':
      return { ...image, redirects: [] };
    case 'format':
      return { ...image, body: 'jpeg', contentType: 'image/jpeg', extension: image.extension === 'png' ? 'jpg' : image.extension };
    case 'size':
      return { ...image, body: 'jpeg' };
  }
}

const valid = (over: Partial<ServedImage>): ImageCase => ({ image: { ...PLAIN, ...over } });
const broken = (what: Broken, over: Partial<ServedImage>): ImageCase => ({ broken: what, image: { ...PLAIN, ...over } });

/** The edges, fixed examples of every run: each dimension's values a server is likeliest to get wrong. */
export const IMAGE_EXAMPLES: readonly ImageCase[] = [
  valid({ status: 203, extension: 'jpeg' }),
  valid({ length: 'chunked' }),
  valid({ contentType: 'IMAGE/JPEG' }),
  valid({ body: 'jpeg-at-limit' }),
  ...REDIRECT_STATUSES.map((s) => broken('redirect', { redirects: [s] })),
  broken('redirect', { redirects: [301, 307, 308] }),
  broken('status', { status: 404 }),
  broken('status', { status: 503 }),
  broken('format', { body: 'png', contentType: 'image/jpeg', extension: 'jpg' }),
  broken('format', { body: 'png', contentType: 'image/png', extension: 'png' }),
  broken('size', { body: 'jpeg-over-limit', length: 'chunked' }),
  broken('size', { body: 'jpeg-over-limit', length: 'declared' }),
];

/** One line for messages: "status 203, image/jpeg, chunked, .jpeg, 16x16 JPEG, redirects 301→307". */
export function describeImage(image: ServedImage): string {
  const body = { jpeg: 'the 16x16 JPEG', 'jpeg-at-limit': 'a JPEG of 10,000,000 bytes', 'jpeg-over-limit': 'a JPEG of 11 MiB', png: 'a PNG' }[image.body];
  const hops = image.redirects.length ? `, after redirects ${image.redirects.join('→')}` : '';
  return `${body} answered ${image.status}, Content-Type ${image.contentType ?? '(none)'}, length ${image.length}, at .${image.extension}${hops}`;
}
