/**
 * Requests to the target through the run's health (transport/target-health.ts): the
 * target's one TargetHealth (each ServedTarget holds its own, made on first use), refused at once when the run is broken or the
 * operation is remembered as failing, else sent and its outcome recorded.
 */
import { resolve } from 'node:path';
import { HttpError, type HttpRequest, type HttpResponse, httpRequest } from '../lib/http.js';
import { mask } from '../lib/secrets.js';
import { recordRunStop } from '../results/run-artifacts.js';
import { environment, handedOff, runId } from '../settings/run-context.js';
import type { ServedTarget } from './served-target.js';
import { TargetHealth } from './target-health.js';
import { probeReachable } from './target-probe.js';

/** Raised instead of sending a request once the run is broken. */
export class RunBroken extends Error {
  constructor(readonly line: string) {
    super(`not sent: the run is broken: ${line}`);
    this.name = 'RunBroken';
  }
}

/** The target's health (transport/served-target.ts): shared through its run folder inside a conformance worker, off elsewhere. */
export function runHealth(target: ServedTarget): TargetHealth {
  if (!target.health) {
    const dir = target.runDir;
    // A Playwright worker is forked with IPC; the runner is not (and may inherit TEST_WORKER_INDEX when a test started it).
    const inWorker = typeof process.send === 'function' && environment.playwrightWorker();
    const settings = target.settings;
    const targets: Record<string, string> = { api: settings.baseUrl, auth: settings.authUrl };
    const started = Number(handedOff().runStarted);
    target.health = new TargetHealth({
      dir,
      enabled: !!dir && inWorker && settings.run.targetHealth,
      targets,
      runStartedMs: Number.isFinite(started) && started > 0 ? started : undefined,
      probe: (service) => probeReachable(targets[service] ?? settings.baseUrl, settings.requestTimeoutMs),
      // The run stops now, as on Ctrl-C: the runner ends the checks in flight and reports the rest as not run. The line
      // goes first to the run-stop file, which whoever ends the run reads (results/run-artifacts.ts).
      onBreak: (line) => {
        recordRunStop(resolve(settings.run.reports), { t: 'broken', runId: runId(), line });
        try {
          process.kill(process.ppid, 'SIGINT');
        } catch {
          // the runner is gone already
        }
      },
    });
  }
  return target.health;
}

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
 * else sent, and the outcome recorded. `health` is the target's (runHealth of the
 * ServedTarget the caller was handed). `op` names the operation (a path
 * template for the API: `GET /items/{itemId}`); `service` is 'api' or 'auth'
 * (each has its own circuit).
 */
export async function targetRequest(op: string, req: HttpRequest, health: TargetHealth, service: 'api' | 'auth' = 'api'): Promise<HttpResponse> {
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
    if (line) {
      console.error(`conformance: the run is broken: ${line}`);
      onBroken?.(line);
      throw new RunBroken(line);
    }
    throw error;
  }
  let res: HttpResponse;
  try {
    res = await httpRequest(req);
  } catch (error) {
    if (!(error instanceof HttpError) || !health.enabled) throw error;
    await judgeFailure(op, error, health, service);
    throw error;
  }
  health.answered(op, service);
  return res;
}

/**
 * A transport failure of a sent request: is it the operation's, or was the target gone? The reachability probe
 * (transport/target-probe.ts) decides first: no status line from the service's base address either, and the run is
 * broken. A run broken by now (by this failure, the circuit, or another worker) charges no rule for it: RunBroken,
 * the check is not exercised. Else it returns, and the caller charges the failure to the operation's rule.
 */
async function judgeFailure(op: string, error: HttpError, health: TargetHealth, service: 'api' | 'auth'): Promise<void> {
  const probe = health.brokenLine() === undefined ? await health.probe?.(service) : undefined;
  const line = probe && !probe.answered ? health.gone(op, error, service, probe) : health.failed(op, error, service);
  if (line) console.error(`conformance: the run is broken: ${line}`);
  const broken = health.brokenLine();
  if (broken === undefined) return;
  onBroken?.(broken);
  throw new RunBroken(broken);
}
