/**
 * The matrix's side of reference/teeth-host.ts: forks the host (one process, its
 * references on ports of their own), asks it for references and stops it. Every
 * wait is bounded; stop() always ends the process, by SIGKILL if it must.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { HostReply, HostRequest, MutationSpec } from '../../reference/teeth-host.js';
import { childEnv } from '../../settings/run-context.js';
import { ROOT } from '../paths.js';

export interface ReferenceSpec {
  defect?: string;
  variants?: string[];
  evasions?: string[];
  /** Mutation testing only: the reference's mutant (teeth/mutation/; the host must run the instrumented copy). */
  mutation?: MutationSpec;
}

export interface HostOptions {
  /** The tree whose reference/teeth-host.ts is forked (default: the project; mutation: the instrumented copy). */
  root?: string;
  /** Settings of the host beyond the filtered environment (mutation: TEETH_MUTATION_REPORT). */
  env?: Record<string, string>;
}

export interface ReferenceHost {
  /** A fresh reference with these switches; resolves to the port it listens on (127.0.0.1). */
  start(spec: ReferenceSpec): Promise<number>;
  /** Stops every reference and the host. */
  stop(): Promise<void>;
  pid: number | undefined;
}

const REPLY_MS = 15_000;

/** Starts the host; its output goes to `logPath`. */
export async function startHost(logPath: string, options: HostOptions = {}): Promise<ReferenceHost> {
  const log = openSync(logPath, 'a');
  const child: ChildProcess = fork(join(options.root ?? ROOT, 'reference', 'teeth-host.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    // The references read none of the matrix's settings: their options are the defaults, as a fresh `npm run reference`.
    env: { ...childEnv({}, [/^SC_/, /^REFERENCE_/, /^FC_SEED$/, /^TEETH_MUTATION/]), ...options.env },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  let next = 1;
  const waiting = new Map<number, (reply: HostReply) => void>();
  child.on('message', (reply: HostReply) => waiting.get(reply.id)?.(reply));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    for (const [id, answer] of waiting) answer({ id, error: 'the reference host exited' });
  });

  const ask = (request: Omit<HostRequest, 'id'>): Promise<HostReply> =>
    new Promise((resolve) => {
      const id = next++;
      const timer = setTimeout(() => done({ id, error: `the reference host gave no answer within ${REPLY_MS / 1000} s` }), REPLY_MS);
      const done = (reply: HostReply) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(reply);
      };
      waiting.set(id, done);
      if (!child.connected) done({ id, error: 'the reference host is not running' });
      else child.send({ id, ...request } as HostRequest);
    });

  return {
    pid: child.pid,
    async start(spec) {
      const reply = await ask({ start: spec });
      if (reply.error || !reply.port) throw new Error(`reference ${JSON.stringify(spec)} did not start: ${reply.error ?? 'no port'} (log: ${logPath})`);
      return reply.port;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing the channel stops the references and the host; SIGKILL if it has not gone within 5 s.
      if (child.connected) child.disconnect();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
