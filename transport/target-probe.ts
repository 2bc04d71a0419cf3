/**
 * The reachability probe: before an exchange that got no answer is charged to a
 * rule, is the target still there at all? One `GET` of the service's own base
 * address (`SC_BASE_URL` for the API, `SC_AUTH_URL` for the identity provider),
 * no credentials, bounded by the request deadline.
 *
 * The target *answers* when a status line comes back, whatever the status (the
 * reference answers 401 at its base address, 404 at its identity provider's) and whether or not the body then ends:
 * a server that sends status lines is alive, and a body that does not end in
 * time is the failing operation's own fault, charged to its rule as before. No
 * status line (refused, reset, silence to the deadline): the target stopped
 * answering, and the failure that led here is the run's, not a rule's
 * (transport/target-request.ts).
 */
import { HttpError, httpRequest } from '../lib/http.js';
import { mask } from '../lib/secrets.js';

export interface ProbeResult {
  /** The address probed. */
  url: string;
  /** True when a status line came back. */
  answered: boolean;
  /** What came back, in a few words: "404", "connection refused", "no answer in time". */
  summary: string;
}

/** Probes `url`; never throws. */
export async function probeReachable(url: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    // No body kept: the first byte ends the probe (a dripping body does not hold it to the deadline).
    const res = await httpRequest({ method: 'GET', url, headers: { accept: '*/*' }, timeoutMs, maxBodyBytes: 0 });
    return { url: mask(url), answered: true, summary: String(res.status) };
  } catch (error) {
    if (error instanceof HttpError) return { url: mask(url), answered: error.status !== undefined, summary: error.summary };
    return { url: mask(url), answered: false, summary: (error as Error).message };
  }
}
