import { writeFileSync } from 'node:fs';
import { optionsFromEnv, type ReferenceOptions, referenceDebug, teethMutationHandOff } from './config.js';
import { coverage, type MutantCoverage, type MutantState, newMutantState, runAsReference } from './mutant-switch.js';
import { type RunningReference, startReference } from './server.js';

/**
 * Teeth only: many references in one process, each a fresh server on a port of
 * its own, for the kill matrix's batch runs (teeth/batch/): one reference per
 * defect (or variant, evasion) instead of one process each, so the matrix pays
 * a reference's start-up once. Every reference is built by startReference, the
 * same function `npm run reference` uses, with a fresh state: nothing is
 * switched or reset, a defect never meets another's accounts, items or buses.
 *
 * It is driven over the IPC channel of the process that forked it
 * (teeth/reference-host.ts) and has no endpoint of its own: a normal run never
 * starts it, and nothing of it listens but the references it was asked for.
 *
 *   → { id, start: { defect?, variants?, evasions?, freedoms?, mutation? } }   ← { id, port } | { id, error }
 *   → { id, stop: port }                                             ← { id }
 * The references stop with the channel (the matrix ended or died). `freedoms` is a drawn server
 * (REFERENCE_FREEDOMS, reference/freedoms.ts; teeth/draw-defects.ts): its switches join `variants`, its
 * settings (a page size, lifetimes, a retry schedule) are the reference's, as `npm run reference` reads them.
 *
 * Mutation testing (teeth/mutation/) forks the host from a copy of reference/ whose
 * instrumented files hold Stryker's mutants; `mutation` builds a reference with one
 * mutant active in it, or none (the dry run, its coverage recorded), through
 * reference/mutant-switch.ts. When the host ends, each such reference's coverage and
 * hit-limit flag are written to TEETH_MUTATION_REPORT (a JSON file), by its key.
 */

/** A reference of a mutation run: its key in the host's report, and its mutant (none: clean, coverage recorded). */
export interface MutationSpec {
  key: string;
  mutant?: string;
  /** The mutant runs at import: its reference needs a host of its own (teeth/mutation/static.ts; not read here). */
  static?: boolean;
}

export type HostRequest =
  | { id: number; start: Pick<ReferenceOptions, 'defect' | 'variants' | 'evasions'> & { freedoms?: string; mutation?: MutationSpec } }
  | { id: number; stop: number };

/** TEETH_MUTATION_REPORT: the instrumentation's coverage (reference/mutant-switch.ts), and each mutation reference's state. */
export interface HostMutationReport {
  coverage: MutantCoverage;
  references: Record<string, MutantState>;
}
export type HostReply = { id: number; port?: number; error?: string };

const send = process.send?.bind(process);
if (!send) {
  console.error('reference/teeth-host.ts is started by the kill matrix only (it needs an IPC channel)');
  process.exit(2);
}

const running = new Map<number, RunningReference>();
const mutationStates: Record<string, MutantState> = {};

async function serve(request: HostRequest): Promise<HostReply> {
  if ('stop' in request) {
    await running.get(request.stop)?.close();
    running.delete(request.stop);
    return { id: request.id };
  }
  const { defect, variants = [], evasions = [], freedoms, mutation } = request.start;
  const drawn = freedoms ? optionsFromEnv({ REFERENCE_FREEDOMS: freedoms }) : undefined;
  const start = () => startReference({ ...drawn, port: 0, defect, variants: [...(drawn?.variants ?? []), ...variants], evasions });
  let reference: RunningReference;
  if (mutation) {
    mutationStates[mutation.key] = newMutantState(mutation.key, mutation.mutant);
    reference = await runAsReference(mutationStates[mutation.key], start);
  } else reference = await start();
  const port = Number(new URL(reference.baseUrl).port);
  running.set(port, reference);
  return { id: request.id, port };
}

process.on('message', (request: HostRequest) => {
  serve(request).then(
    (reply) => send?.(reply),
    (err: unknown) => send?.({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

process.on('disconnect', () => {
  const reportFile = teethMutationHandOff().reportFile;
  if (reportFile) writeFileSync(reportFile, JSON.stringify({ coverage, references: mutationStates } satisfies HostMutationReport));
  void Promise.all([...running.values()].map((r) => r.close())).then(() => process.exit(0));
  // Never hang on the way out.
  setTimeout(() => process.exit(0), 3000).unref();
});

// As reference/main.ts: a stray exception in one reference's timer must not take the others down.
process.on('uncaughtException', (err) => {
  const detail = referenceDebug() ? ` ${err.stack}` : ' (REFERENCE_DEBUG=1 shows the stack)';
  console.error(`reference host: uncaught ${err.name}${detail}`);
});
