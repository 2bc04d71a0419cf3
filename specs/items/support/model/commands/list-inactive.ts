import type fc from 'fast-check';
import { hasNoInactiveField, isHidden, repeatedIds } from '../../../../shared/items/paging.js';
import type { QuotaModel } from '../model.js';
import type { QuotaReal } from '../real.js';
import { verify } from '../../../../../fixtures/index.js';

/**
 * GET /items and GET /items/inactive walked whole: every item of the run is
 * listed once in GET /items (ITEM-PAGE-2 across pages, ITEM-LIST-1 on one),
 * flagged as the model says (ITEM-LIST-2/4), and GET /items/inactive holds the hidden ones only (ITEM-HIDDEN-1).
 */
export class ListInactiveCommand implements fc.AsyncCommand<QuotaModel, QuotaReal> {
  check(): boolean {
    return true;
  }

  async run(m: QuotaModel, r: QuotaReal): Promise<void> {
    const ours = new Set([...m.active, ...m.inactive]);
    const walk = await r.api.walkPaged('/items');
    const all = walk.entries;
    const listed = all.filter((e) => ours.has(e.id));
    const twice = repeatedIds(all);
    await verify(listed.length === ours.size && twice.size === 0, {
      title: 'GET /items lists every item of the account exactly once',
      // An item lost or repeated across pages is the paging's (ITEM-PAGE-2), on a single page the list's (ITEM-LIST-1).
      requirements: [walk.pages > 1 ? 'ITEM-PAGE-2' : 'ITEM-LIST-1'],
      expected: `the run's ${ours.size} item(s), each once`,
      actual: `${listed.length} of them listed; repeated: ${[...twice.keys()].join(', ') || 'none'}`,
    });
    for (const e of listed) {
      const hidden = m.inactive.has(e.id);
      await verify(hidden ? isHidden(e) : hasNoInactiveField(e), {
        title: `GET /items shows item ${e.id} as ${hidden ? 'hidden' : 'active'}`,
        requirements: [hidden ? 'ITEM-LIST-2' : 'ITEM-LIST-4'],
        expected: hidden ? 'inactive: {flag: true}' : 'no inactive field at all',
        actual: `inactive: ${JSON.stringify(e.inactive)}`,
      });
    }
    const hiddenList = await r.api.walk('/items/inactive');
    const activeThere = hiddenList.filter((e) => m.active.has(e.id)).map((e) => e.id);
    await verify(activeThere.length === 0, {
      title: 'GET /items/inactive holds no active item',
      requirements: ['ITEM-HIDDEN-1'],
      expected: 'hidden items only',
      actual: `active items listed: ${activeThere.join(', ')}`,
    });
  }

  toString(): string {
    return 'ListInactive';
  }
}
