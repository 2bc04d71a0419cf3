/**
 * One error type for the whole reference API: every refusal is a status and a
 * spec error body `{code, message}` (the spec's "Errors" section).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  body(): { code: string; message: string } {
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
