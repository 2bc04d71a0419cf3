import type { ReferenceAccount } from '../config.js';
import type { Seam } from '../seam.js';
import { CATEGORY } from './categories.js';
import type { ItemDraft } from './model.js';
import type { ItemStore } from './store.js';

/**
 * Items every account holds before any client acts (docs/ARCHITECTURE.md): one
 * active, and for Pro accounts one inactive. They make lists, limits and the
 * inactive list non-empty from the start, so a suite cannot assume an empty
 * account. Their images were "checked" when they were listed: no fetch here.
 *
 * With the variant `seeded-accounts` every account holds more, as real accounts
 * do: SEEDED_ACTIVE active items (fewer when the limit is small: at most
 * limit − 2, so two slots stay free) and SEEDED_HIDDEN hidden ones. A suite that
 * assumes the whole limit is free, or that its creates are active, then fails.
 * With the variant `full-accounts` no slot is free at the start: a limit up to
 * FULL_UP_TO is filled with active items (a larger one, under `large-limits`,
 * gets the seeded amounts, so a run with every variant on stays short).
 * With the variant `empty-accounts` (and neither of those) no account holds an
 * item of its own, as a new seller's, and the Python interop server's by
 * default: a suite that counts on an active or hidden item it did not make
 * then leaves its rule unjudged (docs/INTEROP.md).
 */
export const SEEDED_ACTIVE = 3;
export const SEEDED_HIDDEN = 2;
export const FULL_UP_TO = 20;

function draft(username: string, which: 'active' | 'inactive', n: number): ItemDraft {
  const suffix = n === 0 ? '' : `-${n}`;
  return {
    fields: {
      category_leaf_id: String(CATEGORY.books),
      title: `Seed ${which} item of ${username}${suffix}`,
      description: 'Listed before the conformance run; no client created it.',
      price: { cash_amount: which === 'active' ? 12.5 + n : 7 + n, currency: 'EUR' },
      attributes: { condition: 'good', external_id: `seed-${username}-${which}${suffix}` },
    },
    mainImageUrl: `http://images.invalid/seed-${which}.jpg`,
  };
}

export function seedAccounts(store: ItemStore, accounts: ReferenceAccount[], seam: Seam): void {
  const full = seam.variant('full-accounts');
  const seeded = full || seam.variant('seeded-accounts');
  if (!seeded && seam.variant('empty-accounts')) return;
  for (const account of accounts) {
    const limit = store.limitOf(account.username);
    const active = full && limit <= FULL_UP_TO ? limit : seeded ? Math.max(1, Math.min(SEEDED_ACTIVE, limit - 2)) : 1;
    const hidden = seeded ? SEEDED_HIDDEN : account.plan === 'pro' ? 1 : 0;
    for (let n = 0; n < active; n++) store.insert(account.username, draft(account.username, 'active', n), 'active');
    for (let n = 0; n < hidden; n++) store.insert(account.username, draft(account.username, 'inactive', n), 'inactive');
  }
}
