/**
 * A set-up step of the checks that add images to one item after removing
 * others from it (images.spec.ts, served-images.spec.ts): the item, one of
 * whose images was deleted, takes a valid JPEG again. The spec's Limits make a
 * deleted image room for one more (ITEM-IMG-12, "a deleted image makes room for
 * one more"), so a refusal here is that rule's, and the adds that follow judge
 * their own image, not the item's past. Without it, a server that takes no
 * image after a deletion was charged ITEM-IMG-6 (a valid add refused) and
 * GEN-ERR-2 (a refusal's code) as well (issue 39, item 6).
 */
import { expectStatus, setUp, skipUnjudged, unjudged } from '../../../fixtures/index.js';
import type { ItemsApi } from '../../shared/items/items-api.js';

/** The step's own rule: a deleted image makes room for one more. */
const ROOM_RULE = 'ITEM-IMG-12';

/** Adds the JPEG at `url` to `itemId` (one of whose images the caller deleted), which must answer 201 (ITEM-IMG-12, set-up), then removes it. */
export async function expectRoomAfterDelete(items: ItemsApi, itemId: string, url: string): Promise<void> {
  const title = `control: after one of its images was deleted, item ${itemId} takes a valid JPEG again`;
  const res = await items.addImage(itemId, { url, order: 0 });
  const why = unjudged(res, title);
  if (why !== undefined) skipUnjudged(why);
  await setUp.expectStatus(res, 201, [ROOM_RULE], title);
  const imageId = (res.json as { id?: unknown } | undefined)?.id;
  await expectStatus(await items.removeImage(itemId, String(imageId)), '2xx', ['ITEM-IMG-10'], `DELETE the image the control added to item ${itemId}`);
}
