import { DEFAULT_MAX_IMAGES, imageTimeoutSetting, maxImagesOf, pageSizeOf, type ReferenceAccount, type ReferenceOptions } from '../config.js';
import type { EventBus } from '../core/events.js';
import type { Router } from '../core/http.js';
import type { Seam } from '../seam.js';
import type { ItemsParts } from './context.js';
import { IMAGE_TIMEOUT_MS, ImageChecker } from './images.js';
import { registerCatalogRoutes } from './routes-catalog.js';
import { registerImageRoutes } from './routes-images.js';
import { registerItemRoutes } from './routes-items.js';
import { registerListRoutes } from './routes-lists.js';
import { registerStateRoutes } from './routes-state.js';
import { seedAccounts } from './seed.js';
import { ItemStore } from './store.js';

/** Every account's limit under the variant `large-limits`: far above SC_MAX_ITEMS (default 50). */
export const LARGE_LIMIT = 1000;

export interface ItemsDeps {
  seam: Seam;
  options: ReferenceOptions;
  bus: EventBus;
  accounts: ReferenceAccount[];
  /** Accounts that may call the API but start with no items of their own (the short-lived one). */
  unseeded?: ReferenceAccount[];
  /** Deadline of an image fetch; default REFERENCE_IMAGE_TIMEOUT_MS, else 3000 ms. */
  imageTimeoutMs?: number;
}

/**
 * The items part of the reference server (docs/ARCHITECTURE.md, "Inside the
 * reference"): every `/items…` route, plus the two calls the control API and
 * the transactions part need.
 */
export class ItemsService {
  private readonly parts: ItemsParts;

  constructor(deps: ItemsDeps) {
    const { seam, options, bus, accounts } = deps;
    // The spec fixes no limit ("per plan"); the variant gives every account a large one.
    const store = new ItemStore(seam, bus, [...accounts, ...(deps.unseeded ?? [])], seam.variant('large-limits') ? LARGE_LIMIT : options.itemLimit);
    seedAccounts(store, accounts, seam);
    this.parts = {
      seam,
      bus,
      store,
      images: new ImageChecker(seam, deps.imageTimeoutMs ?? imageTimeoutSetting() ?? IMAGE_TIMEOUT_MS),
      pageSize: pageSizeOf(options.pageSize, options.variants, options.defect),
      maxImages: maxImagesOf(options.maxImages ?? DEFAULT_MAX_IMAGES, options.variants),
    };
  }

  /** Routes are relative to the API mount (`/api`); handlers read `ctx.username`. */
  registerRoutes(router: Router): void {
    // Literal paths (/items/categories, /items/inactive, /items/limits) win over /items/:itemId in the Router.
    registerCatalogRoutes(router, this.parts);
    registerListRoutes(router, this.parts);
    registerItemRoutes(router, this.parts);
    registerImageRoutes(router, this.parts);
    registerStateRoutes(router, this.parts);
  }

  /** Sets an account's active-item limit; lowering it inactivates the newest active items. */
  setLimit(username: string, total: number): number {
    return this.parts.store.setLimit(username, total);
  }

  /** The owner of an item that exists (any state but deleted). */
  ownerOf(itemId: string): string | undefined {
    return this.parts.store.ownerOf(itemId);
  }
}
