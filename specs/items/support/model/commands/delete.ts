import type fc from 'fast-check';
import { allItems, choose, type QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';
import { expectStatus } from '../../../../../fixtures/index.js';

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
    await expectStatus(res, '2xx', ['ITEM-DELETE-1', 'ITEM-DELETE-3'], `DELETE /items/${id} answers a 2xx`);
    r.deleted.add(id);
    m.active.delete(id);
    m.inactive.delete(id);
    m.reserved.delete(id);
    await agree(m, r, this.toString(), wasActive ? ['ITEM-QUOTA-5'] : []);
  }

  toString(): string {
    return `Delete(${this.pick})`;
  }
}
