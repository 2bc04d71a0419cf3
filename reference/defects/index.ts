import { AUTH_DEFECTS } from './auth.js';
import { GENERAL_DEFECTS } from './general.js';
import { ITEMS_DEFECTS } from './items.js';
import { TRANSACTIONS_DEFECTS } from './transactions.js';
import type { DefectInfo } from './types.js';
import { WEBHOOKS_DEFECTS } from './webhooks.js';

export type { DefectInfo } from './types.js';

/** Every named deviation the reference can switch on (REFERENCE_DEFECT=name). */
export const DEFECTS: Record<string, DefectInfo> = {
  ...GENERAL_DEFECTS,
  ...AUTH_DEFECTS,
  ...ITEMS_DEFECTS,
  ...WEBHOOKS_DEFECTS,
  ...TRANSACTIONS_DEFECTS,
};
