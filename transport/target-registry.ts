/**
 * A worker's targets (the `targets` worker fixture, fixtures/target.ts): the state
 * of the target the worker serves now, keyed by the test's `target` option. A
 * normal run has one target (the process's own, `target` undefined): its state is
 * opened by the worker's first test and closed with the worker, as worker fixtures
 * were. A worker of the kill matrix's lanes (teeth/batch/) meets tests of several
 * targets, one after another: when a test of another target arrives, the previous
 * target's state is closed (each part bounded in time, its errors reported) and the
 * new one opened, so each target sees exactly what a run of its own would. The
 * registry sets no global: the fixtures hand each test's ServedTarget on
 * (transport/served-target.ts).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../settings/settings.js';
import { TARGET_FILES, type TargetSpec, targetSettings } from '../settings/target-spec.js';
import { flushBudget } from './spending.js';
import { ownTarget, type ServedTarget, servedTarget } from './served-target.js';

/** A worker's place among the workers of a target (Playwright's parallel and worker index, or their stand-ins). */
export interface WorkerSlot {
  parallelIndex: number;
  workerIndex: number;
}

/** How long closing one part of a target's state may take: one that hangs must not hold the next target. */
const CLOSE_MS = 15_000;

interface Held {
  value: Promise<unknown>;
  close?: () => unknown;
}

/** What the worker holds for one target: its settings, health and pacing (ServedTarget), and what fixtures keep. */
export class TargetState {
  readonly #held = new Map<string, Held>();

  constructor(
    /** The target's spec; undefined: the process's own. */
    readonly spec: TargetSpec | undefined,
    readonly served: ServedTarget,
    /** This worker's place among the target's workers (sessions/session-pool.ts picks accounts by it). */
    readonly slot: WorkerSlot,
  ) {}

  get settings(): Settings {
    return this.served.settings;
  }

  /** The value `name` holds for this target: opened by the first test that asks, closed with the target. */
  keep<T>(name: string, open: () => T | Promise<T>, close?: (value: T) => unknown): Promise<T> {
    let held = this.#held.get(name);
    if (!held) {
      const value = Promise.resolve().then(open);
      held = { value, close: close && (async () => close(await value)) };
      this.#held.set(name, held);
      // A failed open is not kept: the next test tries again, as a worker fixture's next worker would.
      value.catch(() => this.#held.delete(name));
    }
    return held.value as Promise<T>;
  }

  /** Closes what is held, last opened first, each within CLOSE_MS; returns the errors (the run broken here is one). */
  async close(): Promise<string[]> {
    const errors: string[] = [];
    for (const [name, held] of [...this.#held].reverse()) {
      if (!held.close) continue;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((r) => {
        timer = setTimeout(() => r(`${name}: its close did not end within ${CLOSE_MS / 1000} s`), CLOSE_MS);
      });
      const closed = Promise.resolve()
        .then(held.close)
        .then(
          () => undefined,
          (error: unknown) => `${name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      const error = await Promise.race([closed, late]).finally(() => clearTimeout(timer));
      if (error) errors.push(error);
    }
    this.#held.clear();
    // The worker that found the run broken reports the line as a run error (the gate exits 2 naming it).
    const health = this.served.health;
    if (health?.trippedHere) errors.push(`the run is broken: ${health.brokenLine()}`);
    return errors;
  }
}

/**
 * A worker's ordinal among those that served a target, counted in the target's run folder (a target is
 * served by one worker at a time: no race): its accounts are those a one-worker run of its own would pick.
 */
function ordinal(runDir: string): number {
  const file = join(runDir, TARGET_FILES.workers);
  const before = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').length : 0;
  appendFileSync(file, `${process.pid}\n`);
  return before;
}

export class TargetRegistry {
  #current: TargetState | undefined;

  /** The state of the test's target, opened now (the previous target's closed) when the worker served another. */
  async serve(spec: TargetSpec | undefined, worker: WorkerSlot): Promise<TargetState> {
    if (this.#current && this.#current.spec?.key === spec?.key) return this.#current;
    await this.close();
    const state = spec
      ? new TargetState(spec, servedTarget(targetSettings(spec), spec.runDir), { parallelIndex: 0, workerIndex: ordinal(spec.runDir) })
      : new TargetState(undefined, ownTarget(), { parallelIndex: worker.parallelIndex, workerIndex: worker.workerIndex });
    this.#current = state;
    return state;
  }

  /**
   * Closes the target served now. The process's own target's errors are thrown (a worker teardown
   * error, as before); another target's go to its run folder, which its own report reads (teeth/batch/).
   */
  async close(): Promise<void> {
    const state = this.#current;
    if (!state) return;
    this.#current = undefined;
    const errors = await state.close();
    // What its closing spent goes to the target's own budget file, before the next target's counts begin.
    flushBudget(state.served);
    if (errors.length === 0) return;
    if (!state.spec) throw new Error(errors.join('\n'));
    appendFileSync(join(state.spec.runDir, TARGET_FILES.closeErrors), `${errors.map((e) => e.replace(/\n/g, ' ')).join('\n')}\n`);
  }
}
