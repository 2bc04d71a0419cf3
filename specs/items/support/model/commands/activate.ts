import type fc from 'fast-check';
import { choose, freeSlot, inactiveItems, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { expectStatus, verify } from '../../../../../fixtures/index.js';

/**
 * PUT /items/{id}/activate by a Pro account on a hidden item: with a free slot
 * a 2xx and the item counts again (ITEM-PRO-2, ITEM-QUOTA-7); with none it is
 * refused, any 4xx, and the item stays hidden (ITEM-QUOTA-3).
 */
export class ActivateCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return m.pro && m.inactive.size > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose(inactiveItems(m), this.pick);
    const slot = freeSlot(m);
    const res = await r.api.operate(id, 'activate');
    let requirements: string[];
    if (slot === 'no') {
      requirements = ['ITEM-QUOTA-3'];
      await expectStatus(res, '4xx', requirements, `PUT /items/${id}/activate with no free slot is refused`);
    } else if (slot === 'yes') {
      requirements = ['ITEM-PRO-2', 'ITEM-QUOTA-7'];
      await expectStatus(res, '2xx', requirements, `PUT /items/${id}/activate with a free slot answers a 2xx`);
    } else {
      // Reservations blur the count: a success or a refusal are both right; the model follows the answer. Either
      // would hold, so neither quota rule is judged: only an answer that is neither fails them.
      requirements = [];
      const either = (res.status >= 200 && res.status <= 299) || (res.status >= 400 && res.status <= 499);
      if (!either) {
        await verify(false, {
          title: `PUT /items/${id}/activate while reservations make the free slot uncertain answers a 2xx or a 4xx`,
          requirements: ['ITEM-QUOTA-3', 'ITEM-QUOTA-7'],
          expected: 'any 2xx (activated) or any 4xx (refused)',
          actual: String(res.status),
          exchange: res,
        });
      }
    }
    // An activate takes a slot freed before it (or finds none): no following create judges the freeing any more.
    m.freed = undefined;
    if (res.status >= 200 && res.status <= 299) {
      m.inactive.delete(id);
      m.active.add(id);
    }
    await agree(m, r, this.toString(), requirements);
  }

  toString(): string {
    return `Activate(${this.pick})`;
  }
}
