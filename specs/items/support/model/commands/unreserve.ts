import type fc from 'fast-check';
import { choose, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { expectStatus, partKey } from '../../../../../fixtures/index.js';

/** PUT /items/{id}/unreserve on a reserved item: a 2xx (ITEM-STATE-3); the item is active as before. */
export class UnreserveCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  constructor(readonly pick: number) {}

  check(m: Readonly<QuotaModel>): boolean {
    return m.reserved.size > 0;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const id = choose([...m.reserved], this.pick);
    const res = await r.api.operate(id, 'unreserve');
    await expectStatus(res, '2xx', [partKey('ITEM-STATE-3', 'unreserve')], `PUT /items/${id}/unreserve of a reserved item answers a 2xx`);
    m.reserved.delete(id);
    await agree(m, r, this.toString(), ['ITEM-STATE-3']);
  }

  toString(): string {
    return `Unreserve(${this.pick})`;
  }
}
