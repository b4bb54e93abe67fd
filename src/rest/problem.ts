import type { DomainError } from '../domain/errors.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** RFC 9457 problem details body of the native (/v2) family. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  field?: string;
  /** Why the field is wrong (a stable word) and the numbers it speaks of: for a client's own message. */
  reason?: string;
  params?: Readonly<Record<string, string | number>>;
}

/** The /v2 error body for a domain error. */
export function presentProblem(error: DomainError): ProblemBody {
  return {
    type: `/problems/${error.code.toLowerCase().replaceAll("_", "-")}`,
    title: TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.params === undefined ? {} : { params: error.params }),
  };
}
