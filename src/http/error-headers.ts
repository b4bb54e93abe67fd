import type { DomainError } from '../domain/errors.js';

/**
 * The headers a domain error carries beyond its body, the same on every face (REST, GraphQL, MCP over HTTP):
 * Retry-After (whole seconds, at least 1), WWW-Authenticate for a missing key, Allow for a wrong method.
 */
export function errorHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (error.code === 'UNAUTHENTICATED') headers['www-authenticate'] = error.challenge ?? 'Bearer';
  if (error.code === 'METHOD_NOT_ALLOWED') headers.allow = error.allow ?? 'POST';
  return headers;
}
