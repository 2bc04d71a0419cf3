/** The items part's records. A deleted item is removed from the store, so it has no state of its own. */

/** The spec's states. `reserved` is a mark on an active item, not a state of its own (see store.ts). */
export type ItemState = 'active' | 'inactive' | 'sold';

export interface Price {
  cash_amount: number;
  currency: string;
}

export interface Delivery {
  allowed_by_user: boolean;
  max_weight_kg?: number;
  free_shipping?: boolean;
}

/** The fields of the spec's `item` object, after validation. */
export interface ItemFields {
  category_leaf_id: string;
  title: string;
  description: string;
  price: Price;
  attributes: Record<string, unknown>;
  hashtags?: string[];
  delivery?: Delivery;
}

export interface ImageRecord {
  id: string;
  url: string;
  order: number;
}

export interface ItemRecord {
  id: string;
  owner: string;
  /** Creation order; the stable order of paged lists and the "newest first" of limit-driven inactivation. */
  seq: number;
  state: ItemState;
  reserved: boolean;
  fields: ItemFields;
  stock?: { units: number };
  /** Always set, except by the defect `missing-main-image-accepted`. */
  mainImage?: { id: string; url: string };
  images: ImageRecord[];
  /** True when it was active at the moment it was sold (only the defect `sold-keeps-slot` reads it). */
  soldWhileActive?: boolean;
}

/** A validated create, waiting for its image check and its slot. */
export interface ItemDraft {
  fields: ItemFields;
  stock?: { units: number };
  /** Always set, except by the defect `missing-main-image-accepted`. */
  mainImageUrl?: string;
}
