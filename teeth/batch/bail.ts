/** Mutation testing's bail (teeth/batch/shim.ts): after a job's first failed check, its later checks are skipped. */

/** Project metadata key: true to skip a job's checks after its first failed one. */
export const BAIL = 'teethBail';
/** The skip reason of a check after its job's first failure. */
export const BAILED = 'teeth: skipped, a check of this job already failed';
