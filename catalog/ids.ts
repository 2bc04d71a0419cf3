/**
 * Requirement IDs as checks cite them: in the LEADING brackets of the test's own
 * title, `[ITEM-QUOTA-1][ITEM-LIST-2] a create …` (docs/ARCHITECTURE.md).
 *
 * The one reading of a title, shared by the ledger (judging/verdict-ledger.ts), the
 * reports (reporting/) and the teeth (teeth/: kill matrix, coverage). Decided:
 * only the leading brackets of the test title count, never a bracket later in
 * the title, in a describe title or in the file path. The title claims the rules
 * its check proves, and the ledger holds a passed check to exactly those; an ID
 * in prose later in a title ("unlike [ITEM-QUOTA-2] …") claims nothing.
 */

/**
 * GROUP-TOPIC-N, e.g. ITEM-QUOTA-1, AUTH-PKCE-2, GEN-AUTH-1. Loose on purpose:
 * an ID the catalog lacks is still read as an ID, so the reports and the
 * coverage name it as unknown instead of dropping it.
 */
export const ID_SHAPE = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/;

export interface TitleIds {
  ids: string[];
  /** The title after the brackets. */
  rest: string;
  /** Bracket contents that do not look like IDs (reported as problems). */
  malformed: string[];
}

export function parseTitleIds(title: string): TitleIds {
  const ids: string[] = [];
  const malformed: string[] = [];
  let rest = title.trimStart();
  for (;;) {
    const m = /^\[([^\]]*)\]\s*/.exec(rest);
    if (!m) break;
    rest = rest.slice(m[0].length);
    // Tolerate `[A-1, B-2]` as well as `[A-1][B-2]`.
    for (const part of m[1].split(/[,\s]+/).filter(Boolean)) {
      if (ID_SHAPE.test(part)) {
        if (!ids.includes(part)) ids.push(part);
      } else malformed.push(part);
    }
  }
  return { ids, rest, malformed };
}


/** The group part of an ID: ITEM-QUOTA-1 → ITEM. */
export function idPrefix(id: string): string {
  return id.split('-')[0];
}

/** The topic part of an ID: ITEM-QUOTA-1 → QUOTA. */
export function idTopic(id: string): string {
  const parts = id.split('-');
  return parts.length > 2 ? parts.slice(1, -1).join('-') : (parts[1] ?? id);
}

/** The text as a literal inside a regular expression. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `--grep` pattern of exactly the checks whose titles cite one of `ids` (as
 * parseTitleIds reads them): an ID as a whole entry of the title's LEADING
 * brackets, `[ITEM-QUOTA-1][ITEM-LIST-2] …` or `[ITEM-QUOTA-1, ITEM-LIST-2] …`;
 * never ITEM-QUOTA-10 for ITEM-QUOTA-1, never an ID in the file path or later prose.
 * Playwright matches `grep` against "<file> <describe titles> <title> <tags>"
 * joined by spaces, so the pattern starts at a bracket group that begins a word;
 * a describe title beginning with a bracket would be read as a title (the suite
 * has none: tests/lifecycle/rule-selection.spec.ts compares the selection with parseTitleIds
 * over the whole suite). SC_RULE and `--rule` (settings/rule-selection.ts) and the
 * kill matrix select with it.
 */
export function grepForIds(ids: readonly string[]): string {
  if (ids.length === 0) throw new Error('grepForIds: no IDs (a grep for nothing would select nothing or everything)');
  const any = ids.map(escapeRegExp).join('|');
  return `(?:^|\\s)(?:\\[[^\\]]*\\]\\s*)*\\[(?:[^\\]]*[,\\s])?(?:${any})(?:[,\\s][^\\]]*)?\\]`;
}

/**
 * A part key names one part of a rule (catalog `parts`, issue "a rule passes only when all of it was
 * judged"): the rule's ID, `#`, the part's id, e.g. `GEN-AUTH-1#PUT /items/{itemId}`. Assertions name a part
 * key where they judge one part of a rule of several; a failure is charged to the rule, a pass to the part.
 */
export const PART_SEPARATOR = '#';

/** The key of one part of a rule. */
export const partKey = (rule: string, part: string): string => `${rule}${PART_SEPARATOR}${part}`;

/** The rule a requirement or part key names: `GEN-AUTH-1#GET /items` → GEN-AUTH-1. */
export function ruleOfKey(key: string): string {
  const at = key.indexOf(PART_SEPARATOR);
  return at < 0 ? key : key.slice(0, at);
}

/** The part a key names, or undefined for a bare rule ID. */
export function partOfKey(key: string): string | undefined {
  const at = key.indexOf(PART_SEPARATOR);
  return at < 0 ? undefined : key.slice(at + 1);
}

/** The rules of a list of keys, each once, in order. */
export const rulesOfKeys = (keys: readonly string[]): string[] => [...new Set(keys.map(ruleOfKey))];
