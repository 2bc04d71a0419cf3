import type { DefectInfo } from './types.js';

/** Deviations of the auth group. Each name is read with `seam.defect(name)` where it happens. */
export const AUTH_DEFECTS: Record<string, DefectInfo> = {};
