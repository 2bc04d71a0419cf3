import { ApiError } from '../core/errors.js';
import type { RequestContext, Router } from '../core/http.js';
import { attributesOf, renderAttribute } from './attributes.js';
import { categoryKind, leafIds, renderTree } from './categories.js';
import { callerOf, type ItemsParts } from './context.js';
import { chooseLanguage } from './language.js';

/** The read-only catalogue: categories, their attributes, and the listing limits. */
export function registerCatalogRoutes(router: Router, parts: ItemsParts): void {
  const { seam, store } = parts;

  router.add('GET', '/items/categories', (ctx) => {
    callerOf(ctx, parts);
    const language = chooseLanguage(ctx.headers['accept-language'], seam);
    return { status: 200, body: { categories: renderTree(language, seam) }, headers: { 'content-language': language, vary: 'accept-language' } };
  });

  router.add('GET', '/items/categories/:id/attributes', (ctx: RequestContext) => {
    callerOf(ctx, parts);
    const id = ctx.params.id;
    // The spec shows its code set on this operation's 404. INVALID_CATEGORY_LEAF says
    // what is wrong: the id names no assignable category. NOT_IMPLEMENTED_CATEGORY
    // would claim the category exists but its attributes do not.
    // A grouping parent is refused the same way: no item can be listed in it, and
    // merging its leaves' attributes would offer e.g. license_plate for all of Motor.
    if (categoryKind(id) !== 'leaf') {
      throw new ApiError(404, 'INVALID_CATEGORY_LEAF', `category '${id}' is not an assignable category`);
    }
    const language = chooseLanguage(ctx.headers['accept-language'], seam);
    const attributes = attributesOf(Number(id), seam).map((def) => renderAttribute(def, language, seam));
    return { status: 200, body: { attributes }, headers: { 'content-language': language, vary: 'accept-language' } };
  });

  // One limit per subscription, shared by every category: the spec counts
  // "active items per subscription" and names no per-category capacity.
  router.add('GET', '/items/limits', (ctx) => {
    const caller = callerOf(ctx, parts);
    const total = store.limitOf(caller);
    const used = store.used(caller);
    const available = seam.defect('limits-available-wrong') ? total : Math.max(0, total - used);
    const entries = [{ total, used, available, category_ids: leafIds() }];
    // The spec does not show the wrapper; the variant answers the entries bare.
    return { status: 200, body: seam.variant('limits-bare-array') ? entries : { limits: entries } };
  });
}
