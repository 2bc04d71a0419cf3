import type fc from 'fast-check';
import { allItems, choose, freeing, type QuotaModel } from '../model.js';
import { agree, freedUsedRules, type QuotaReal } from '../real.js';
import { expectStatus, partKey } from '../../../../../fixtures/index.js';

/** DELETE /items/{id} from any state: a 2xx (ITEM-DELETE-1, ITEM-DELETE-3); the slot it held is free (ITEM-QUOTA-5). */
export class DeleteCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return m.active.size + m.inactive.size > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose(allItems(m), this.pick);
    // Only an active item holds a slot: deleting a hidden one frees none, and judges nothing of ITEM-QUOTA-5.
    const wasActive = m.active.has(id);
    const res = await r.api.remove(id);
    await expectStatus(res, '2xx', ['ITEM-DELETE-1', partKey('ITEM-DELETE-3', wasActive ? 'active' : 'inactive')], `DELETE /items/${id} answers a 2xx`);
    r.deleted.add(id);
    if (wasActive) freeing(m, 'ITEM-QUOTA-5');
    m.active.delete(id);
    m.inactive.delete(id);
    m.reserved.delete(id);
    if (wasActive) await agree(m, r, this.toString(), ['ITEM-QUOTA-5'], freedUsedRules(m, [partKey('ITEM-QUOTA-5', 'used'), partKey('ITEM-LIMITS-3', 'delete')]));
    else await agree(m, r, this.toString(), []);
  }

  toString(): string {
    return `Delete(${this.pick})`;
  }
}
