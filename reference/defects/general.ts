import type { DefectInfo } from './types.js';

/** Deviations of the general group. Each name is read with `seam.defect(name)` where it happens. */
export const GENERAL_DEFECTS: Record<string, DefectInfo> = {};
