/**
 * Names of the registered checks (judging/response-checks.ts), kept apart so that
 * settings.ts can validate SC_DISABLE_CHECKS without loading the checks.
 */
export const RESPONSE_CHECK_NAMES = [
  'not-a-server-error',
  'error-body-shape',
  'response-schema',
  'documented-success-status',
  'json-content-type',
] as const;

export type ResponseCheckName = (typeof RESPONSE_CHECK_NAMES)[number];
