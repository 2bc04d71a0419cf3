import type { DefectInfo } from './types.js';

/** Deviations of the items group. Each name is read with `seam.defect(name)` where it happens. */
export const ITEMS_DEFECTS: Record<string, DefectInfo> = {};
