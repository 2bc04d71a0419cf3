/**
 * The target this process serves now, and what the transport keeps of it: its
 * settings, its run folder, the run's health (transport/target-request.ts) and the
 * local pacing schedule (transport/pace-permit.ts). One object per target, never
 * module memos a change of target would have to forget.
 *
 * The `targets` worker fixture (transport/target-registry.ts) opens a ServedTarget for
 * the target of the test it runs and makes it the served one; a worker of the kill
 * matrix's lanes serves several targets one after another, so each new one starts
 * with a closed circuit and an empty schedule. Outside fixtures (the runner, the
 * project's own tests) the served target is the process's own, read from its
 * environment (settings/settings.ts readCurrentSettings, re-read after forgetCurrentSettings).
 */
import { handedOff } from '../settings/run-context.js';
import { readCurrentSettings, type Settings } from '../settings/settings.js';
import { PaceSchedule } from './pacing-window.js';
import type { TargetHealth } from './target-health.js';

export interface ServedTarget {
  readonly settings: Settings;
  /** The target's run folder (leases, health); undefined outside a conformance run. */
  readonly runDir: string | undefined;
  /** The run's health, made on first use (transport/target-request.ts runHealth). */
  health: TargetHealth | undefined;
  /** The pacing schedule of a worker with no suite server (transport/pace-permit.ts). */
  schedule: PaceSchedule;
}

/** A target other than the process's own: fixed settings and run folder. */
export function servedTarget(settings: Settings, runDir: string | undefined): ServedTarget {
  return { settings, runDir, health: undefined, schedule: new PaceSchedule() };
}

/** The process's own target: its settings and hand-offs read when asked (tests change them). */
const own: ServedTarget = {
  get settings() {
    return readCurrentSettings().settings;
  },
  get runDir() {
    return handedOff().runDir;
  },
  health: undefined,
  schedule: new PaceSchedule(),
};

let current: ServedTarget = own;

/** The target served now. */
export const served = (): ServedTarget => current;

/** Serves `target` from now on (undefined: the process's own). */
export function serve(target: ServedTarget | undefined): void {
  current = target ?? own;
}
