import { randomBytes } from 'node:crypto';
import type { Plan, ReferenceAccount } from '../config.js';
import { ApiError } from '../core/errors.js';
import type { EventBus } from '../core/events.js';
import type { Seam } from '../seam.js';
import type { ItemDraft, ItemRecord, ItemState } from './model.js';
import { itemNotFound } from './refusal.js';

interface AccountState {
  plan: Plan;
  /** The active-item limit: how many items may be active at once. */
  limit: number;
  /** Slots held by items deleted while active (only the defect `delete-keeps-slot` counts them). */
  deletedWhileActive: number;
  /** Slots freed since the account's last create (only the defect `freed-slot-not-reused` counts them). */
  freedSinceCreate: number;
}

/** How long after a control call that lowers a limit the variant `limit-enforced-later` applies it. */
export const LIMIT_ENFORCED_AFTER_MS = 400;

/**
 * Every account's items and the quota rule. The quota decisions (create,
 * activate, lowering a limit) are synchronous on purpose: Node runs one of them
 * at a time, so two requests racing for the last slot can never both win.
 */
export class ItemStore {
  private readonly items = new Map<string, ItemRecord>();
  /** Deleted items as they were, kept only under the defect `deleted-item-readable`. */
  private readonly deleted = new Map<string, ItemRecord>();
  private readonly accounts = new Map<string, AccountState>();
  private seq = 0;
  private imageSeq = 0;

  constructor(
    private readonly seam: Seam,
    private readonly bus: EventBus,
    accounts: ReferenceAccount[],
    limit: number,
  ) {
    for (const a of accounts) this.accounts.set(a.username, { plan: a.plan, limit, deletedWhileActive: 0, freedSinceCreate: 0 });
  }

  private account(username: string): AccountState {
    const account = this.accounts.get(username);
    // The frame's bearer check only lets known accounts through; this guards direct callers.
    if (!account) throw new ApiError(401, 'USER_UNAUTHORIZED', 'no such account');
    return account;
  }

  hasAccount(username: string): boolean {
    return this.accounts.has(username);
  }

  isPro(username: string): boolean {
    return this.account(username).plan === 'pro';
  }

  limitOf(username: string): number {
    return this.account(username).limit;
  }

  newImageId(): string {
    this.imageSeq += 1;
    return `img_${this.imageSeq.toString(36)}${randomBytes(3).toString('hex')}`;
  }

  /** The caller's own item (any state but deleted); 404 otherwise. */
  get(owner: string, itemId: string): ItemRecord {
    const item = this.items.get(itemId);
    // The evasion answers every id it gave as unknown.
    if (!item || item.owner !== owner || this.seam.evasion('own-ids-404')) throw itemNotFound(itemId);
    return item;
  }

  /** Like `get`, for reads only: the place where defects can disclose other accounts' items, or deleted ones. */
  read(owner: string, itemId: string): ItemRecord {
    const item = this.items.get(itemId);
    if (item && item.owner !== owner && this.seam.defect('other-account-item-visible')) return item;
    const gone = this.deleted.get(itemId);
    if (gone && gone.owner === owner) return gone;
    return this.get(owner, itemId);
  }

  ownerOf(itemId: string): string | undefined {
    return this.items.get(itemId)?.owner;
  }

  /** The account's items in creation order (the stable order of every list). */
  itemsOf(owner: string): ItemRecord[] {
    return [...this.items.values()].filter((i) => i.owner === owner).sort((a, b) => a.seq - b.seq);
  }

  /** Items counted toward the limit: the active ones (reserved items are active). */
  used(owner: string): number {
    let used = 0;
    for (const item of this.items.values()) {
      if (item.owner !== owner) continue;
      if (item.state === 'active') used += 1;
      else if (item.state === 'sold' && item.soldWhileActive && this.seam.defect('sold-keeps-slot')) used += 1;
    }
    if (this.seam.defect('delete-keeps-slot')) used += this.account(owner).deletedWhileActive;
    return used;
  }

  hasFreeSlot(owner: string): boolean {
    return this.used(owner) < this.account(owner).limit;
  }

  /**
   * The slot decision of a create. The defect `freed-slot-not-reused` still counts, here alone, the slots freed (a sale
   * or a deletion of an active item) since the account's last create: GET /items/limits shows the slot free, and the
   * create that follows the freeing is hidden all the same (only that one: it consumes them).
   */
  private createFindsFreeSlot(owner: string): boolean {
    const account = this.account(owner);
    const freed = this.seam.defect('freed-slot-not-reused') ? account.freedSinceCreate : 0;
    account.freedSinceCreate = 0;
    return this.used(owner) + freed < account.limit;
  }

