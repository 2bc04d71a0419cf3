/**
 * A target the suite sends to, and what the transport keeps of it: its settings, its
 * run folder, the run's health (transport/target-request.ts) and the local pacing
 * schedule (transport/pace-permit.ts). One object per target, never module memos a
 * change of target would have to forget.
 *
 * It is handed down, never looked up: the `targets` worker fixture (transport/target-registry.ts)
 * opens one for the target of the test it runs, and the fixtures hand it to the clients
 * (ApiClient, OAuthClient, the session pool, the cleanup), which hand it to every transport
 * call (TokenEndpoint.target, AuthorizeOptions.target, pacedApi, targetRequest's health). A
 * worker of the kill matrix's lanes serves several targets one after another: a straggling
 * call of the previous target still holds its own target, never the next one's state.
 *
 * `ownTarget()` is the process's own target, its settings read from its environment
 * (settings/settings.ts readCurrentSettings, re-read after forgetCurrentSettings): the one a
 * normal run's fixtures hand on, and the one code outside fixtures uses (global setup's
 * preflight, scripts, the project's own tests).
 */
import { type BudgetDelta, emptyBudgetDelta } from '../results/budget-files.js';
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
  /** What this worker spent at the target since its last flush (transport/spending.ts): each target's counts its own. */
  spending: BudgetDelta;
}

/** A target other than the process's own: fixed settings and run folder. */
export function servedTarget(settings: Settings, runDir: string | undefined): ServedTarget {
  return { settings, runDir, health: undefined, schedule: new PaceSchedule(), spending: emptyBudgetDelta() };
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
  spending: emptyBudgetDelta(),
};

/** The process's own target (see the module comment): never "the target served now". */
export const ownTarget = (): ServedTarget => own;
