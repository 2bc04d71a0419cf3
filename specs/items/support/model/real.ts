/**
 * The system under test as the commands see it: the items API bound to one
 * leased account, how to make a fresh valid payload, and the run's own items.
 * `agree` is the check every command ends with: the target's hidden items and
 * its `used` count are the model's.
 */
import type { ItemsApi } from '../../../shared/items/items-api.js';
import { entryFor } from '../../../shared/items/items-api.js';
import { isHidden } from '../../../shared/items/paging.js';
import { describeModel, type QuotaModel, usedRange } from './model.js';
import { recordFinding, verify } from '../../../../fixtures/index.js';
import { rulesOfKeys } from '../../../../catalog/ids.js';
import { test } from '@playwright/test';

export interface QuotaReal {
  api: ItemsApi;
  /** The category every item of the run is created in (its limit entry is the model's limit). */
  categoryId: number;
  /** A fresh valid create payload (new image URL and external_id each call). */
  payload(): Record<string, unknown>;
  /** Every id created in this run. */
  created: string[];
  /** Ids of the run already deleted (by a Delete command). */
  deleted: Set<string>;
}

/** Ids that appear in only one of the two sets. */
function difference(expected: ReadonlySet<string>, actual: ReadonlySet<string>): string {
  const missing = [...expected].filter((id) => !actual.has(id));
  const extra = [...actual].filter((id) => !expected.has(id));
  return [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `unexpected ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
}

/**
 * Which rule a hidden-list divergence breaks: the list's own (`listRule`: ITEM-HIDDEN-1, across pages -2) when the
 * item reads back in the state the model expects, so that only the list is wrong;
 * otherwise the command put the item in the wrong state, and the command's rules are broken.
 */
async function hiddenDivergenceRules(
  m: Readonly<QuotaModel>,
  r: QuotaReal,
  expected: ReadonlySet<string>,
  listed: ReadonlySet<string>,
  requirements: string[],
  listRule: string,
): Promise<string[]> {
  const diverging = [...expected, ...listed].filter((id) => expected.has(id) !== listed.has(id));
  for (const id of diverging) {
    const read = await r.api.read(id);
    const inactive = (read.json as { inactive?: { flag?: unknown } } | undefined)?.inactive?.flag === true;
    // The item is in the state the model expects, and the list shows otherwise: the list breaks its rule.
    // A command that frees no slot names no rule of its own: the list's rule then stands for it.
    if (read.status !== 200 || inactive !== m.inactive.has(id)) return requirements.length ? requirements : [listRule];
  }
  return [listRule];
}

/**
 * What a wrong `used` after a command that freed a slot breaks: `parts` (the quota rule's `used`, ITEM-LIMITS-3's
 * for the command) when no reservation blurs the count; with one, `used` may take either reading (usedRange), so
 * a pass would hold vacuously: their rules are named, which a failure is charged to and a pass judges no part of.
 */
export function freedUsedRules(m: Readonly<QuotaModel>, parts: readonly string[]): string[] {
  return m.reserved.size === 0 ? [...parts] : rulesOfKeys(parts);
}

/**
 * Checks the target against the model after `after` (the command's name).
 * `requirements`: the IDs a divergence right after that command breaks;
 * `usedRules`: those a wrong `used` count breaks (default: the command's and ITEM-LIMITS-3).
 */
export async function agree(m: Readonly<QuotaModel>, r: QuotaReal, after: string, requirements: string[], usedRules: string[] = [...requirements, 'ITEM-LIMITS-3']): Promise<void> {
  const ours = new Set(r.created);
  const walk = await r.api.walkPaged('/items/inactive');
  const hidden = walk.entries;
  // A list that diverges from items in the state the model expects breaks its own rule: across pages its paging's
  // (an item lost at a boundary, issue 39 item 6), on one page its answer's.
  const listRule = walk.pages > 1 ? 'ITEM-HIDDEN-2' : 'ITEM-HIDDEN-1';
  const hiddenOurs = new Set(hidden.filter((e) => ours.has(e.id)).map((e) => e.id));
  const hiddenDiff = difference(m.inactive, hiddenOurs);
  await verify(hiddenDiff === '', {
    title: `after ${after}, GET /items/inactive holds exactly the run's hidden items`,
    requirements: hiddenDiff === '' ? [...requirements, 'ITEM-HIDDEN-1'] : await hiddenDivergenceRules(m, r, m.inactive, hiddenOurs, requirements, listRule),
    expected: `hidden: {${[...m.inactive].join(', ')}} (model: ${describeModel(m)})`,
    actual: hiddenDiff,
  });
  const notFlagged = hidden.filter((e) => !isHidden(e)).map((e) => e.id);
  await verify(notFlagged.length === 0, {
    title: `after ${after}, every item of GET /items/inactive carries inactive {flag: true}`,
    requirements: ['ITEM-HIDDEN-3'],
    expected: 'inactive: {flag: true} on every entry',
    actual: `without it: ${notFlagged.join(', ')}`,
  });

  const { res, entries } = await r.api.limitEntries();
  const entry = entryFor(entries, r.categoryId);
  await verify(entry !== undefined, {
    title: `GET /items/limits has an entry counting category ${r.categoryId}`,
    requirements: ['ITEM-LIMITS-1'],
    expected: `an entry whose category_ids hold ${r.categoryId} (or a single entry)`,
    actual: `${entries.length} entries, none with it`,
    exchange: res,
  });
  if (!entry) return;
  const { min, max } = usedRange(m);
  await verify(entry.used >= min && entry.used <= max, {
    title: `after ${after}, the limit's used counts the account's active items`,
    requirements: usedRules,
    expected: `used ${min === max ? max : `${min}..${max}`} (model: ${describeModel(m)})`,
    actual: `used ${entry.used}`,
    exchange: res,
  });
  if (entry.used !== max) {
    recordFinding(test.info(), { requirement: 'ITEM-QUOTA-9', message: `after ${after}, used is ${entry.used} while ${m.reserved.size} reserved item(s) are held: reserved items seem not to count toward the quota` });
  }
  await verify(entry.available === entry.total - entry.used && entry.total === m.limit, {
    title: `after ${after}, the limit's total is unchanged and available is total minus used`,
    requirements: ['ITEM-LIMITS-2'],
    expected: `total ${m.limit}, available ${m.limit - entry.used}`,
    actual: `total ${entry.total}, used ${entry.used}, available ${entry.available}`,
    exchange: res,
  });
}
