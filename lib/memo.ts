/**
 * A value made once and shared by whoever asks next: the facts of a target
 * (its category catalogue, a payload the suite can fill) that do not change
 * during a run, each held per target (`targetState.keep`, fixtures/target.ts).
 * A failed make is forgotten, so the next caller tries again instead of
 * inheriting one check's failure.
 */
export interface Memo<T> {
  /** The value, made by `make` on the first call (or the first after a failure or `forget`). */
  get(make: () => Promise<T>): Promise<T>;
  /** Forgets the value: a value that proved unusable is made afresh next time. */
  forget(): void;
}

export function memo<T>(): Memo<T> {
  let kept: Promise<T> | undefined;
  return {
    get(make) {
      if (!kept) {
        const made = make();
        kept = made;
        made.catch(() => {
          if (kept === made) kept = undefined;
        });
      }
      return kept;
    },
    forget() {
      kept = undefined;
    },
  };
}
