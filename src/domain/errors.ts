/** Stable error codes: one taxonomy, presented by each face in its own shape. */
export const ERROR_STATUS = {
  INVALID_FIELD: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The request's body did not arrive within REQUEST_TIMEOUT. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The client went away before its request was read (nginx's 499): counted, never logged as an error. */
  CLIENT_CLOSED_REQUEST: 499,
  QUERY_TOO_COMPLEX: 400,
  /** The client itself tried too often (wrong admin tokens), not the source. */
  TOO_MANY_REQUESTS: 429,
  SOURCE_QUOTA_EXHAUSTED: 403,
  SOURCE_RATE_LIMITED: 429,
  SOURCE_UNAVAILABLE: 503,
  SOURCE_FAILED: 500,
  /** A dependency of the service itself (key store) is unreachable. */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface DomainErrorOptions {
  /** The request field at fault, e.g. `numPhrases` or `keywords[3]`. */
  field?: string;
  /** Seconds after which a retry may succeed (429, 503, 403 quota). */
  retryAfterSeconds?: number;
  /** For METHOD_NOT_ALLOWED: the method the route takes. */
  allow?: string;
  cause?: unknown;
}

/** An expected failure with a stable code; anything else reaching a face is an internal error. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly allow: string | undefined;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
  }
}

/** Shorthand for the most common error: one request field is wrong. */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError('INVALID_FIELD', message, { field });
}

/** Normalises anything thrown into a DomainError (unknown errors become INTERNAL, message hidden). */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError('INTERNAL', 'Internal error', { cause: error });
}
