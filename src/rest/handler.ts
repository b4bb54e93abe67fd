import { DomainError, toDomainError } from '../domain/errors.js';
import { priceOf } from '../services/billing.js';
import { createRequestScope, type ServiceRuntime } from '../services/runtime.js';
import { readJsonBody } from './body.js';
import { errorResponse, familyOf, jsonResponse } from './responses.js';
import type { RestRoute } from './routes.js';
import { presentEnvelope } from './v1/envelope.js';

export type RestHandler = (request: Request) => Promise<Response | undefined>;

/**
 * Serves the REST routes: method, auth, body limit and JSON, the operation, the family's success or error
 * shape, cache and cost headers, one ledger row per authenticated call. Paths outside /v1 and /v2 are left
 * to the next handler (undefined).
 */
export function createRestHandler(runtime: ServiceRuntime, routes: readonly RestRoute[]): RestHandler {
  const byPath = new Map(routes.map((route) => [route.path, route]));

  return async (request) => {
    const url = new URL(request.url);
    const family = familyOf(url.pathname);
    if (!family) return undefined;
    const startedAt = runtime.clock.now();
    let body: unknown;
    const fail = (error: DomainError) =>
      errorResponse(family, error, { path: url.pathname, body, startedAt, now: runtime.clock.now() });

    const route = byPath.get(url.pathname);
    if (!route) return fail(new DomainError('NOT_FOUND', `no route ${url.pathname}; see /openapi.json`));
    const method = route.method ?? 'POST';
    if (request.method !== method) {
      return fail(new DomainError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url.pathname}; use ${method}`, { allow: method }));
    }
    let principal;
    try {
      principal = await runtime.authenticator.authenticate(request.headers.get('authorization'));
    } catch (error) {
      return fail(toDomainError(error));
    }
    if (!principal) {
      return fail(new DomainError('UNAUTHENTICATED', 'a valid API key is required: Authorization: Bearer <key>'));
    }

    const scope = createRequestScope(runtime, principal);
    let response: Response;
    try {
      body = method === 'GET' ? Object.fromEntries(url.searchParams) : await readJsonBody(request);
      // Clients of the envelope format post an array of tasks; exactly one task is accepted as that task.
      if (family === 'v1' && Array.isArray(body)) body = unwrapSingleTask(body);
      const presented = await route.handle(body, scope);
      const cacheStatus = scope.tracker.summary();
      const cost = route.free ? 0 : priceOf(runtime.prices, 200, cacheStatus);
      const headers: Record<string, string> = route.free ? { 'x-cost': '0' } : { 'x-cache': cacheStatus, 'x-cost': String(cost) };
      const payload =
        family === 'v1'
          ? presentEnvelope({ path: url.pathname, body, startedAt, now: runtime.clock.now() }, presented as unknown[], cost)
          : presented;
      response = jsonResponse(payload, 200, headers);
    } catch (error) {
      const domainError = toDomainError(error);
      if (domainError.code === 'INTERNAL') {
        runtime.logger.error({ err: error, operation: route.operation }, 'unexpected error in REST operation');
      }
      response = fail(domainError);
    }
    const cacheStatus = scope.tracker.summary();
    runtime.ledger.record({
      at: new Date(startedAt),
      keyId: principal.keyId,
      operation: route.operation,
      cacheStatus,
      status: response.status,
      price: route.free ? 0 : priceOf(runtime.prices, response.status, cacheStatus),
    });
    return response;
  };
}

function unwrapSingleTask(tasks: unknown[]): unknown {
  if (tasks.length === 1) return tasks[0];
  throw new DomainError('INVALID_FIELD', `the request must hold exactly one task, got ${tasks.length}`, { field: 'body' });
}
