import type fc from 'fast-check';
import { activeUnreserved, choose, inactiveItems, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { expectStatus } from '../../../../../fixtures/index.js';

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
    m.active.delete(id);
    m.inactive.delete(id);
    // The 2xx was judged above (ITEM-STATE-1/2); what follows is the slot the sale frees, when the item held one.
    await agree(m, r, this.toString(), wasActive ? ['ITEM-QUOTA-4'] : []);
  }

  toString(): string {
    return `Sold(${this.pick})`;
  }
}
