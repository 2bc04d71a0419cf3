import type { Seam } from '../seam.js';

/** The languages the reference translates category names and attribute titles into. */
export type Language = 'en' | 'es' | 'it';

/** One text in every supported language. */
export type Translated = Record<Language, string>;

const SUPPORTED: readonly Language[] = ['en', 'es', 'it'];

interface Range {
  tag: string;
  q: number;
  position: number;
}

/** Parses `Accept-Language` (RFC 9110 section 12.5.4) into ranges, malformed pieces skipped. */
function parseRanges(header: string): Range[] {
  const ranges: Range[] = [];
  header.split(',').forEach((piece, position) => {
    const [rawTag, ...params] = piece.trim().split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9](\.[0-9]{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    ranges.push({ tag, q, position });
  });
  return ranges;
}

/**
 * The language to answer in: the supported language the client ranks highest
 * (primary subtag only, so `es-ES` is Spanish), English otherwise. We negotiate
 * rather than read only the first tag because `fr, it;q=0.5` states that Italian
 * is acceptable, and the spec only falls back to English "when the language is
 * unsupported".
 */
export function chooseLanguage(header: string | string[] | undefined, seam: Seam): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = parseRanges(text)
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position);
  for (const range of ranked) {
    const primary = range.tag.split('-')[0] as Language;
    if (SUPPORTED.includes(primary)) return primary;
  }
  // The spec's fallback is English; the defect answers Spanish for a language we do not support.
  if (text.trim() !== '' && seam.defect('fallback-language-wrong')) return 'es';
  return 'en';
}
