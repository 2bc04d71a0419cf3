import type fc from 'fast-check';
import { activeUnreserved, choose, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { expectStatus, partKey } from '../../../../../fixtures/index.js';

/** PUT /items/{id}/reserve on an active item: a 2xx (ITEM-STATE-3). Whether it keeps counting is only a SHOULD (ITEM-QUOTA-9). */
export class ReserveCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return activeUnreserved(m).length > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose(activeUnreserved(m), this.pick);
    const res = await r.api.operate(id, 'reserve');
    await expectStatus(res, '2xx', [partKey('ITEM-STATE-3', 'reserve')], `PUT /items/${id}/reserve of an active item answers a 2xx`);
    m.reserved.add(id);
    await agree(m, r, this.toString(), ['ITEM-STATE-3']);
  }

  toString(): string {
    return `Reserve(${this.pick})`;
  }
}
