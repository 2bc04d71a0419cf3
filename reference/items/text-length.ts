import type { Seam } from '../seam.js';
import type { ItemFields } from './model.js';
import { invalid } from './refusal.js';

/**
 * The length limits of title and description, which the spec leaves open ("Length limits of title and
 * description: not shown", freedom title-length-limits). The clean reference holds none; the variant
 * `title-length-limited` caps both at the low end of what marketplaces choose: Mercari and Rakuma (Japan) cap an
 * item's name at 40 characters and its description at 1,000 (eBay's title cap is 80, Etsy's 140). Lengths are counted in
 * Unicode code points, as a user counts characters.
 */
export const LIMITED_TITLE_MAX = 40;
export const LIMITED_DESCRIPTION_MAX = 1000;

const codePoints = (text: string): number => [...text].length;

/** Refuses a title or description sent above the caps, as any refused payload (400, INVALID_BODY_REQUEST). */
export function checkTextLengths(seam: Seam, sent: Partial<Pick<ItemFields, 'title' | 'description'>>): void {
  if (!seam.variant('title-length-limited')) return;
  const caps = [['title', sent.title, LIMITED_TITLE_MAX], ['description', sent.description, LIMITED_DESCRIPTION_MAX]] as const;
  for (const [name, text, max] of caps) {
    if (typeof text === 'string' && codePoints(text) > max) {
      throw invalid(seam, 'INVALID_BODY_REQUEST', `${name} is ${codePoints(text)} characters long: at most ${max} are accepted`);
    }
  }
}
