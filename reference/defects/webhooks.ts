import type { DefectInfo } from './types.js';

/** Deviations of the webhooks group. Each name is read with `seam.defect(name)` where it happens. */
export const WEBHOOKS_DEFECTS: Record<string, DefectInfo> = {};
