import type { RequirementGroup } from '../../catalog/index.js';

/** A defect belongs to the group of the rules it breaks (the catalog's groups). */
export type DefectGroup = RequirementGroup;

export interface DefectInfo {
  /** One line: how the server deviates from the spec. */
  description: string;
  /** Catalog IDs this deviation breaks; the kill matrix counts a kill when a check tied to one fails. */
  breaks: string[];
  group: DefectGroup;
}

/**
 * The declaring function of one group's file: `const items = declareFor('items')`,
 * then `'name': items('how the server deviates', ['ITEM-…'])`. Each file's record
 * ends `satisfies Record<string, DefectInfo>`, so its keys stay literal: they are
 * the names `seam.defect(name)` accepts (reference/defects/index.ts DefectName).
 */
export const declareFor =
  (group: DefectGroup) =>
  (description: string, breaks: string[]): DefectInfo => ({ description, breaks, group });
