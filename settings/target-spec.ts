/**
 * A target other than the process's own: what a test's `target` option holds
 * (fixtures/target.ts). Undefined there means "this process's target" (the
 * settings read once from the environment, settings/settings.ts readCurrentSettings).
 * A TargetSpec describes another target completely: the kill matrix gives each
 * of its jobs one (teeth/batch/), so one worker serves several references in turn.
 */
import { childEnv, preflightAbsent } from './run-context.js';
import { loadSettings, type Settings } from './settings.js';

export interface TargetSpec {
  /** Names the target: a test with another key makes the worker close the previous target's state. */
  key: string;
  /** The settings that differ from the process's environment (SC_…, REFERENCE_PORT); null: unset. */
  env: Record<string, string | null>;
  /** The target's run folder (account lease locks, target health), as global setup makes one per run. */
  runDir: string;
}

/** Files the worker leaves in a TargetSpec's run folder, read by the kill matrix's batch (teeth/batch/run-batch.ts). */
export const TARGET_FILES = {
  /** The errors of the target's state when closed (a fixture's teardown), one per line. */
  closeErrors: 'target-close-errors',
  /** The pid of each worker that served the target, one per line: a worker's ordinal among them picks its accounts. */
  workers: 'target-workers',
  /** Written when a check of the target failed (teeth-job bail: mutation testing needs one killer). */
  failed: 'target-failed',
} as const;

/** The skip reason of a check after its kill-matrix job's first failure (fixtures/teeth-job.ts bail; teeth/mutation/ reads it). */
export const BAILED = 'teeth: skipped, a check of this job already failed';

/**
 * The settings of a TargetSpec: this process's environment with the spec's settings applied (null unsets),
 * read and validated as the process's own are; throws the SettingsError of every mistake.
 */
export function targetSettings(spec: TargetSpec): Settings {
  return loadSettings(childEnv(spec.env), preflightAbsent());
}
