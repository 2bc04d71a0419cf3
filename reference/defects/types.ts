import type { RequirementGroup } from '../../catalog/index.js';

/** A defect belongs to the group of the rules it breaks (the catalog's groups). */
export type DefectGroup = RequirementGroup;

export interface DefectInfo {
  /** One line: how the server deviates from the spec. */
  description: string;
  /** Catalog IDs this deviation breaks; the kill matrix counts a kill when a check tied to one fails. */
  breaks: string[];
  group: DefectGroup;
  /**
   * The kill matrix runs every check of the defect's group against it, not only the checks citing `breaks`: for a
   * defect in a step many checks use as set-up (a list walk), only a whole-group run shows whether its failures are
   * charged to that step's rule alone or spill onto the rules of the checks that used it (blame precision).
   */
  wholeGroup?: true;
  /**
   * Rules the defect keeps whose checks read through the step it breaks as a set-up read (an item read, an image add
   * after a delete): the kill matrix runs their checks as well, so a failure that spills onto them shows as an extra
   * charge (OVERCHARGED) instead of going unseen. Narrower than `wholeGroup`, and across groups (a webhook check
   * reading an item).
   */
  alsoRuns?: string[];
}

/**
 * The declaring function of one group's file: `const items = declareFor('items')`,
 * then `'name': items('how the server deviates', ['ITEM-…'])`. Each file's record
 * ends `satisfies Record<string, DefectInfo>`, so its keys stay literal: they are
 * the names `seam.defect(name)` accepts (reference/defects/index.ts DefectName).
 */
export const declareFor =
  (group: DefectGroup) =>
  (description: string, breaks: string[], options: Pick<DefectInfo, 'wholeGroup' | 'alsoRuns'> = {}): DefectInfo => ({ description, breaks, group, ...options });
