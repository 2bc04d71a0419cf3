import type { DefectInfo } from './types.js';

/** Deviations of the transactions group. Each name is read with `seam.defect(name)` where it happens. */
export const TRANSACTIONS_DEFECTS: Record<string, DefectInfo> = {};
