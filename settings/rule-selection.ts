/**
 * SC_RULE and `--rule`: the requirement IDs whose checks alone run. The selection
 * itself is catalog/ids.ts's `grepForIds`, the one reading of IDs in titles: exactly
 * the checks whose titles' leading brackets name a rule (`--rule ITEM-QUOTA-1` never
 * selects ITEM-QUOTA-10, nor a check that names the ID in its file name, a describe
 * title or later prose).
 */
import { ID_SHAPE } from '../catalog/ids.js';

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
