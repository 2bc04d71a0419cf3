import type fc from 'fast-check';
import type { QuotaModel } from '../model.js';
import { agree, type QuotaReal } from '../real.js';

/** GET /items/limits on its own: the entry agrees with the model (ITEM-LIMITS-2, ITEM-LIMITS-3). */
export class ReadLimitsCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  check(): boolean {
    return true;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    await agree(m, r, this.toString(), ['ITEM-LIMITS-3']);
  }

  toString(): string {
    return 'ReadLimits';
  }
}