  /** A slot an active item held is freed (a sale, a deletion): only the defect `freed-slot-not-reused` reads it. */
  noteFreed(owner: string): void {
    this.account(owner).freedSinceCreate += 1;
  }

  /**
   * Stores a validated draft whose image has been checked. The slot decision and
   * the insert happen here with no `await` between them. `freeSlotSeenEarlier`
   * is only given by the defect `quota-race`, which decides before the image fetch.
   */
  create(owner: string, draft: ItemDraft, freeSlotSeenEarlier?: boolean): ItemRecord {
    const free = freeSlotSeenEarlier ?? this.createFindsFreeSlot(owner);
    if (!free && this.seam.defect('quota-refuses')) {
      throw new ApiError(403, 'USER_UNAUTHORIZED', 'the active-item limit is reached');
    }
    // Spec: "A create that exceeds the active-item quota is not an error: 201 is returned and the item is inactive."
    const state: ItemState = free || this.seam.defect('quota-ignored') ? 'active' : 'inactive';
    return this.insert(owner, draft, state);
  }

  /** Adds an item in the given state without the quota rule (seeding, and `create` after its decision). */
  insert(owner: string, draft: ItemDraft, state: ItemState): ItemRecord {
    this.seq += 1;
    const item: ItemRecord = {
      id: `itm_${this.seq.toString(36)}${randomBytes(4).toString('hex')}`,
      owner,
      seq: this.seq,
      state,
      reserved: false,
      fields: draft.fields,
      stock: draft.stock,
      mainImage: draft.mainImageUrl === undefined ? undefined : { id: this.newImageId(), url: draft.mainImageUrl },
      images: [],
    };
    this.items.set(item.id, item);
    return item;
  }

  /** Permanent removal: frees the slot the item held, if any. */
  delete(item: ItemRecord): void {
    if (item.state === 'active') {
      this.account(item.owner).deletedWhileActive += 1;
      this.noteFreed(item.owner);
    }
    this.items.delete(item.id);
    if (this.seam.defect('deleted-item-readable')) this.deleted.set(item.id, item);
  }

  /** active → inactive, by a manual action or a limit; emits ITEM_INACTIVATED as the spec's Links say. */
  inactivate(item: ItemRecord): void {
    item.state = 'inactive';
    item.reserved = false;
    if (this.seam.defect('no-item-inactivated-event')) return;
    this.bus.emit({ username: item.owner, type: 'ITEM_INACTIVATED', data: { item_id: item.id } });
  }

  /**
   * Sets an account's limit. Lowering it below the active count inactivates the
   * newest active items until the account is within it (spec: "active →
   * inactive, subscription limit reached, automatic, ITEM_INACTIVATED").
   */
  setLimit(username: string, total: number): number {
    if (!Number.isSafeInteger(total) || total < 0) {
      throw new ApiError(400, 'INVALID_BODY_REQUEST', 'total must be an integer >= 0');
    }
    // A control API call may name anyone; only our accounts have a limit.
    if (!this.accounts.has(username)) throw new ApiError(404, 'NOT_FOUND', `no account '${username}'`);
    const account = this.account(username);
    account.limit = total;
    if (this.seam.defect('limit-lowering-keeps-active')) return total;
    // "Automatic" says nothing of when: the variant applies the limit a moment after the answer, as a
    // server that enforces it from a queue does. The limit then in force is applied (a later call may have raised it).
    if (this.seam.variant('limit-enforced-later')) setTimeout(() => this.enforceLimit(username), LIMIT_ENFORCED_AFTER_MS).unref();
    else this.enforceLimit(username);
    return total;
  }

  /** Inactivates the newest active items until the account's active count fits its limit. */
  private enforceLimit(username: string): void {
    const total = this.account(username).limit;
    // The defect takes every item that is not hidden yet, sold ones included, for one the lowering may hide.
    const hideable = (i: ItemRecord) => i.state === 'active' || (i.state === 'sold' && this.seam.defect('limit-lowering-hides-sold'));
    const newestFirst = this.itemsOf(username).filter(hideable).reverse();
    for (const item of newestFirst) {
      if (this.used(username) <= total) break;
      this.inactivate(item);
    }
  }
}
