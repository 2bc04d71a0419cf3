import type { ReferenceAccount } from '../config.js';
import { CATEGORY } from './categories.js';
import type { ItemDraft } from './model.js';
import type { ItemStore } from './store.js';

/**
 * Items every account holds before any client acts (docs/ARCHITECTURE.md): one
 * active, and for Pro accounts one inactive. They make lists, limits and the
 * inactive list non-empty from the start, so a suite cannot assume an empty
 * account. Their images were "checked" when they were listed: no fetch here.
 */
function draft(username: string, which: 'active' | 'inactive'): ItemDraft {
  return {
    fields: {
      category_leaf_id: String(CATEGORY.books),
      title: `Seed ${which} item of ${username}`,
      description: 'Listed before the conformance run; no client created it.',
      price: { cash_amount: which === 'active' ? 12.5 : 7, currency: 'EUR' },
      attributes: { condition: 'good', external_id: `seed-${username}-${which}` },
    },
    mainImageUrl: `http://images.invalid/seed-${which}.jpg`,
  };
}

export function seedAccounts(store: ItemStore, accounts: ReferenceAccount[]): void {
  for (const account of accounts) {
    store.insert(account.username, draft(account.username, 'active'), 'active');
    if (account.plan === 'pro') store.insert(account.username, draft(account.username, 'inactive'), 'inactive');
  }
}
