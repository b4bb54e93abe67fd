import type { ErrorCode } from '../domain/errors.js';

/** 5-digit task status codes: 40000–40999 client errors, 50000+ server side. */
const TASK_STATUS: Record<ErrorCode, number> = {
  INVALID_JSON: 40001,
  METHOD_NOT_ALLOWED: 40002,
  PAYLOAD_TOO_LARGE: 40003,
  UNSUPPORTED_MEDIA_TYPE: 40004,
  CLIENT_CLOSED_REQUEST: 49900,
  REQUEST_TIMEOUT: 40800,
  UNAUTHENTICATED: 40100,
  SOURCE_RATE_LIMITED: 40202,
  TOO_MANY_REQUESTS: 40209,
  SOURCE_QUOTA_EXHAUSTED: 40300,
  NOT_FOUND: 40400,
  INVALID_FIELD: 40501,
  QUERY_TOO_COMPLEX: 40502,
  SOURCE_FAILED: 50000,
  INTERNAL: 50000,
  SOURCE_UNAVAILABLE: 50300,
  SERVICE_UNAVAILABLE: 50301,
};

/** The 5-digit status of an error code. */
export function taskStatusCode(code: ErrorCode): number {
  return TASK_STATUS[code];
}
