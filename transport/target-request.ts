/**
 * Requests to the target through the run's health (transport/target-health.ts): the
 * run's one TargetHealth per process, refused at once when the run is broken or the
 * operation is remembered as failing, else sent and its outcome recorded.
 */
import { HttpError, type HttpRequest, type HttpResponse, httpRequest } from '../lib/http.js';
import { mask } from '../lib/secrets.js';
import { environment, handedOff, onTargetChange } from '../settings/run-context.js';
import { readCurrentSettings } from '../settings/settings.js';
import { TargetHealth } from './target-health.js';

/** Raised instead of sending a request once the run is broken. */
export class RunBroken extends Error {
  constructor(readonly line: string) {
    super(`not sent: the run is broken: ${line}`);
    this.name = 'RunBroken';
  }
}

let current: TargetHealth | undefined;

/** The run's health: shared through the run folder inside a conformance worker, off elsewhere. */
export function runHealth(): TargetHealth {
  if (!current) {
    const dir = handedOff().runDir;
    // A Playwright worker is forked with IPC; the runner is not (and may inherit TEST_WORKER_INDEX when a test started it).
    const inWorker = typeof process.send === 'function' && environment.playwrightWorker();
    current = new TargetHealth({
      dir,
      enabled: !!dir && inWorker && readCurrentSettings().settings.run.targetHealth,
      // The run stops now, as on Ctrl-C: the runner ends the checks in flight and reports the rest as not run.
      onBreak: () => {
        try {
          process.kill(process.ppid, 'SIGINT');
        } catch {
          // the runner is gone already
        }
      },
    });
  }
  return current;
}

/** Replaces the run's health (the project's own tests). */
export function setRunHealth(health: TargetHealth | undefined): void {
  current = health;
}
// Another target, another health (teeth/batch/shim.ts): its circuit starts closed.
onTargetChange(() => setRunHealth(undefined));

/**
 * Called when a request is refused because the run is broken, before RunBroken
 * is thrown: the API client sets it to skip the current check (Playwright).
 */
let onBroken: ((line: string) => void) | undefined;
export function setBrokenHandler(handler: ((line: string) => void) | undefined): void {
  onBroken = handler;
}

/** The key of an exchange for the health: method and path without query (`POST /oauth/token`). */
export function operationKey(method: string, url: string): string {
  try {
    return `${method} ${new URL(url).pathname}`;
  } catch {
    return `${method} ${url}`;
  }
}

/**
 * httpRequest through the run's health: refused at once when the run is broken
 * or the operation is remembered as failing (an HttpError with `remembered`),
 * else sent, and the outcome recorded. `op` names the operation (a path
 * template for the API: `GET /items/{itemId}`); `service` is 'api' or 'auth'
 * (each has its own circuit).
 */
export async function targetRequest(op: string, req: HttpRequest, health = runHealth(), service: 'api' | 'auth' = 'api'): Promise<HttpResponse> {
  const refusal = health.before(op);
  if (refusal?.kind === 'broken') {
    onBroken?.(refusal.line);
    throw new RunBroken(refusal.line);
  }
  if (refusal) {
    const times = refusal.count === 1 ? 'once' : `${refusal.count} times`;
    const error = new HttpError(`${req.method} ${mask(req.url)}: not sent: ${op} failed ${times} in a row earlier in this run; first: ${refusal.first}`, refusal.failure, {
      remembered: { count: refusal.count, first: refusal.first },
    });
    // Still a failure of the target as far as the run knows: it counts toward the circuit (an answer anywhere resets it).
    const line = health.failed(op, error, service);
    if (line) console.error(`conformance: the run is broken: ${line}`);
    throw error;
  }
  try {
    const res = await httpRequest(req);
    health.answered(op, service);
    return res;
  } catch (error) {
    if (error instanceof HttpError) {
      const line = health.failed(op, error, service);
      if (line) console.error(`conformance: the run is broken: ${line}`);
    }
    throw error;
  }
}
