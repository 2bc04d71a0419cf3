import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/http.js';
import type { Seam } from '../seam.js';
import type { ImageChecker } from './images.js';
import type { ItemStore } from './store.js';

/** What every items route module needs; built once by ItemsService. */
export interface ItemsParts {
  seam: Seam;
  bus: EventBus;
  store: ItemStore;
  images: ImageChecker;
  /** Page size of GET /items and GET /items/inactive (1 with the variant `page-size-1`). */
  pageSize: number;
  /** The most additional images an item holds (REFERENCE_MAX_IMAGES; 20 with the variant `max-images-20`). */
  maxImages: number;
}

/** The account the frame's bearer check put on the request. */
export function callerOf(ctx: RequestContext, parts: ItemsParts): string {
  const username = ctx.username;
  // The frame answers 401 before us; this guards a route mounted without the bearer check.
  if (username === undefined || !parts.store.hasAccount(username)) {
    throw new ApiError(401, 'USER_UNAUTHORIZED', 'a valid bearer access token is required');
  }
  return username;
}
