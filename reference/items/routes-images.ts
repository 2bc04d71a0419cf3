import { ApiError } from '../core/errors.js';
import type { Router } from '../core/http.js';
import { callerOf, type ItemsParts } from './context.js';
import { imageNotFound, invalid, invalidStatus } from './refusal.js';
import { checkShape } from './shape.js';

/**
 * Additional images. The spec does not show a maximum; ours is 10 besides the
 * main image (REFERENCE_MAX_IMAGES, `parts.maxImages`), refused past it with the
 * spec's MAX_IMAGES_EXCEED. The main image cannot be removed: an item needs one
 * (INSUFFICIENT_IMAGES).
 */

export function registerImageRoutes(router: Router, parts: ItemsParts): void {
  const { seam, store, images } = parts;
  // The defect holds no maximum at all.
  const full = (count: number) => count >= parts.maxImages && !seam.defect('no-image-maximum');
  const tooMany = () => invalid(seam, 'MAX_IMAGES_EXCEED', `an item holds at most ${parts.maxImages} additional images`);
  // Images deleted so far, `item/image`: only the evasion 'should-refusal-401' tells them from ids never added.
  const deleted = new Set<string>();
  // Items one of whose images was deleted: the defect 'image-add-refused-after-delete' takes no image for them again.
  const deletedFrom = new Set<string>();

  router.add('POST', '/items/:itemId/images', async (ctx) => {
    const caller = callerOf(ctx, parts);
    const item = store.get(caller, ctx.params.itemId);
    if (item.state === 'sold') throw invalidStatus('a sold item can no longer be changed');
    const body = ctx.body;
    checkShape(seam, 'image-add', body);
    const order = body.order as number;
    if (!Number.isInteger(order)) throw invalid(seam, 'INVALID_BODY_REQUEST', 'order must be an integer');
    // Spec: "order (integer, minimum 0, required)".
    if (order < 0 && !seam.defect('image-order-negative-accepted')) {
      throw invalid(seam, 'INVALID_BODY_REQUEST', `order ${order} is below the minimum 0`);
    }
    if (full(item.images.length) || (seam.defect('image-add-refused-after-delete') && deletedFrom.has(item.id))) throw tooMany();
    const url = body.url as string;
    await images.check(url, 'url');
    // The item may have been deleted or sold, or filled up, while its image was fetched.
    const current = store.get(caller, item.id);
    if (current.state === 'sold') throw invalidStatus('the item was sold meanwhile');
    if (full(current.images.length)) throw tooMany();
    const image = { id: store.newImageId(), url, order };
    current.images.push(image);
    return { status: 201, body: { id: image.id } };
  });

  router.add('DELETE', '/items/:itemId/images/:imageId', (ctx) => {
    const caller = callerOf(ctx, parts);
    const { itemId, imageId } = ctx.params;
    const item = store.get(caller, itemId);
    if (item.mainImage?.id === imageId) {
      throw invalid(seam, 'INSUFFICIENT_IMAGES', 'the main image cannot be removed: an item needs one image');
    }
    const index = item.images.findIndex((i) => i.id === imageId);
    if (index < 0 && deleted.has(`${itemId}/${imageId}`) && seam.evasion('should-refusal-401')) {
      // The evasion: the second DELETE of an image (a SHOULD refusal, ITEM-IMG-11) answers as if the token were dead.
      throw new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required (Authorization: Bearer <token>)');
    }
    if (index < 0) throw imageNotFound(itemId, imageId);
    item.images.splice(index, 1);
    deletedFrom.add(itemId);
    if (seam.evasion('should-refusal-401')) deleted.add(`${itemId}/${imageId}`);
    return { status: 204 };
  });
}
