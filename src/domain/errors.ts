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
  /**
   * Why the field is wrong, as a stable snake_case word (`too_long`, `empty`, `too_many` …, see ERROR_REASONS):
   * a client writes its own message from code, field and reason in its own language (the explorer does).
   */
  reason?: ErrorReason;
  /** The numbers or values the reason speaks of (`{ max: 400 }`, `{ earliest: "2026-09-28" }`). */
  params?: Readonly<Record<string, string | number>>;
  /**
   * The WWW-Authenticate challenge of an UNAUTHENTICATED error when it is more than `Bearer` (with OAuth on:
   * `Bearer resource_metadata="…"`, RFC 9728 §5.1).
   */
  challenge?: string;
  cause?: unknown;
}

/** Stable reasons of INVALID_FIELD, beside its field: what a client's own message catalogue is keyed by. */
export const ERROR_REASONS = [
  'empty',
  'too_long',
  'too_many',
  'control_character',
  'invisible_only',
  'lone_surrogate',
  'operator',
  'wrong_type',
  'unknown_value',
  'out_of_range',
  'invalid_date',
  'date_order',
  'too_early',
  'no_completed_period',
  'unknown_region',
  'too_deep',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** An expected failure with a stable code; anything else reaching a face is an internal error. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly allow: string | undefined;
  readonly reason: ErrorReason | undefined;
  readonly params: Readonly<Record<string, string | number>> | undefined;
  readonly challenge: string | undefined;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.reason = options.reason;
    this.params = options.params;
    this.challenge = options.challenge;
  }
}

/** Shorthand for the most common error: one request field is wrong (and, when known, why, with its numbers). */
export function invalidField(field: string, message: string, reason?: ErrorReason, params?: Record<string, string | number>): DomainError {
  return new DomainError('INVALID_FIELD', message, { field, ...(reason ? { reason } : {}), ...(params ? { params } : {}) });
}

/** Normalises anything thrown into a DomainError (unknown errors become INTERNAL, message hidden). */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError('INTERNAL', 'Internal error', { cause: error });
}
