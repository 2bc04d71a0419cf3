/**
 * Listing an item the way the spec's "typical listing sequence" says: read the
 * categories, choose an assignable one, read its attributes, fill the mandatory
 * ones, POST /items. Lists are read whatever their wrapper (the spec does not
 * show it for the limits) and paged with `since`, with a bound.
 */
import { type Answer, call, Unexpected } from './http.js';

interface Category {
  id: number;
  assignable_to_item: boolean;
  /** The real service omits it on leaves. */
  subcategories?: Category[];
}

interface Attribute {
  id: string;
  type: string;
  is_mandatory: boolean;
  options?: { values?: { id: string }[] };
  /** Beside `options`, as in the spec's example (its schema nests it inside). */
  values?: { id: string }[];
  max_length?: number;
  range?: { greater_than_or_equal?: number };
}

export function expectStatus(answer: Answer, wanted: (status: number) => boolean, what: string): void {
  if (!wanted(answer.status)) throw new Unexpected(`${what}: answered ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`);
}

/** A leaf that items may be assigned to, depth first. */
function firstAssignable(categories: Category[]): Category | undefined {
  for (const c of categories) {
    const children = c.subcategories ?? [];
    if (c.assignable_to_item && children.length === 0) return c;
    const below = firstAssignable(children);
    if (below) return below;
  }
  return undefined;
}

/** A value for each mandatory attribute, from what the category says it accepts. */
function mandatoryValues(attributes: Attribute[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const a of attributes.filter((x) => x.is_mandatory)) {
    if (a.type === 'discrete_values') values[a.id] = (a.options?.values ?? a.values ?? [])[0]?.id;
    else if (a.type === 'numeric') values[a.id] = a.range?.greater_than_or_equal ?? 1;
    else values[a.id] = 'sandbox'.slice(0, a.max_length ?? 7);
  }
  return values;
}

/** What a create needs besides the title: the category and the attributes it asks for. */
export interface Listing {
  categoryId: string;
  attributes: Record<string, unknown>;
}

export async function chooseListing(baseUrl: string, bearer: string): Promise<Listing> {
  const categories = await call('GET', `${baseUrl}/items/categories`, bearer);
  expectStatus(categories, (s) => s === 200, 'GET /items/categories');
  const leaf = firstAssignable((categories.body as { categories: Category[] }).categories);
  if (!leaf) throw new Unexpected('GET /items/categories lists no assignable category');
  const attributes = await call('GET', `${baseUrl}/items/categories/${leaf.id}/attributes`, bearer);
  expectStatus(attributes, (s) => s === 200, `GET /items/categories/${leaf.id}/attributes`);
  return { categoryId: String(leaf.id), attributes: mandatoryValues((attributes.body as { attributes: Attribute[] }).attributes) };
}

export function itemPayload(listing: Listing, externalId: string, imageUrl: string): unknown {
  return {
    item: {
      category_leaf_id: listing.categoryId,
      // A short title: a server may cap titles (the spec shows no limit; marketplaces cap them at 40 and up).
      title: 'Sandbox client item',
      description: 'Listed by examples/sandbox-client; deleted when it ends.',
      price: { cash_amount: 10, currency: 'EUR' },
      attributes: { ...listing.attributes, external_id: externalId },
    },
    main_image: { url: imageUrl },
  };
}

/** The array in a list body: the body itself, or the one array field of a wrapper object. */
export function entries(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body;
  const arrays = Object.values((body ?? {}) as object).filter(Array.isArray);
  if (arrays.length !== 1) throw new Unexpected(`a list body with ${arrays.length} arrays: ${JSON.stringify(body)?.slice(0, 200)}`);
  return arrays[0];
}

/** Every item of a paged list (GET /items or /items/inactive), following `meta.pagination.next` for at most `maxPages`. */
export async function allPages(url: string, bearer: string, maxPages = 50): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let since: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await call('GET', since ? `${url}?since=${encodeURIComponent(since)}` : url, bearer);
    expectStatus(answer, (s) => s === 200, `GET ${new URL(url).pathname}`);
    const body = answer.body as { meta?: { pagination?: { next?: string | null } } };
    items.push(...entries(body));
    since = body.meta?.pagination?.next ?? undefined;
    if (!since) return items;
  }
  throw new Unexpected(`${new URL(url).pathname} did not end within ${maxPages} pages`);
}
