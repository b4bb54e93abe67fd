import { DomainError, toDomainError } from '../domain/errors.js';
import { requirePrincipal, runOperation } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { readJsonBody } from './body.js';
import { csvRequestFor } from './csv/csv-request.js';
import { csvResponse } from './csv/csv-response.js';
import { errorResponse, familyOf, jsonResponse } from './responses.js';
import { locationFallbackHeaders } from './location-fallback.js';
import type { RestRoute } from './routes.js';
import { finishedTaskResult, presentEnvelope } from './v1/envelope.js';

export type RestHandler = (request: Request) => Promise<Response | undefined>;

/**
 * Serves the REST routes: method, auth, body limit and JSON, the operation, the family's success or error
 * shape, cache and cost headers, one ledger row per authenticated call. Paths outside /v1 and /v2 are left
 * to the next handler (undefined).
 */
export function createRestHandler(runtime: ServiceRuntime, routes: readonly RestRoute[]): RestHandler {
  const byPath = new Map(routes.filter((route) => !route.match).map((route) => [route.path, route]));
  const patterned = routes.filter((route) => route.match);
  // Exact paths first; then routes with parameters, preferring the one for this method (else 405 names one).
  const findRoute = (pathname: string, method: string): { route?: RestRoute; params: Record<string, string> } => {
    const exact = byPath.get(pathname);
    if (exact) return { route: exact, params: {} };
    let fallback: { route: RestRoute; params: Record<string, string> } | undefined;
    for (const route of patterned) {
      const params = route.match!(pathname);
      if (!params) continue;
      if ((route.method ?? 'POST') === method) return { route, params };
      fallback ??= { route, params };
    }
    return fallback ?? { params: {} };
  };

  return async (request) => {
    const url = new URL(request.url);
    const family = familyOf(url.pathname);
    if (!family) return undefined;
    const startedAt = runtime.clock.now();
    let body: unknown;
    const fail = (error: DomainError, cost = 0) =>
      errorResponse(family, error, { path: url.pathname, body, startedAt, now: runtime.clock.now() }, cost);

    const { route, params } = findRoute(url.pathname, request.method);
    if (!route) return fail(new DomainError('NOT_FOUND', `no route ${url.pathname}; see /openapi.json`));
    const method = route.method ?? 'POST';
    if (request.method !== method) {
      return fail(new DomainError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url.pathname}; use ${method}`, { allow: method === 'GET' ? 'GET, HEAD' : method }));
    }
    let principal;
    try {
      principal = await requirePrincipal(runtime, request.headers.get('authorization'));
    } catch (error) {
      return fail(toDomainError(error));
    }

    let csv: ReturnType<typeof csvRequestFor>;
    const outcome = await runOperation(runtime, principal, {
      face: 'REST',
      operation: route.operation,
      free: route.free,
      run: async (scope) => {
        csv = csvRequestFor(request, url); // ?format=csv or Accept: text/csv (src/rest/csv)
        body = method === 'POST' ? await readJsonBody(request) : Object.fromEntries(url.searchParams);
        // Clients of the envelope format post an array of tasks; exactly one task is accepted as that task
        // (task_post takes the array itself: its route presents its own envelope).
        if (family === 'v1' && Array.isArray(body) && route.envelope !== 'own') body = unwrapSingleTask(body);
        return route.handle(body, scope, { params, path: url.pathname, startedAt, now: () => runtime.clock.now() });
      },
    });
    if (!outcome.ok) return fail(outcome.error, outcome.cost);
    const { result: presented, cacheStatus, cost } = outcome;
    const headers: Record<string, string> = route.free ? { 'x-cost': '0' } : { 'x-cache': cacheStatus, 'x-cost': String(cost) };
    Object.assign(headers, locationFallbackHeaders(body));
    const payload =
      family === 'v1' && route.envelope !== 'own'
        ? presentEnvelope({ path: url.pathname, body, startedAt, now: runtime.clock.now() }, presented as unknown[], cost)
        : presented;
    // A finished task's CSV is its result items' table; a task still waiting answers its JSON status instead.
    const rows = route.envelope === 'own' ? finishedTaskResult(presented) : presented;
    return (csv && rows !== undefined && csvResponse(url.pathname, rows, csv, headers)) || jsonResponse(payload, 200, headers);
  };
}

function unwrapSingleTask(tasks: unknown[]): unknown {
  if (tasks.length === 1) return tasks[0];
  throw new DomainError('INVALID_FIELD', `the request must hold exactly one task, got ${tasks.length}`, { field: 'body' });
}
