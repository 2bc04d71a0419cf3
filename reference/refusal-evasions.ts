import type { Seam } from './seam.js';

/**
 * The refusal evasions (reference/evasions.ts 'refuse-401',
 * 'refuse-401-token-revoked', 'refuse-429'): a refusal answered in another
 * status, its body kept. Read by
 * the two places every refusal leaves through: the API mount's last look at a
 * reply (reference/mounts.ts) and the token endpoint (reference/oauth/token.ts).
 *
 * A 401 is never changed: the bearer check's own refusal (a missing or dead
 * token) and a failed client authentication stay what they are, so the rules
 * about them (GEN-AUTH-*, AUTH-CLIENT-*) keep passing and only the refusals of
 * valid requests' input are disguised.
 */
export interface EvadedRefusal {
  status: number;
  /** Headers the evasion adds (Retry-After for a 429); the caller adds its own WWW-Authenticate for a 401. */
  headers: Record<string, string>;
}

/** What an evasion answers instead of a refusal in `status`, or undefined when none applies. */
export function evadedRefusal(seam: Seam, status: number): EvadedRefusal | undefined {
  if (status < 400 || status > 499 || status === 401) return undefined;
  // The API mount also revokes the refused request's access token under the second (reference/mounts.ts).
  if (seam.evasion('refuse-401') || seam.evasion('refuse-401-token-revoked')) return { status: 401, headers: {} };
  if (seam.evasion('refuse-429')) return { status: 429, headers: { 'retry-after': '1' } };
  return undefined;
}
