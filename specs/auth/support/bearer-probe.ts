/**
 * What every bearer probe shares: the two ways of calling without a valid
 * bearer (none, or a well-formed token the provider never issued), the rules
 * each judges (`idsFor`, the one place they are named), and the judgement of a
 * refusal against its control, the same request with a valid token
 * (specs/shared/bearer-control.ts): any 4xx, once the control tells the
 * refusal to be the bearer's; else not exercised, with its code. An answer
 * served without a valid bearer fails whatever a control would say.
 */
import { type ApiResponse, bogusToken, expectStatus, partKey, recordNotExercised, type ResponseCheckName, skipUnjudged, soft } from '../../../fixtures/index.js';
import type { Operation } from '../../../schemas/operations.js';
import { bearerRefusalUnproven } from '../../shared/bearer-control.js';

/** A request of a probe: the one without a valid bearer and its control are the same request. */
export interface ProbeRequest {
  method: Operation['method'];
  path: string;
  body?: unknown;
}

/**
 * The rules a probe of the operation judges, as part keys: every operation is a part of GEN-AUTH-1 and GEN-AUTH-2
 * (catalog `parts`), so a rule passes only when every operation was probed. TX-AUTH-1 speaks of calls without a
 * bearer: its part is the probe without one; the bogus bearer's probe of a transactions operation names it whole,
 * for a failure only (a bare pass of a rule of several parts judges no part).
 */
export function idsFor(base: string, op: Operation): string[] {
  const part = `${op.method} ${op.path}`;
  if (op.group !== 'transactions') return [partKey(base, part)];
  return [partKey(base, part), base === 'GEN-AUTH-1' ? partKey('TX-AUTH-1', part) : 'TX-AUTH-1'];
}

/** The two ways of calling without a valid bearer: `bearer` is the header's token, null for no Authorization header. */
export const WITHOUT_VALID_BEARER = [
  { base: 'GEN-AUTH-1', what: 'without a bearer', bearer: (): string | null => null },
  { base: 'GEN-AUTH-2', what: 'with a bogus bearer', bearer: (): string | null => bogusToken() },
] as const;

/** A hook url no test listens on: the probes' webhooks subscribe it for an event nothing provokes, so nothing is sent. */
export const NEVER_HOOK = 'http://127.0.0.1:9/hooks/never';

/** A control is a probe only: the registered checks judge these operations in their own checks, not here. */
export const UNJUDGED_PROBE: { skipChecks: ResponseCheckName[] } = {
  skipChecks: ['not-a-server-error', 'response-schema', 'documented-success-status', 'error-body-shape', 'json-content-type'],
};

/** The request sent without a valid bearer (`bearer`: null for none, or a bogus token). */
export const withoutBearer = (call: ProbeRequest, bearer: string | null) => ({ ...call, ...(bearer === null ? {} : { bearer }), skipChecks: ['not-a-server-error' as const] });

/** The whole check's one refusal: any 4xx once its control tells it to be the bearer's, else the check is not exercised. */
export async function expectBearerRefused(control: ApiResponse, refused: ApiResponse, requirements: string[], title: string): Promise<void> {
  const unproven = bearerRefusalUnproven(refused, control, title);
  if (unproven !== undefined) {
    // Said of the operation's own parts, so the rule names this operation among those left unjudged.
    recordNotExercised(requirements, unproven);
    skipUnjudged(unproven);
  }
  await expectStatus(refused, '4xx', requirements, title);
}

/** One refusal of several in a check: judged softly, or its rules recorded not exercised, the check going on. */
export async function judgeRefusalSoftly(control: ApiResponse, refused: ApiResponse, requirements: string[], title: string): Promise<void> {
  const unproven = bearerRefusalUnproven(refused, control, title);
  if (unproven !== undefined) recordNotExercised(requirements, unproven);
  else await soft.expectStatus(refused, '4xx', requirements, title);
}
