import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The spec's text cut into its sections, so the catalog's `section` and `quote`
 * fields can be checked against the real document (tests/catalog/catalog-spec-refs.spec.ts)
 * and the reports can show a requirement's context.
 */

/**
 * The spec, beside the repository in its development home only: `<repo>/../shared/spec/seller-connect-spec.md`.
 * A clone or an installed package has none: what runs needs only the catalog (catalog/spec-source.json), and
 * the tests that compare the catalog with the spec skip where it is absent.
 */
export const SPEC_PATH = fileURLToPath(new URL('../../shared/spec/seller-connect-spec.md', import.meta.url));

export interface SpecSection {
  /** `## heading`, or `## heading > ### heading`. */
  path: string;
  /** The section's own text: from its heading to the next heading of any level. */
  ownText: string;
}

/**
 * Table pipes and runs of whitespace are folded to one space, so a quoted table
 * row matches whether its cells are joined by ' | ' or by spaces.
 */
export function normalise(text: string): string {
  return text.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Sections of a markdown text by `##` and `###` headings (the `#` title is not a section). */
export function parseSections(markdown: string): SpecSection[] {
  const sections: SpecSection[] = [];
  let h2 = '';
  let current: { path: string; lines: string[] } | undefined;
  const close = () => {
    if (current) sections.push({ path: current.path, ownText: normalise(current.lines.join('\n')) });
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    if (heading) {
      close();
      const level = heading[1].length;
      if (level === 2) h2 = heading[2];
      current =
        level === 2 ? { path: h2, lines: [] } : level === 3 ? { path: `${h2} > ${heading[2]}`, lines: [] } : undefined;
      continue;
    }
    current?.lines.push(line);
  }
  close();
  return sections;
}

/** The spec's sections, read from SPEC_PATH. */
export function loadSpecSections(path: string = SPEC_PATH): SpecSection[] {
  return parseSections(readFileSync(path, 'utf8'));
}
