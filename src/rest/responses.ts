// Yoga's own Response class (the one its server adapter writes natively): a string body goes to the socket in
// one write. The global (undici) Response would hand node:http a web stream to pump, at twice the cost of a hit.
import { Response } from '@whatwg-node/fetch';
import { DomainError } from '../domain/errors.js';
import { presentProblem } from './problem.js';
import type { Family } from './routes.js';
import { type EnvelopeRequest, presentEnvelopeError } from './v1/envelope.js';

/** A JSON response with the given status and extra headers. */
export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}, contentType = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, ...headers } });
}

/** Headers an error carries beyond its body: Retry-After, WWW-Authenticate, Allow. */
function errorHeaders(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (error.code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
  if (error.code === 'METHOD_NOT_ALLOWED') headers.allow = error.allow ?? 'POST';
  return headers;
}

/**
 * The family's error response for a domain error: /v1 envelope or /v2 problem+json. `cost` is what the failed
 * request is billed (0 unless it fetched answers upstream before failing: the one pricing rule, billing.ts).
 */
export function errorResponse(family: Family, error: DomainError, request: EnvelopeRequest, cost = 0): Response {
  const headers = { ...errorHeaders(error), 'x-cost': String(cost) };
  if (family === 'v1') return jsonResponse(presentEnvelopeError(request, error, cost), error.status, headers);
  return jsonResponse(presentProblem(error), error.status, headers, 'application/problem+json');
}

/** The family a path belongs to, or undefined for paths outside both REST families. */
export function familyOf(pathname: string): Family | undefined {
  if (pathname === '/v1' || pathname.startsWith('/v1/')) return 'v1';
  if (pathname === '/v2' || pathname.startsWith('/v2/')) return 'v2';
  return undefined;
}

export { DomainError };
