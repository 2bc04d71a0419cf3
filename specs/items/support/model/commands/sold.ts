import type fc from 'fast-check';
import { activeUnreserved, choose, freeing, inactiveItems, type QuotaModel } from '../model.js';
import { agree, freedUsedRules, type QuotaReal } from '../real.js';
import { expectStatus, partKey } from '../../../../../fixtures/index.js';

/**
 * PUT /items/{id}/sold on an active or hidden item: a 2xx (ITEM-STATE-1/2);
 * the item leaves the marketplace and frees its slot (ITEM-QUOTA-4).
 * Reserved items are left alone: what sold does to a reservation is not shown.
 */
export class SoldCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return activeUnreserved(m).length + m.inactive.size > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose([...activeUnreserved(m), ...inactiveItems(m)], this.pick);
    const wasActive = m.active.has(id);
    const requirement = wasActive ? 'ITEM-STATE-1' : 'ITEM-STATE-2';
    const res = await r.api.operate(id, 'sold');
    await expectStatus(res, '2xx', [requirement], `PUT /items/${id}/sold of an ${wasActive ? 'active' : 'inactive'} item answers a 2xx`);
    if (wasActive) freeing(m, 'ITEM-QUOTA-4');
    m.active.delete(id);
    m.inactive.delete(id);
    // The 2xx was judged above (ITEM-STATE-1/2); what follows is the slot the sale frees, when the item held one.
    if (wasActive) await agree(m, r, this.toString(), ['ITEM-QUOTA-4'], freedUsedRules(m, [partKey('ITEM-QUOTA-4', 'used'), partKey('ITEM-LIMITS-3', 'sold')]));
    else await agree(m, r, this.toString(), []);
  }

  toString(): string {
    return `Sold(${this.pick})`;
  }
}
