import { ApiError } from '../core/errors.js';
import type { Seam } from '../seam.js';

/**
 * The items part's error builder: every refusal goes through here so the status
 * of each code is decided in one place.
 *
 * The spec lists codes but ties none to a status or an operation ("Which code
 * goes with which HTTP status and operation: not shown"). Our choice:
 *   400 for a refused payload (INVALID_BODY_REQUEST, MISSING_MAIN_IMAGE,
 *       INVALID_CATEGORY_LEAF, INVALID_ATTRIBUTE, INVALID_IMAGE,
 *       MAX_IMAGES_EXCEED, INSUFFICIENT_IMAGES),
 *   403 USER_UNAUTHORIZED for a Pro-only feature on a basic account,
 *   404 for an item or image the caller does not own (INVALID_BODY_REQUEST),
 *       and for a category without attributes (INVALID_CATEGORY_LEAF: the
 *       spec shows its code set on that 404),
 *   409 INVALID_STATUS for a transition the item's state does not allow.
 */
export type ValidationCode =
  | 'INVALID_BODY_REQUEST'
  | 'MISSING_MAIN_IMAGE'
  | 'INVALID_CATEGORY_LEAF'
  | 'INVALID_ATTRIBUTE'
  | 'INVALID_IMAGE'
  | 'MAX_IMAGES_EXCEED'
  | 'INSUFFICIENT_IMAGES';

/** A refused payload. With the variant `error-code-generic` every such refusal says INVALID_BODY_REQUEST. */
export function invalid(seam: Seam, code: ValidationCode, message: string): ApiError {
  return new ApiError(400, seam.variant('error-code-generic') ? 'INVALID_BODY_REQUEST' : code, message);
}

/**
 * A Pro-only payload field (stock, free shipping) on a basic account. A payload
 * refusal too, so the generic variant answers 400 INVALID_BODY_REQUEST instead.
 */
export function proFeature(seam: Seam, what: string): ApiError {
  const message = `${what} needs a Pro subscription`;
  if (seam.variant('error-code-generic')) return new ApiError(400, 'INVALID_BODY_REQUEST', message);
  return new ApiError(403, 'USER_UNAUTHORIZED', message);
}

/** A Pro-only operation (activate, inactivate) on a basic account: always 403. */
export function proOperation(what: string): ApiError {
  return new ApiError(403, 'USER_UNAUTHORIZED', `${what} needs a Pro subscription`);
}

/** A transition the item's current state does not allow. */
export function invalidStatus(message: string): ApiError {
  return new ApiError(409, 'INVALID_STATUS', message);
}

/**
 * An activation with no free slot: "the way it is refused (status, code): not shown" (freedom activate-refusal).
 * 409 INVALID_STATUS by default; its variants draw 403 or 422 with the same code, or 400 with the generic one.
 */
export function noFreeSlot(seam: Seam, message: string): ApiError {
  if (seam.variant('activate-refused-403')) return new ApiError(403, 'INVALID_STATUS', message);
  if (seam.variant('activate-refused-422')) return new ApiError(422, 'INVALID_STATUS', message);
  if (seam.variant('activate-refused-400')) return new ApiError(400, 'INVALID_BODY_REQUEST', message);
  return invalidStatus(message);
}

/**
 * Unknown, deleted, or another account's: the same answer, so ids of others are
 * not disclosed. None of the spec's twelve codes names a missing resource; we
 * keep to that set (catalog GEN-ERR-2) with its generic INVALID_BODY_REQUEST,
 * and let the status say "not found".
 */
export function itemNotFound(itemId: string): ApiError {
  return new ApiError(404, 'INVALID_BODY_REQUEST', `no item '${itemId}' in this account`);
}

export function imageNotFound(itemId: string, imageId: string): ApiError {
  return new ApiError(404, 'INVALID_BODY_REQUEST', `item '${itemId}' has no image '${imageId}'`);
}
