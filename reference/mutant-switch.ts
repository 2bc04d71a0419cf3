import { AsyncLocalStorage } from 'node:async_hooks';
import { teethMutationHandOff } from './config.js';

/**
 * Teeth only (`npm run mutation`, teeth/mutation/): the run-time switch of the
 * mutants Stryker's instrumenter puts in a copy of a reference file. Instrumented
 * code asks `globalThis.__stryker__.activeMutant` at every mutation point, and its
 * coverage counter writes to `mutantCoverage.perTest[currentTestId]`. Here those
 * are accessors that read the reference the code runs for, so the many references
 * of one teeth host (reference/teeth-host.ts) each run their own mutant at once:
 *
 *  - a reference is built inside `runAsReference(state, …)`: its server, timers and
 *    every request it serves then carry `state` (AsyncLocalStorage follows the
 *    async resources made in its scope: the listening socket, its connections,
 *    timers, promises), so a mutant is active only in the reference built for it;
 *  - the instrumentation keeps one coverage object per process and files each hit
 *    under `currentTestId`: here the clean reference's key and the 100 ms slice of the
 *    wall clock (`<key>#<slice>`), so the dry run tells which checks (by their start
 *    and end) ran while a mutation point was hit; a mutant's reference files its hits
 *    under MUTANTS_BUCKET, code outside any reference under `static`;
 *  - a mutant past `HIT_LIMIT` hits in its reference throws (Stryker's guard
 *    against an endless loop, which would stall every reference of the host) and
 *    the reference is marked timed out.
 * Code that runs outside any reference (a module's top level, at import) sees the
 * mutant TEETH_STATIC_MUTANT names, or none: a `static` mutant gets a host process
 * of its own (teeth/mutation/static.ts), which sets it.
 * Nothing in a normal run imports this file; the clean source has no hook.
 */

/** Per-reference state of the instrumented code. */
export interface MutantState {
  /** The reference's key (its job); its coverage is filed under `<key>#<slice>`. */
  key: string;
  /** The mutant's id (Stryker's, of this instrumentation); none: the clean code, coverage recorded. */
  mutant?: string;
  /** Hits of the active mutant (the guard against an endless loop). */
  hits: number;
  hitLimitReached: boolean;
}

/** The instrumentation's coverage: `static` (outside any reference), and per `currentTestId`: id → hits. */
export interface MutantCoverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}

export const HIT_LIMIT = 2_000_000;
export const SLICE_MS = 100;

/** Where a mutant's reference files its coverage hits (not read: its mutant is known). */
export const MUTANTS_BUCKET = 'mutants';

const current = new AsyncLocalStorage<MutantState>();
/** The mutant of a host that runs one static mutant: active at import too. */
const STATIC_MUTANT = teethMutationHandOff().staticMutant;
/** The one coverage object of the process (the instrumentation captures it at its first hit). */
export const coverage: MutantCoverage = { static: {}, perTest: {} };

export const newMutantState = (key: string, mutant?: string): MutantState => ({ key, mutant, hits: 0, hitLimitReached: false });

export function runAsReference<T>(state: MutantState, build: () => T): T {
  return current.run(state, build);
}

// The instrumentation keeps the object it finds first: install the accessors on that one (or on a new one).
const g = globalThis as { __stryker__?: Record<string, unknown> };
g.__stryker__ ??= {};
Object.defineProperties(g.__stryker__, {
  activeMutant: {
    get: () => current.getStore()?.mutant ?? STATIC_MUTANT,
    // The instrumentation copies __STRYKER_ACTIVE_MUTANT__ here when set; the host never sets it.
    set: () => undefined,
    configurable: true,
  },
  currentTestId: {
    get: () => {
      const state = current.getStore();
      if (!state) return undefined;
      return state.mutant === undefined ? `${state.key}#${Math.floor(Date.now() / SLICE_MS)}` : MUTANTS_BUCKET;
    },
    configurable: true,
  },
  mutantCoverage: { value: coverage, writable: false, configurable: true },
  hitCount: {
    get: () => {
      const state = current.getStore();
      return state?.mutant === undefined ? undefined : state.hits;
    },
    set: (n: number) => {
      const state = current.getStore();
      if (!state) return;
      state.hits = n;
      if (n > HIT_LIMIT) state.hitLimitReached = true;
    },
    configurable: true,
  },
  hitLimit: { get: () => HIT_LIMIT, configurable: true },
});
