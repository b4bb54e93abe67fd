import { DomainError } from '../domain/errors.js';
import { errorHeaders } from '../http/error-headers.js';
import { jsonReply, type Reply } from '../http/exchange.js';
import { presentProblem } from './problem.js';
import type { Family } from './routes.js';
import { type EnvelopeRequest, presentEnvelopeError } from './v1/envelope.js';

/** The /v2 (and system routes') problem+json answer for a domain error, with its headers. */
export function problemReply(error: DomainError, headers: Record<string, string> = {}): Reply {
  return jsonReply(presentProblem(error), error.status, { ...errorHeaders(error), ...headers }, 'application/problem+json');
}

/**
 * The family's error answer for a domain error: /v1 envelope or /v2 problem+json. `cost` is what the failed
 * request is billed (0 unless it fetched answers upstream before failing: the one pricing rule, billing.ts).
 */
export function errorReply(family: Family, error: DomainError, request: EnvelopeRequest, cost = 0): Reply {
  const headers = { ...errorHeaders(error), 'x-cost': String(cost) };
  if (family === 'v1') return jsonReply(presentEnvelopeError(request, error, cost), error.status, headers);
  return problemReply(error, headers);
}

export { DomainError };
