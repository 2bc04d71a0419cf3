/**
 * The items operations as one small API over an injected `send` (the checked
 * client bound to a session, or a fake account in the project's own tests).
 * It judges with the harness's assertions, each naming the rules it proves.
 * Every create's answer is handed to `track` at once, so the harness deletes
 * what it made after the test whatever happens.
 */
import { type ApiRequest, type ApiResponse, expectStatus, setUp, verify } from '../../../fixtures/index.js';
import { extractList, nextPageToken } from '../../../schemas/lists.js';
import type { Category, ItemListed, LimitEntry } from '../../../schemas/types.js';
import { MAX_PAGES, type WalkResult, walkPages } from './paging.js';

export type Send = (req: ApiRequest) => Promise<ApiResponse>;

export type StateOperation = 'sold' | 'activate' | 'inactivate' | 'reserve' | 'unreserve';

export type ListPath = '/items' | '/items/inactive';

/**
 * The rules of a list that its walk proves, whoever walks it: `answer`, each page a 200 holding a list;
 * `paging`, the walk through meta.pagination.next ends (GET /items/inactive is "paged like GET /items").
 */
export const LIST_RULES: Record<ListPath, { answer: string; paging: string }> = {
  '/items': { answer: 'ITEM-LIST-1', paging: 'ITEM-PAGE-2' },
  '/items/inactive': { answer: 'ITEM-HIDDEN-1', paging: 'ITEM-HIDDEN-2' },
};

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

  /** The category tree; fails ITEM-CAT-1 unless a 200 with `categories` (a set-up step: the caller's other rules are left unjudged). */
  async categoryTree(language?: string): Promise<Category[]> {
    const res = await this.categories(language);
    await setUp.expectStatus(res, 200, ['ITEM-CAT-1']);
    const roots = isObject(res.json) ? res.json.categories : undefined;
    await setUp.verify(Array.isArray(roots), {
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

  /**
   * GET /items/{id} of an item the check made, which must answer 200 (ITEM-READ-1): a set-up step, whoever reads
   * it back (judging/set-up.ts). A read that is no 200 is ITEM-READ-1's alone and leaves the caller's rules unjudged.
   */
  async readOk(id: string): Promise<ApiResponse> {
    const res = await this.read(id);
    await setUp.expectStatus(res, 200, ['ITEM-READ-1']);
    return res;
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

  /** Every page of a list, unjudged but for each page's status (the list's own answer rule, as a set-up step); `seen` gets each page's exchange. */
  walkRaw(path: ListPath, maxPages = MAX_PAGES, seen?: (page: ApiResponse) => void): Promise<WalkResult> {
    return walkPages(async (since) => {
      const res = await this.send({ method: 'GET', path, query: { since } });
      seen?.(res);
      await setUp.expectStatus(res, 200, [LIST_RULES[path].answer]);
      return res.json;
    }, maxPages);
  }

  /** Whether the first page of a list gives a next page (a set-up read: its status is the list's answer rule). */
  async spansPages(path: ListPath): Promise<boolean> {
    const res = await this.send({ method: 'GET', path });
    await setUp.expectStatus(res, 200, [LIST_RULES[path].answer]);
    return nextPageToken(res.json) !== undefined;
  }

  /** Every entry of a list (a set-up step: see walkPaged). */
  async walk(path: ListPath): Promise<ItemListed[]> {
    return (await this.walkPaged(path)).entries;
  }

  /**
   * The same walk, with how many pages it took (an item lost across pages is a paging fault). A set-up step
   * (judging/set-up.ts): a walk that does not end properly is charged to the list's own rules alone (LIST_RULES),
   * whoever walks it, and leaves the caller's rules not exercised [setup_failed]; one that ends passes its paging rule.
   */
  async walkPaged(path: ListPath): Promise<WalkResult> {
    // The last page read is the walk's evidence: its reproduction asks for that page again (its since, its answer).
    let last: ApiResponse | undefined;
    const result = await this.walkRaw(path, MAX_PAGES, (page) => {
      last = page;
    });
    const rules = LIST_RULES[path];
    const rule = result.fault === 'list' ? rules.answer : rules.paging;
    await setUp.verify(result.problem === undefined, {
      title: `walking GET ${path} page by page through meta.pagination.next ends (${rule})`,
      requirements: [rule],
      expected: `a list on every page, and a last page (next absent, null or empty) within ${MAX_PAGES} pages, each next new`,
      actual: result.problem ?? '',
      exchange: last,
    });
    return result;
  }

  /**
   * The same walk, which must list every one of `known`: items the caller made or read and has since neither sold
   * nor deleted (for GET /items/inactive, hidden ones). A set-up step: an item missing is the list's fault, not the
   * caller's rule (a count short by a lost item was charged ITEM-QUOTA-2 and ITEM-QUOTA-10, issue 39 item 6): across
   * pages its paging rule (an item lost at a boundary), on one page its answer rule (LIST_RULES).
   */
  async walkHolding(path: ListPath, known: Iterable<string>): Promise<ItemListed[]> {
    const walk = await this.walkPaged(path);
    const listed = new Set(walk.entries.map((e) => e.id));
    const missing = [...new Set(known)].filter((id) => !listed.has(id));
    const rule = walk.pages > 1 ? LIST_RULES[path].paging : LIST_RULES[path].answer;
    await setUp.verify(missing.length === 0, {
      title: `GET ${path}, walked (${walk.pages} page${walk.pages === 1 ? '' : 's'}), lists every item the check knows is there (${rule})`,
      requirements: [rule],
      expected: 'each item the check made or read, and neither sold nor deleted since, listed',
      actual: `not listed: ${missing.join(', ')}`,
    });
    return walk.entries;
  }

  /**
   * GET /items/limits and its entries (ITEM-LIMITS-1: a bare array, a wrapper holding one array, or one entry).
   * A set-up step: its failure is ITEM-LIMITS-1's, and leaves the caller's other rules unjudged.
   */
  async limitEntries(): Promise<{ res: ApiResponse; entries: LimitEntry[] }> {
    const requirements = ['ITEM-LIMITS-1'];
    const res = await this.send({ method: 'GET', path: '/items/limits' });
    await setUp.expectStatus(res, 200, requirements);
    const body = res.json;
    const single = isObject(body) && 'total' in body && 'used' in body ? [body] : undefined;
    const entries = (single ?? extractList(body)) as LimitEntry[] | undefined;
    await setUp.verify(Array.isArray(entries) && entries.length > 0, {
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
