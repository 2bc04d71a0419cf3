/**
 * Requirement IDs as they appear in check titles: `[ITEM-QUOTA-1][ITEM-LIST-2] …`
 * (docs/ARCHITECTURE.md). One place for the pattern, so the kill matrix, the
 * coverage and the registry test read titles the same way.
 */

/** Group prefixes of catalog IDs; anything else in brackets is not an ID. */
export const ID_PREFIXES = ['GEN', 'AUTH', 'ITEM', 'TX', 'WH'] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/** A whole catalog ID: `GROUP-TOPIC-N`, the topic itself may hold hyphens (`WH-SIG-3`, `ITEM-IMG-ADD-1`). */
export const ID_PATTERN = new RegExp(`^(?:${ID_PREFIXES.join('|')})(?:-[A-Z0-9]+)*-\\d+$`);

// Bracketed tokens in a title; each is then tested against ID_PATTERN.
const BRACKETED = /\[([A-Z0-9-]+)\]/g;

/** The IDs a title (or a joined title path) cites in brackets, in order, without repeats. */
export function idsInTitle(title: string): string[] {
  const found: string[] = [];
  for (const match of title.matchAll(BRACKETED)) {
    const id = match[1];
    if (ID_PATTERN.test(id) && !found.includes(id)) found.push(id);
  }
  return found;
}

/** Every ID cited anywhere along a title path (file, describes, test title). */
export function idsInTitlePath(path: readonly string[]): string[] {
  return idsInTitle(path.join(' '));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `--grep` pattern that selects every check citing one of `ids` in brackets:
 * `\[(ITEM-QUOTA-1|ITEM-LIST-2)\]`. Playwright matches it against the file path,
 * the describe titles, the test title and the tags joined by spaces.
 */
export function grepForIds(ids: readonly string[]): string {
  if (ids.length === 0) throw new Error('grepForIds: no IDs (a grep for nothing would select nothing or everything)');
  return `\\[(${ids.map(escapeRegExp).join('|')})\\]`;
}

/** The group prefix of an ID (`ITEM-QUOTA-1` → `ITEM`), or undefined for a malformed one. */
export function idPrefix(id: string): IdPrefix | undefined {
  const head = id.split('-')[0];
  return (ID_PREFIXES as readonly string[]).includes(head) ? (head as IdPrefix) : undefined;
}
