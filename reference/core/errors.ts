import type { ErrorCode } from '../../schemas/types.js';

/**
 * Codes the reference answers where the spec shows none of its twelve
 * (schemas/error-code.schema.json): a path or method it does not route, the
 * control API's own bearer, an unknown account of the identity provider's test
 * hooks, a client transaction_id already in use, and the 429 of the throttle
 * variant. The error body allows any code (schemas/error.schema.json); these are
 * the only ones ApiError answers outside the spec's set.
 */
export type ReferenceOnlyErrorCode =
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'UNAUTHORIZED'
  | 'UNKNOWN_ACCOUNT'
  | 'TRANSACTION_ID_IN_USE'
  | 'TOO_MANY_REQUESTS';

export type ApiErrorCode = ErrorCode | ReferenceOnlyErrorCode;

/**
 * One error type for the whole reference API: every refusal is a status and a
 * spec error body `{code, message}` (the spec's "Errors" section).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }

  body(): { code: ApiErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** The OAuth error shape answered by `{auth_url}/token` (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
