/**
 * Items that do not exist, and items of another account: every operation on
 * them is refused (both inferred, SHOULD), and another account's item is left
 * as it was.
 */
import { expectRefused, test } from '../fixtures.js';
import { freshPayload } from '../shared/items/bind.js';
import { sampleDraft } from '../shared/items/generators.js';
import type { ItemsApi } from '../shared/items/items-api.js';
import { expectedOf, readBack } from './support/read-back.js';
import { NO_CATEGORY, plainLeaf } from '../shared/items/target-catalog.js';

type Attempt = [string, (items: ItemsApi, id: string) => ReturnType<ItemsApi['read']>];

/** Every operation on /items/{itemId}; the bodies are valid, so only the id can make them fail. */
function attempts(validItem: Record<string, unknown>, imageUrl: string): Attempt[] {
  return [
    ['GET', (i, id) => i.read(id)],
    ['PUT', (i, id) => i.update(id, { item: validItem })],
    ['POST images', (i, id) => i.addImage(id, { url: imageUrl, order: 0 })],
    ['DELETE images', (i, id) => i.removeImage(id, 'sc-no-such-image')],
    ...(['sold', 'activate', 'inactivate', 'reserve', 'unreserve'] as const).map((op): Attempt => [`PUT ${op}`, (i, id) => i.operate(id, op)]),
    ['DELETE', (i, id) => i.remove(id)],
  ];
}

test.describe('unknown and foreign items', { tag: '@items' }, () => {
  test('[ITEM-ERR-1] every operation on an item id that does not exist is refused with a 4xx', { tag: '@should' }, async ({ imageHost, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items } = await leaseItems('pro');
    const payload = freshPayload(sampleDraft(leaf!, { pro: false, minimal: true }), imageHost);
    for (const [what, call] of attempts(payload.item as Record<string, unknown>, imageHost.url('valid'))) {
      const res = await call(items, `sc-no-such-item-${Date.now().toString(36)}`);
      await expectRefused(res, ['ITEM-ERR-1'], `${what} of an unknown item is refused`);
    }
  });

  test('[ITEM-ERR-2] another account cannot read, change or delete an item, which stays as it was', { tag: '@should' }, async ({ imageHost, catalog, leaseItems }) => {
    const leaf = plainLeaf(catalog);
    test.skip(!leaf, NO_CATEGORY);
    const { items: owner } = await leaseItems('pro');
    const { items: other } = await leaseItems('basic');
    const payload = freshPayload(sampleDraft(leaf!, { pro: false, minimal: true }), imageHost);
    const id = await owner.createOk(payload, ['ITEM-ERR-2']);
    const changed = { ...(payload.item as Record<string, unknown>), title: 'changed by another account' };
    for (const [what, call] of attempts(changed, imageHost.url('valid'))) {
      const res = await call(other, id);
      await expectRefused(res, ['ITEM-ERR-2'], `${what} of another account's item is refused`);
    }
    await readBack(owner, id, expectedOf(payload), ['ITEM-ERR-2']);
  });
});
