import { AUTH_DEFECTS } from './auth.js';
import { GENERAL_DEFECTS } from './general.js';
import { ITEMS_DEFECTS } from './items.js';
import { TRANSACTIONS_DEFECTS } from './transactions.js';
import type { DefectInfo } from './types.js';
import { WEBHOOKS_DEFECTS } from './webhooks.js';

export type { DefectInfo } from './types.js';

/** Every named deviation the reference can switch on (REFERENCE_DEFECT=name). */
export const DEFECTS = {
  ...GENERAL_DEFECTS,
  ...AUTH_DEFECTS,
  ...ITEMS_DEFECTS,
  ...WEBHOOKS_DEFECTS,
  ...TRANSACTIONS_DEFECTS,
} satisfies Record<string, DefectInfo>;

/** The name of a declared defect: `seam.defect('typo')` does not compile. */
export type DefectName = keyof typeof DEFECTS;

/** True when `name` is a declared defect (REFERENCE_DEFECT is a string from outside). */
export const isDefectName = (name: string): name is DefectName => Object.hasOwn(DEFECTS, name);
