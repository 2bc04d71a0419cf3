/**
 * The items operations as one small API over an injected `send` (the checked
 * client bound to a session, or a fake account in the project's own tests).
 * It judges with the harness's assertions, each naming the rules it proves.
 * Every create's answer is handed to `track` at once, so the harness deletes
 * what it made after the test whatever happens.
 */
import { type ApiRequest, type ApiResponse, expectStatus, verify } from '../../../fixtures/index.js';
import { extractList } from '../../../schemas/lists.js';
import type { Category, ItemListed, LimitEntry } from '../../../schemas/types.js';
import { MAX_PAGES, type WalkResult, walkPages } from './paging.js';

export type Send = (req: ApiRequest) => Promise<ApiResponse>;

export type StateOperation = 'sold' | 'activate' | 'inactivate' | 'reserve' | 'unreserve';

export type ListPath = '/items' | '/items/inactive';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const itemPath = (id: string) => `/items/${encodeURIComponent(id)}`;

export class ItemsApi {
  constructor(
    readonly send: Send,
    private readonly track: (created: ApiResponse) => void,
  ) {}

  categories(language?: string): Promise<ApiResponse> {
    return this.send({ method: 'GET', path: '/items/categories', headers: language === undefined ? {} : { 'accept-language': language } });
  }

  /** The category tree; fails ITEM-CAT-1 unless a 200 with `categories`. */
  async categoryTree(language?: string): Promise<Category[]> {
    const res = await this.categories(language);
    await expectStatus(res, 200, ['ITEM-CAT-1']);
    const roots = isObject(res.json) ? res.json.categories : undefined;
    await verify(Array.isArray(roots), {
      title: 'GET /items/categories answers an object with a categories array',
      requirements: ['ITEM-CAT-1'],
      expected: '{categories: [...]}',
      actual: 'no categories array',
      exchange: res,
    });
    return roots as Category[];
  }

  attributes(categoryId: number | string, language?: string): Promise<ApiResponse> {
    return this.send({
      method: 'GET',
      path: `/items/categories/${encodeURIComponent(String(categoryId))}/attributes`,
      headers: language === undefined ? {} : { 'accept-language': language },
    });
  }

  /** POST /items, no judgement: for refusals. A 2xx with an id is tracked all the same. */
  async create(payload: unknown): Promise<ApiResponse> {
    const res = await this.send({ method: 'POST', path: '/items', body: payload });
    this.track(res);
    return res;
  }

  /** POST /items that must answer 201 with a string id (ITEM-CREATE-1 and the caller's IDs). */
  async createOk(payload: unknown, requirements: string[]): Promise<string> {
    const res = await this.create(payload);
    await expectStatus(res, 201, requirements);
    const id = isObject(res.json) ? res.json.id : undefined;
    await verify(typeof id === 'string' && id !== '', {
      title: 'POST /items answers the new item’s id',
      requirements: ['ITEM-CREATE-1', ...requirements],
      expected: 'a body with a non-empty string id',
      actual: `id ${JSON.stringify(id)}`,
      exchange: res,
    });
    return id as string;
  }

  read(id: string): Promise<ApiResponse> {
    return this.send({ method: 'GET', path: itemPath(id) });
  }

  update(id: string, body: unknown): Promise<ApiResponse> {
    return this.send({ method: 'PUT', path: itemPath(id), body });
  }

  remove(id: string): Promise<ApiResponse> {
    return this.send({ method: 'DELETE', path: itemPath(id) });
  }

  /** PUT /items/{id}/<operation>. The spec shows no body for these: none is sent. */
  operate(id: string, operation: StateOperation): Promise<ApiResponse> {
    return this.send({ method: 'PUT', path: `${itemPath(id)}/${operation}` });
  }

  addImage(id: string, body: unknown): Promise<ApiResponse> {
    return this.send({ method: 'POST', path: `${itemPath(id)}/images`, body });
  }

  removeImage(id: string, imageId: string): Promise<ApiResponse> {
    return this.send({ method: 'DELETE', path: `${itemPath(id)}/images/${encodeURIComponent(imageId)}` });
  }

  /** Every page of a list, unjudged. */
  walkRaw(path: ListPath, maxPages = MAX_PAGES): Promise<WalkResult> {
    return walkPages(async (since) => {
      const res = await this.send({ method: 'GET', path, query: { since } });
      await expectStatus(res, 200, [path === '/items' ? 'ITEM-LIST-1' : 'ITEM-HIDDEN-1']);
      return res.json;
    }, maxPages);
  }

  /** Every entry of a list; fails with `requirements` when the walk does not end properly. */
  async walk(path: ListPath, requirements: string[]): Promise<ItemListed[]> {
    return (await this.walkPaged(path, requirements)).entries;
  }

  /** The same walk, with how many pages it took (an item lost across pages is a paging fault). */
  async walkPaged(path: ListPath, requirements: string[]): Promise<WalkResult> {
    const result = await this.walkRaw(path);
    await verify(result.problem === undefined, {
      title: `walking GET ${path} page by page through meta.pagination.next ends`,
      requirements,
      expected: 'a last page (next absent, null or empty) within the bound, each next new',
      actual: result.problem ?? '',
    });
    return result;
  }

  /** GET /items/limits and its entries (ITEM-LIMITS-1: a bare array, a wrapper holding one array, or one entry). */
  async limitEntries(requirements: string[] = ['ITEM-LIMITS-1']): Promise<{ res: ApiResponse; entries: LimitEntry[] }> {
    const res = await this.send({ method: 'GET', path: '/items/limits' });
    await expectStatus(res, 200, requirements);
    const body = res.json;
    const single = isObject(body) && 'total' in body && 'used' in body ? [body] : undefined;
    const entries = (single ?? extractList(body)) as LimitEntry[] | undefined;
    await verify(Array.isArray(entries) && entries.length > 0, {
      title: 'GET /items/limits answers limit entries',
      requirements,
      expected: 'a bare array of entries, an object holding one array of entries, or one entry',
      actual: Array.isArray(entries) ? 'no entry' : 'no list of entries found',
      exchange: res,
    });
    return { res, entries: entries as LimitEntry[] };
  }
}

/**
 * The limit entry that counts items of `categoryId`: the one whose category_ids
 * hold it (ids compared as text: the tree uses integers, category_leaf_id
 * strings); with a single entry, that one.
 */
export function entryFor(entries: readonly LimitEntry[], categoryId: number | string): LimitEntry | undefined {
  const wanted = String(categoryId);
  return entries.find((e) => Array.isArray(e.category_ids) && e.category_ids.some((c) => String(c) === wanted)) ?? (entries.length === 1 ? entries[0] : undefined);
}

/**
 * An attribute's value as returned on read. Where it is returned is not shown
 * (catalog ITEM-ATTR-11): under `attributes`, `item.attributes` or at the top
 * level; an attributes array of {id, value} is read too.
 */
export function attributeOnRead(detail: unknown, key: string): unknown {
  if (!isObject(detail)) return undefined;
  const places = [detail.attributes, isObject(detail.item) ? detail.item.attributes : undefined];
  for (const place of places) {
    if (isObject(place) && key in place) return place[key];
    if (Array.isArray(place)) {
      const hit = place.find((a) => isObject(a) && a.id === key);
      if (isObject(hit)) return hit.value ?? hit.values;
    }
  }
  return detail[key];
}
