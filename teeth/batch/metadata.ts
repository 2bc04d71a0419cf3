/**
 * What the batch config hands the shim (teeth/batch/config.ts → shim.ts), and the files the shim
 * leaves in a job's run folder for the batch to read: names only, so that neither the config nor
 * the matrix loads the shim.
 */

/** Project metadata key: the folder of the wrapper files (a check's job is its wrapper's folder in it). */
export const WRAPPERS = 'teethWrappers';
/** Project metadata key: true to keep the worker after a failed check. */
export const KEEP_WORKER = 'teethKeepWorker';
/** The file in a job's run folder that holds the errors of its fixtures' teardown, one per line. */
export const TEARDOWN_ERRORS = 'teeth-teardown-errors';
/** The file in a job's run folder that lists the pid of each worker that served the job, one per line. */
export const WORKERS_FILE = 'teeth-workers';
