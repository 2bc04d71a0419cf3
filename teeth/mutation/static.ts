/**
 * The references of a mutation batch (teeth/reference-host.ts's ReferenceHost): one teeth
 * host forked from the instrumented copy for every mutant switched per reference, and a
 * host of its own for each `static` mutant (code run at import, e.g. a module's
 * constant): TEETH_STATIC_MUTANT makes it active in the whole process, import included.
 * When they stop, the static hosts' reports are merged into the main one.
 *
 * A mutant whose reference does not start (it breaks the start-up) is no verdict on the
 * checks: its start error is kept (`startErrors` of the report: a RuntimeError) and its
 * job gets a port nothing listens on, so its checks end at once.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { HostMutationReport } from '../../reference/teeth-host.js';
import { type ReferenceHost, startHost } from '../reference-host.js';
import { readJsonFile } from './files.js';

/** The host's report, with the references that did not start. */
export type MutationHostReport = HostMutationReport & { startErrors?: Record<string, string> };

/** A loopback port nothing listens on (taken from the system, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startMutationHost(logPath: string, tree: string, reportFile: string): Promise<ReferenceHost> {
  const main = await startHost(logPath, { root: tree, env: { TEETH_MUTATION_REPORT: reportFile } });
  const own: { host: ReferenceHost; report: string }[] = [];
  const startErrors: Record<string, string> = {};
  const startOn = async (spec: Parameters<ReferenceHost['start']>[0]): Promise<number> => {
    if (!spec.mutation?.static || !spec.mutation.mutant) return main.start(spec);
    const report = `${reportFile}.${spec.mutation.mutant}`;
    const host = await startHost(logPath, { root: tree, env: { TEETH_MUTATION_REPORT: report, TEETH_STATIC_MUTANT: spec.mutation.mutant } });
    own.push({ host, report });
    return host.start(spec);
  };
  return {
    pid: main.pid,
    async start(spec) {
      try {
        return await startOn(spec);
      } catch (err) {
        if (!spec.mutation?.mutant) throw err;
        startErrors[spec.mutation.key] = err instanceof Error ? err.message : String(err);
        return closedPort();
      }
    },
    async stop() {
      await Promise.all([main.stop(), ...own.map((o) => o.host.stop())]);
      const merged: MutationHostReport = readJsonFile<HostMutationReport>(reportFile) ?? { coverage: { static: {}, perTest: {} }, references: {} };
      for (const o of own) Object.assign(merged.references, readJsonFile<HostMutationReport>(o.report)?.references ?? {});
      merged.startErrors = startErrors;
      writeFileSync(reportFile, JSON.stringify(merged));
    },
  };
}
