/**
 * SC_RULE and `--rule`: the checks whose titles name a requirement, exactly as
 * catalog/ids.ts reads a title: an ID in the LEADING brackets of the test's own
 * title (`[ITEM-QUOTA-1][ITEM-LIST-2] a create …`). `--rule ITEM-QUOTA-1` never
 * selects ITEM-QUOTA-10, nor a check that names the ID later in its title, in a
 * describe title or in its file name.
 *
 * Playwright matches `grep` against "<file> <describe titles> <title> <tags>"
 * joined by spaces, so the pattern is anchored on a bracket group that begins a
 * title (after a space), followed only by more bracket groups up to the ID.
 * A describe title beginning with a bracket would be read as a test title: the
 * suite has none, and tests/rule-selection.spec.ts compares the selection with
 * catalog/ids.ts over the whole listed suite.
 */
import { escapeRegExp, ID_SHAPE } from '../catalog/ids.js';

/** The shape of a requirement ID (catalog/ids.ts): SC_RULE and --rule accept nothing else. */
export const RULE_ID = ID_SHAPE;

/** The key of the selected rules in the config's metadata (Playwright's JSON report keeps it; not the RegExp). */
export const SELECTED_RULES = 'selectedRules';

/** What SC_RULE and --rule expect, for their one-line errors. */
export const RULE_EXPECTED = 'expected requirement IDs such as ITEM-QUOTA-1, comma-separated';

/** The IDs of a comma-separated list, or the first entry that is not an ID. */
export function parseRules(raw: string): { rules: string[] } | { bad: string } {
  const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = ids.find((id) => !RULE_ID.test(id));
  if (ids.length === 0 || bad !== undefined) return { bad: bad ?? raw };
  return { rules: [...new Set(ids)] };
}

/** The --grep pattern of exactly the checks whose titles name one of `rules` (IDs already validated). */
export function ruleGrep(rules: readonly string[]): string {
  const ids = rules.map(escapeRegExp).join('|');
  // A title's leading bracket groups: `[A-1][B-2]` or `[A-1, B-2]`; the ID is one whole entry of one of them.
  return `(?:^|\\s)(?:\\[[^\\]]*\\]\\s*)*\\[(?:[^\\]]*[,\\s])?(?:${ids})(?:[,\\s][^\\]]*)?\\]`;
}
