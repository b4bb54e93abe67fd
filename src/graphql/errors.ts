import { GraphQLError } from 'graphql';
import { DomainError, type ErrorCode } from '../domain/errors.js';
import { errorHeaders } from '../http/error-headers.js';

const GRAPHQL_CODE: Partial<Record<ErrorCode, string>> = {
  INVALID_FIELD: 'BAD_USER_INPUT',
  INVALID_JSON: 'BAD_USER_INPUT',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** A DomainError as a GraphQL error: `extensions.code`, `extensions.http.status`, and the field at fault. */
export function domainToGraphQLError(error: DomainError, path?: readonly (string | number)[]): GraphQLError {
  const headers = errorHeaders(error);
  return new GraphQLError(error.message, {
    path,
    extensions: {
      code: GRAPHQL_CODE[error.code] ?? error.code,
      http: { status: error.status, ...(Object.keys(headers).length > 0 ? { headers } : {}) },
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.reason === undefined ? {} : { reason: error.reason }),
      ...(error.params === undefined ? {} : { params: error.params }),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfter: Math.ceil(error.retryAfterSeconds) }),
    },
  });
}

// Yoga may load graphql's CommonJS build while we load its ESM build: recognise errors by shape, not class.
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/**
 * Yoga's error mask: domain errors are shown with their stable code; GraphQL's own errors (syntax, validation)
 * pass through; anything else is hidden behind INTERNAL_SERVER_ERROR.
 */
export function maskError(error: unknown, message: string): Error {
  const original = isGraphQLError(error) ? error.originalError : error;
  const path = isGraphQLError(error) ? error.path : undefined;
  if (original instanceof DomainError) return domainToGraphQLError(original, path);
  if (isGraphQLError(error) && (!original || isGraphQLError(original))) {
    // GraphQL's own request errors mostly come coded (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED,
    // BAD_USER_INPUT), but not all: the executor refuses an operation type the schema lacks (a mutation) with a
    // bare error. Clients rely on extensions.code, so such an error — the request's fault — gets BAD_USER_INPUT.
    if (typeof error.extensions?.code === 'string') return keepServiceStatus(error);
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path,
      originalError: error.originalError,
      extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
    });
  }
  return new GraphQLError(message, { path, extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } } });
}

/** Codes GraphQL itself gives (their status may follow the Accept header, as the GraphQL-over-HTTP spec says). */
const SPEC_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED']);

/**
 * Yoga marks every error thrown while parsing as a spec error (`http.spec`), answered 200 to an
 * `application/json` client. A refusal the service coded itself (QUERY_TOO_COMPLEX from the parser's token
 * limit) is a 400 whatever the client accepts.
 */
function keepServiceStatus(error: GraphQLError): GraphQLError {
  const http = error.extensions.http as { spec?: boolean; status?: number } | undefined;
  if (!http?.spec || SPEC_CODES.has(error.extensions.code as string)) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, http: { ...http, spec: false } },
  });
}
