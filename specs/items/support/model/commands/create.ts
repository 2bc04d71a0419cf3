import type fc from 'fast-check';
import { freeSlot, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';

/**
 * POST /items. With a free slot the item is active (ITEM-QUOTA-2); with none
 * it is still answered 201 and the item is hidden (ITEM-QUOTA-1, Errors rule 1).
 */
export class CreateCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  check(m: Readonly<QuotaModel>): boolean {
    return m.created < m.maxCreates;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const slot = freeSlot(m);
    const requirement = slot === 'yes' ? 'ITEM-QUOTA-2' : 'ITEM-QUOTA-1';
    m.created += 1;
    const id = await r.api.createOk(r.payload(), [requirement]);
    r.created.push(id);
    if (slot === 'either') {
      // Reservations blur the count (ITEM-QUOTA-9 is only a SHOULD): learn the outcome instead of predicting it.
      const hidden = await r.api.walk('/items/inactive');
      if (hidden.some((e) => e.id === id)) m.inactive.add(id);
      else m.active.add(id);
    } else if (slot === 'yes') m.active.add(id);
    else m.inactive.add(id);
    // A create beyond the quota must leave used unchanged (ITEM-QUOTA-8); one with a free slot adds one (ITEM-LIMITS-3).
    await agree(m, r, this.toString(), [requirement], requirement === 'ITEM-QUOTA-1' ? ['ITEM-QUOTA-1', 'ITEM-QUOTA-8'] : [requirement, 'ITEM-LIMITS-3']);
  }

  toString(): string {
    return 'Create';
  }
}
