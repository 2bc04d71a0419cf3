/**
 * The quota model (fast-check's model-based layout): as small as the rule it
 * checks. The limit, how many active items the account held before the run
 * (never touched, only counted), and which of the run's items are active,
 * hidden or reserved. Everything the target must agree with follows from it.
 */
export interface QuotaModel {
  /** Pro accounts may inactivate and activate; Basic ones may not. */
  readonly pro: boolean;
  /** `total` of the limit entry that counts the run's category. */
  readonly limit: number;
  /** Active items the account held before the run (not ours). */
  readonly preActive: number;
  /** The run's items that count toward the quota (reserved ones included). */
  readonly active: Set<string>;
  /** The run's hidden items. */
  readonly inactive: Set<string>;
  /** The run's reserved items (a subset of `active`). */
  readonly reserved: Set<string>;
  /**
   * The rule of the command that freed the only free slot (ITEM-QUOTA-4/5/6), until a create or an activate
   * takes it: the next create judges that rule's `next-create` part ("a following create is active").
   */
  freed?: string;
  /** Creates so far in this run, bounded by `maxCreates` (SC_MAX_ITEMS). */
  created: number;
  readonly maxCreates: number;
}

export function initialModel(init: { pro: boolean; limit: number; preActive: number; maxCreates: number }): QuotaModel {
  return { ...init, active: new Set(), inactive: new Set(), reserved: new Set(), created: 0 };
}

/**
 * The range `used` may take. Reserving is not a transition the spec shows, so
 * whether a reserved item still counts is only inferred (ITEM-QUOTA-9, SHOULD):
 * while items are reserved, either reading is accepted.
 */
export function usedRange(m: Readonly<QuotaModel>): { min: number; max: number } {
  const max = m.preActive + m.active.size;
  return { min: max - m.reserved.size, max };
}

/**
 * Before a command frees an active item's slot: remembers `rule` when that slot will be the only one free (none
 * is free now, no reservation blurs the count), so that a following create judges it; else nothing.
 */
export function freeing(m: QuotaModel, rule: string): void {
  m.freed = freeSlot(m) === 'no' ? rule : undefined;
}

/** Whether the next create or activate finds a free slot: 'yes', 'no', or 'either' while reservations blur the count. */
export function freeSlot(m: Readonly<QuotaModel>): 'yes' | 'no' | 'either' {
  const { min, max } = usedRange(m);
  if (max < m.limit) return 'yes';
  if (min >= m.limit) return 'no';
  return 'either';
}

/** Ours, in creation order: what a command's `pick` chooses from. */
export const activeUnreserved = (m: Readonly<QuotaModel>): string[] => [...m.active].filter((id) => !m.reserved.has(id));
export const inactiveItems = (m: Readonly<QuotaModel>): string[] => [...m.inactive];
export const allItems = (m: Readonly<QuotaModel>): string[] => [...m.active, ...m.inactive];

/** The candidate `pick` chooses, stable for a given model (so a shrunk run replays). */
export const choose = (candidates: readonly string[], pick: number): string => candidates[pick % candidates.length];

export function describeModel(m: Readonly<QuotaModel>): string {
  return `limit ${m.limit}, ${m.preActive} active item(s) held before the run, ours: ${m.active.size} active (${m.reserved.size} reserved), ${m.inactive.size} hidden`;
}
