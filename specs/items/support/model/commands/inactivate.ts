import type fc from 'fast-check';
import { activeUnreserved, choose, freeing, type QuotaModel } from '../model.js';
import { agree, freedUsedRules, type QuotaReal } from '../real.js';
import { expectStatus, partKey } from '../../../../../fixtures/index.js';

/** PUT /items/{id}/inactivate by a Pro account: a 2xx, the item is hidden and its slot is free (ITEM-PRO-1, ITEM-QUOTA-6). */
export class InactivateCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return m.pro && activeUnreserved(m).length > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose(activeUnreserved(m), this.pick);
    const res = await r.api.operate(id, 'inactivate');
    await expectStatus(res, '2xx', ['ITEM-PRO-1'], `PUT /items/${id}/inactivate of an active item answers a 2xx`);
    freeing(m, 'ITEM-QUOTA-6');
    m.active.delete(id);
    m.inactive.add(id);
    await agree(m, r, this.toString(), ['ITEM-PRO-1', 'ITEM-QUOTA-6'], ['ITEM-PRO-1', ...freedUsedRules(m, [partKey('ITEM-QUOTA-6', 'used'), partKey('ITEM-LIMITS-3', 'inactivate')])]);
  }

  toString(): string {
    return `Inactivate(${this.pick})`;
  }
}
