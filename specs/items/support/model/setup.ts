/**
 * Each run of the model starts from the account's real state and leaves it as
 * it found it: the active items the account already holds are counted (from
 * GET /items, never touched), and every item the run created is deleted after it.
 */
import { entryFor, type ItemsApi } from '../../../shared/items/items-api.js';
import { isHidden } from '../../../shared/items/paging.js';
import { initialModel, type QuotaModel } from './model.js';
import { agree, type QuotaReal } from './real.js';
import { verify } from '../../../../fixtures/index.js';

export interface QuotaStart {
  limit: number;
  preActive: number;
}

/** The limit of the category's entry and the active items held now. */
export async function readStart(api: ItemsApi, categoryId: number): Promise<QuotaStart> {
  const all = await api.walk('/items');
  const preActive = all.filter((e) => !isHidden(e)).length;
  const { res, entries } = await api.limitEntries();
  const entry = entryFor(entries, categoryId);
  await verify(entry !== undefined, {
    title: `GET /items/limits has an entry counting category ${categoryId}`,
    requirements: ['ITEM-LIMITS-1'],
    expected: `an entry whose category_ids hold ${categoryId} (or a single entry)`,
    actual: `${entries.length} entries, none with it`,
    exchange: res,
  });
  return { limit: entry?.total ?? 0, preActive };
}

export interface SetupOptions {
  api: ItemsApi;
  categoryId: number;
  pro: boolean;
  maxCreates: number;
  payload: () => Record<string, unknown>;
}

/** A fresh model and real system; checks that the target agrees before the first command. */
export async function setupRun(o: SetupOptions): Promise<{ model: QuotaModel; real: QuotaReal }> {
  const start = await readStart(o.api, o.categoryId);
  const model = initialModel({ pro: o.pro, limit: start.limit, preActive: start.preActive, maxCreates: o.maxCreates });
  const real: QuotaReal = { api: o.api, categoryId: o.categoryId, payload: o.payload, created: [], deleted: new Set() };
  await agree(model, real, 'the start (no command yet)', ['ITEM-LIMITS-3']);
  return { model, real };
}

/** Deletes what the run created and did not delete itself, so the next run starts from the real state. */
export async function removeRun(real: QuotaReal): Promise<void> {
  for (const id of real.created.splice(0).reverse()) {
    if (!real.deleted.has(id)) await real.api.remove(id);
  }
  real.deleted.clear();
}
