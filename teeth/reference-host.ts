/**
 * The matrix's side of reference/teeth-host.ts: forks the host (one process, its
 * references on ports of their own), asks it for references and stops it. Every
 * wait is bounded; stop() always ends the process, by SIGKILL if it must. And the
 * settings that make one of its references the checks' target (targetEnv).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_CLIENT_ID, REFERENCE_REDIRECT_URI, referenceAddresses, referenceCredentials } from '../reference/config.js';
import type { HostReply, HostRequest, MutationSpec } from '../reference/teeth-host.js';
import { childEnv } from '../settings/run-context.js';
import { ROOT } from './paths.js';

export interface ReferenceSpec {
  defect?: string;
  variants?: string[];
  evasions?: string[];
  /** A drawn server's freedoms, as REFERENCE_FREEDOMS reads them (`name=value,…`; teeth/draw-defects.ts). */
  freedoms?: string;
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

/**
 * How the checks reach a job's reference:
 *  - embedded: exactly as a run against the embedded reference (SC_BASE_URL unset; REFERENCE_PORT
 *    names the port, every target setting and default derives from it as in any embedded run);
 *  - remote: as a remote target with no control API (SC_BASE_URL, SC_AUTH_URL, the reference's
 *    client and accounts; no SC_CONTROL_URL): the real service's configuration.
 */
export type TargetMode = 'embedded' | 'remote';

/** Every setting a target mode sets; the other mode's are removed (null), so a worker never mixes them. */
const TARGET_SETTINGS = ['REFERENCE_PORT', 'SC_BASE_URL', 'SC_AUTH_URL', 'SC_CLIENT_ID', 'SC_CLIENT_SECRET', 'SC_REDIRECT_URI', 'SC_ACCOUNTS', 'SC_CONTROL_URL', 'SC_CONTROL_TOKEN', 'SC_RATE_LIMIT'];

/** The settings that point a job's checks at the reference on `port` (null: unset). */
export function targetEnv(mode: TargetMode, port: number): Record<string, string | null> {
  const set = mode === 'embedded' ? { REFERENCE_PORT: String(port) } : remoteEnv(port);
  return { ...Object.fromEntries(TARGET_SETTINGS.map((k) => [k, null])), ...set };
}

function remoteEnv(port: number): Record<string, string> {
  const at = referenceAddresses(port);
  const reference = referenceCredentials({});
  return {
    SC_BASE_URL: at.baseUrl,
    SC_AUTH_URL: at.authUrl,
    SC_CLIENT_ID: REFERENCE_CLIENT_ID,
    SC_CLIENT_SECRET: reference.clientSecret,
    SC_REDIRECT_URI: REFERENCE_REDIRECT_URI,
    SC_ACCOUNTS: JSON.stringify(reference.accounts),
    // The reference has no rate limit (no throttle-36 variant here): pacing would only slow the run.
    SC_RATE_LIMIT: 'off',
  };
}
