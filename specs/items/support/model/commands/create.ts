import type fc from 'fast-check';
import { freeSlot, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { partKey } from '../../../../../fixtures/index.js';

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
    // With reservations blurring the count ('either'), whether a slot was free is unknown: the create judges neither
    // quota rule (ITEM-QUOTA-1/8 would hold whatever the target did), only its 201 and the count the model learns.
    const requirement = slot === 'yes' ? 'ITEM-QUOTA-2' : slot === 'no' ? 'ITEM-QUOTA-1' : 'ITEM-CREATE-1';
    // The slot a sold, delete or inactivate freed, the only one free: this create, active, is that rule's following create.
    const freedBy = slot === 'yes' ? m.freed : undefined;
    m.freed = undefined;
    m.created += 1;
    // With a slot free, the 201 and the item being active are ITEM-QUOTA-2's two parts.
    const id = await r.api.createOk(r.payload(), [slot === 'yes' ? partKey(requirement, 'answered') : requirement]);
    r.created.push(id);
    if (slot === 'either') {
      // Reservations blur the count (ITEM-QUOTA-9 is only a SHOULD): learn the outcome instead of predicting it.
      const hidden = await r.api.walk('/items/inactive');
      if (hidden.some((e) => e.id === id)) m.inactive.add(id);
      else m.active.add(id);
    } else if (slot === 'yes') m.active.add(id);
    else m.inactive.add(id);
    // A create beyond the quota must leave used unchanged (ITEM-QUOTA-8); one with a free slot adds one (ITEM-LIMITS-3).
    // +1 on an active create is ITEM-LIMITS-3's `create` part when no reservation blurs the count (see freedUsedRules).
    const added = m.reserved.size === 0 ? partKey('ITEM-LIMITS-3', 'create') : 'ITEM-LIMITS-3';
    const usedRules = slot === 'no' ? ['ITEM-QUOTA-1', 'ITEM-QUOTA-8'] : slot === 'yes' ? [requirement, added] : ['ITEM-LIMITS-3'];
    const judged = slot === 'either' ? [] : [slot === 'yes' ? partKey(requirement, 'active') : requirement, ...(freedBy ? [partKey(freedBy, 'next-create')] : [])];
    await agree(m, r, this.toString(), judged, usedRules);
  }

  toString(): string {
    return 'Create';
  }
}
